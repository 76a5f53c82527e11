import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { bookingStatuses } from '@/shared/workflow/record-workflows';
import { ApiError } from '@/app/lib/api/api-error';
import type { ListSearch, Ordering } from '@/app/lib/lists/list-search';
import { listViewOf } from '@/app/lib/lists/list-view';
import { orderByOf } from '@/app/components/sortable-head';
import { emptyBookingFilters } from './booking-list-search';
import { api, unwrap } from '@/app/lib/api/api-client';
import { BOOKINGS_KEY, type BookingStatus } from './booking-queries';

// The booking list's and a booking's queries (the staff screens), apart from the sending and the
// lookups in booking-queries.ts that the public order form starts with: the list's statuses (the
// workflow rules), search and sortable headings are not its to fetch. The API
// client is imported here, not fetched with the first request as the order form's lookups do: the
// staff screens start with it anyway, and the route's loader can then ask for the list's page in the
// same turn, before the screen's first render rather than after it.

export const BOOKING_STATUSES: readonly BookingStatus[] = bookingStatuses;

export type BookingFilters = {
  status?: BookingStatus;
  bookingNumber?: string;
  applicantContactPerson?: string;
  search?: string;
  orderBy?: string;
  limit: number;
  offset: number;
};

/** The booking list's page size and first ordering (newest first). */
export const BOOKING_LIST_OPTIONS: { ordering: Ordering } = { ordering: { field: 'createdAt', direction: 'desc' } };

/**
 * What the booking list asks the server for at its route's search: the screen asks with it, and the
 * route's loader asks for the same first, beside the screen's code.
 */
export function bookingListFilters({ settled, page, ordering }: ReturnType<typeof bookingListView>): BookingFilters {
  const { status: asked, ...rest } = settled;
  const status = BOOKING_STATUSES.includes(asked as BookingStatus) ? (asked as BookingStatus) : undefined;
  return { ...rest, status, orderBy: orderByOf(ordering), ...page };
}

export const bookingListView = (search: ListSearch) => listViewOf(emptyBookingFilters, search, BOOKING_LIST_OPTIONS);

function withoutBlanks<T extends object>(filters: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== '' && value !== undefined && value !== null),
  ) as Partial<T>;
}

export const bookingQueries = {
  all: BOOKINGS_KEY,
  list: (filters: BookingFilters) =>
    queryOptions({
      queryKey: [...bookingQueries.all, 'list', withoutBlanks(filters)] as const,
      queryFn: async () => {
        const answer = await unwrap(
          api.GET('/api/bookings/find-all', { params: { query: withoutBlanks(filters) as BookingFilters } }),
        );
        return answer.data;
      },
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...bookingQueries.all, 'detail', id] as const,
      // No such booking is an answer the page states itself ("This booking does not exist"), not an
      // error to toast as well.
      queryFn: async () => {
        try {
          return (await unwrap(api.GET('/api/bookings/detail/{id}', { params: { path: { id } } }))).data;
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
    }),
};
