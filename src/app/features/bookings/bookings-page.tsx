import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { PlusIcon, UsersIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { FilterInput } from '@/app/components/filter-input';
import { ListCards, OPENS_CARD, useListAsCards } from '@/app/components/list-cards';
import { ListPager } from '@/app/components/list-pager';
import { FilterSelect } from '@/app/components/option-select';
import { SortableHead } from '@/app/components/sortable-head';
import { TableStatusRow } from '@/app/components/table-status-row';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { useListSearch } from '@/app/lib/lists/list-view';
import { usePermissions } from '@/app/lib/session/use-session';
import { PageFrame } from '@/app/components/page/page-frame';
import { BOOKING_LIST_OPTIONS, BOOKING_STATUSES, bookingListFilters, bookingQueries } from './booking-list-queries';
import { emptyBookingFilters } from './booking-list-search';
import { RushBadge } from '@/app/components/rush-badge';
import { BookingStatusBadge } from './booking-status-badge';

/** The list's columns, in order: those with a field order the list by it when clicked. */
const BOOKING_COLUMNS: readonly { field?: string; label: string; className?: string }[] = [
  { field: 'bookingNumber', label: 'list.orderNumber' },
  { field: 'applicantContactPerson', label: 'list.applicant', className: 'hidden sm:table-cell' },
  { label: 'list.registration', className: 'hidden xl:table-cell' },
  { field: 'samplePreparedDate', label: 'list.preparedDate', className: 'hidden md:table-cell' },
  { field: 'status', label: 'list.status' },
  { field: 'createdAt', label: 'list.createdAt', className: 'hidden lg:table-cell' },
];

/** Client Requests (/bookings): the booking list with its filters, ordering and paging. */
export function BookingsPage() {
  const { t, i18n } = useTranslation('bookings');
  const navigate = useNavigate();
  const held = usePermissions();
  // Filters, page and ordering in the address: a filtered list survives a reload and Back.
  const view = useListSearch(emptyBookingFilters, BOOKING_LIST_OPTIONS);
  const { filters: text, setFilter, page, setPage, ordering, setOrdering: order } = view;
  const bookings = useQuery(bookingQueries.list(bookingListFilters(view)));
  const items = bookings.data?.items ?? [];
  const canCreate = hasAnyPermission(held, ['CanCreateBooking']);
  const canOpen = hasAnyPermission(held, ['CanViewDetailBooking']);
  const asCards = useListAsCards();

  return (
    <PageFrame
      title={t('list.title')}
      actions={
        <>
          <Button variant="outline" asChild>
            <Link to="/customers">
              <UsersIcon />
              {t('layout:pages.customers')}
            </Link>
          </Button>
          {canCreate && (
            <Button asChild>
              <Link to="/bookings/create-booking">
                <PlusIcon />
                {t('list.create')}
              </Link>
            </Button>
          )}
        </>
      }
    >
      <Card>
        <CardContent className="grid gap-4">
          <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
            <FilterSelect
              label={t('list.filterStatus')}
              anyLabel={t('list.allStatuses')}
              value={text.status}
              onValueChange={(value) => setFilter('status', value)}
              options={BOOKING_STATUSES.map((value) => ({ value, label: t(`status.${value}`) }))}
            />
            <FilterInput
              label={t('list.filterBookingNumber')}
              value={text.bookingNumber}
              onChange={(value) => setFilter('bookingNumber', value)}
            />
            <FilterInput
              label={t('list.filterContactPerson')}
              value={text.applicantContactPerson}
              onChange={(value) => setFilter('applicantContactPerson', value)}
            />
            <FilterInput
              type="search"
              label={t('list.search')}
              value={text.search}
              onChange={(value) => setFilter('search', value)}
            />
          </div>
          {asCards ? (
            <ListCards
              label={t('list.title')}
              items={items}
              isLoading={bookings.isPending}
              error={bookings.error}
              card={(booking) => ({
                key: booking.id,
                title: canOpen ? (
                  <Link
                    to="/bookings/$id"
                    params={{ id: String(booking.id) }}
                    className={`font-mono text-primary hover:underline ${OPENS_CARD}`}
                    aria-label={t('list.open', { number: booking.bookingNumber })}
                  >
                    {booking.bookingNumber}
                  </Link>
                ) : (
                  <span className="font-mono">{booking.bookingNumber}</span>
                ),
                badge: (
                  <span className="flex flex-wrap justify-end gap-1">
                    <RushBadge rush={booking.rushService} />
                    <BookingStatusBadge status={booking.status} />
                  </span>
                ),
                fields: [
                  {
                    label: t('list.applicant'),
                    value: `${booking.applicantContactPerson} · ${booking.applicantCompany}`,
                  },
                  {
                    label: t('list.preparedDate'),
                    value: formatDisplayDate(booking.samplePreparedDate, i18n.language),
                  },
                  { label: t('list.createdAt'), value: formatDisplayDate(booking.createdAt, i18n.language) },
                ],
              })}
            />
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  {BOOKING_COLUMNS.map(({ field, label, className }) =>
                    field ? (
                      <SortableHead
                        key={field}
                        field={field}
                        label={t(label)}
                        ordering={ordering}
                        onOrder={order}
                        className={className}
                      />
                    ) : (
                      <TableHead key={label} className={className}>
                        {t(label)}
                      </TableHead>
                    ),
                  )}
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.length === 0 ? (
                  <TableStatusRow
                    columns={BOOKING_COLUMNS.length}
                    isLoading={bookings.isPending}
                    error={bookings.error}
                  />
                ) : (
                  items.map((booking) => (
                    <TableRow
                      key={booking.id}
                      className={canOpen ? 'cursor-pointer' : undefined}
                      onClick={() =>
                        canOpen && void navigate({ to: '/bookings/$id', params: { id: String(booking.id) } })
                      }
                    >
                      <TableCell className="font-mono font-medium">
                        {canOpen ? (
                          <Link
                            to="/bookings/$id"
                            params={{ id: String(booking.id) }}
                            className="text-primary hover:underline"
                            aria-label={t('list.open', { number: booking.bookingNumber })}
                            onClick={(e) => e.stopPropagation()}
                          >
                            {booking.bookingNumber}
                          </Link>
                        ) : (
                          booking.bookingNumber
                        )}
                        <RushBadge rush={booking.rushService} />
                      </TableCell>
                      <TableCell className="hidden min-w-40 whitespace-normal sm:table-cell">
                        <div className="font-medium">{booking.applicantContactPerson}</div>
                        <div className="text-xs text-muted-foreground">{booking.applicantCompany}</div>
                      </TableCell>
                      <TableCell className="hidden xl:table-cell">
                        {booking.registration ? t('list.yes') : t('list.no')}
                      </TableCell>
                      <TableCell className="hidden md:table-cell">
                        {formatDisplayDate(booking.samplePreparedDate, i18n.language)}
                      </TableCell>
                      <TableCell>
                        <BookingStatusBadge status={booking.status} />
                      </TableCell>
                      <TableCell className="hidden text-muted-foreground lg:table-cell">
                        {formatDisplayDate(booking.createdAt, i18n.language)}
                      </TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          )}
          <ListPager total={bookings.data?.total ?? 0} limit={page.limit} offset={page.offset} onChange={setPage} />
        </CardContent>
      </Card>
    </PageFrame>
  );
}
