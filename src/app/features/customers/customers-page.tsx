import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListCards, useListAsCards } from '@/app/components/list-cards';
import { ListPager } from '@/app/components/list-pager';
import { orderByOf, SortableHead } from '@/app/components/sortable-head';
import type { Ordering } from '@/app/lib/lists/list-search';
import { TableStatusRow } from '@/app/components/table-status-row';
import { Card, CardContent } from '@/app/components/ui/card';
import { Input } from '@/app/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { useDebouncedValue } from '@/app/lib/lists/use-debounced-value';
import { PageFrame } from '@/app/components/page/page-frame';
import { CustomerLinks } from './customer-links';
import { customerCard } from './customer-card';
import { customerQueries } from './customer-queries';
import { formatDisplayDate } from '@/app/components/ui/display-date';

/** Customers List (/customers): the companies that have booked, with their latest contact details. */
export function CustomersPage() {
  const { t, i18n } = useTranslation('customers');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState({ limit: 20, offset: 0 });
  const [ordering, setOrdering] = useState<Ordering>({ field: 'lastBookingAt', direction: 'desc' });
  const debouncedSearch = useDebouncedValue(search);
  const customers = useQuery(customerQueries.list({ search: debouncedSearch, orderBy: orderByOf(ordering), ...page }));
  const items = customers.data?.items ?? [];
  const asCards = useListAsCards();
  const order = (next: Ordering) => {
    setOrdering(next);
    setPage((current) => ({ ...current, offset: 0 }));
  };

  return (
    <PageFrame title={t('title')}>
      <Card>
        <CardContent className="grid gap-4">
          <Input
            type="search"
            className="sm:max-w-sm"
            aria-label={t('search')}
            placeholder={t('search')}
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage((current) => ({ ...current, offset: 0 }));
            }}
          />
          {asCards ? (
            <ListCards
              label={t('title')}
              items={items}
              isLoading={customers.isPending}
              error={customers.error}
              card={(customer) => customerCard(customer, t, i18n.language)}
            />
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <SortableHead field="company" label={t('company')} ordering={ordering} onOrder={order} />
                  <TableHead>{t('contactPerson')}</TableHead>
                  <TableHead className="hidden 2xl:table-cell">{t('email')}</TableHead>
                  <TableHead className="hidden 2xl:table-cell">{t('telephone')}</TableHead>
                  <TableHead className="hidden lg:table-cell">{t('cityStateCountry')}</TableHead>
                  <SortableHead field="bookingCount" label={t('bookingCount')} ordering={ordering} onOrder={order} />
                  <SortableHead field="lastBookingAt" label={t('lastBooking')} ordering={ordering} onOrder={order} />
                </TableRow>
              </TableHeader>
              <TableBody>
                {items.length === 0 ? (
                  <TableStatusRow columns={7} isLoading={customers.isPending} error={customers.error} />
                ) : (
                  items.map((customer) => (
                    <TableRow key={`${customer.company}-${customer.email}`}>
                      <TableCell className="min-w-40 font-medium whitespace-normal">
                        <CustomerLinks customer={customer} />
                      </TableCell>
                      <TableCell className="min-w-40 whitespace-normal">
                        {customer.contactPerson}
                        {/* Narrower than a wide desktop, e-mail and phone stand under the name. */}
                        <div className="text-xs break-all text-muted-foreground 2xl:hidden">{customer.email}</div>
                        <div className="text-xs text-muted-foreground 2xl:hidden">{customer.telephone}</div>
                      </TableCell>
                      <TableCell className="hidden 2xl:table-cell">{customer.email}</TableCell>
                      <TableCell className="hidden 2xl:table-cell">{customer.telephone}</TableCell>
                      <TableCell className="hidden whitespace-normal lg:table-cell">
                        {customer.cityStateCountry}
                      </TableCell>
                      <TableCell className="tabular-nums">{customer.bookingCount}</TableCell>
                      <TableCell>{formatDisplayDate(customer.lastBookingAt, i18n.language)}</TableCell>
                    </TableRow>
                  ))
                )}
              </TableBody>
            </Table>
          )}
          <ListPager total={customers.data?.total ?? 0} limit={page.limit} offset={page.offset} onChange={setPage} />
        </CardContent>
      </Card>
    </PageFrame>
  );
}
