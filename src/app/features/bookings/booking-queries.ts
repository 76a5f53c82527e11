import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import type { BookingInput, QuickFillLookup } from '@/shared/schemas/booking';
import { bookingStatuses } from '@/shared/record-workflows';
import { ApiError } from '@/app/lib/api-error';
import { listViewOf, type ListSearch } from '@/app/lib/list-search';
import { orderByOf, type Ordering } from '@/app/components/sortable-head';
import { emptyBookingFilters } from './booking-list-search';

export type BookingListItem = components['schemas']['BookingListItem'];
export type BookingDetail = components['schemas']['BookingDetail'];
export type BookingStatus = components['schemas']['BookingStatus'];
export type BookingAttachment = components['schemas']['BookingAttachment'];

/**
 * The API client, fetched with the first request: the public order form starts without it, and
 * every request here waits for the network anyway (README "Performance").
 */
const apiClient = () => import('@/app/lib/api-client');

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
 * route's loader asks for the same first, beside the screen's code (README "Performance").
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
  all: ['bookings'] as const,
  list: (filters: BookingFilters) =>
    queryOptions({
      queryKey: [...bookingQueries.all, 'list', withoutBlanks(filters)] as const,
      queryFn: async () => {
        const { api, unwrap } = await apiClient();
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
        const { api, unwrap } = await apiClient();
        try {
          return (await unwrap(api.GET('/api/bookings/detail/{id}', { params: { path: { id } } }))).data;
        } catch (error) {
          if (error instanceof ApiError && error.status === 404) return null;
          throw error;
        }
      },
    }),
};

/** Where a booking goes: the public form for applicants, the staff endpoint for staff (createdBy set). */
export type BookingChannel = 'public' | 'staff';

/**
 * Sends a booking with the caller's Idempotency-Key: one key per submission attempt, so a double
 * click or a retry of the same submission never makes two bookings.
 */
export async function sendBooking(channel: BookingChannel, input: BookingInput, idempotencyKey: string) {
  const path = channel === 'public' ? '/api/sample-submit-form' : '/api/bookings/create';
  const { api, unwrap } = await apiClient();
  return unwrap(api.POST(path, { body: input as never, headers: { 'Idempotency-Key': idempotencyKey } }));
}

export type BookingCreated = Awaited<ReturnType<typeof sendBooking>>;

export function useSendBooking(channel: BookingChannel) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: BookingInput; idempotencyKey: string }) =>
      sendBooking(channel, input, idempotencyKey),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingQueries.all }),
  });
}

/** Quick data entry: the company data a returning applicant's code unlocks. */
export function useQuickFill() {
  return useMutation({
    mutationFn: async (lookup: QuickFillLookup) => {
      const { api, unwrap } = await apiClient();
      return unwrap(api.GET('/api/sample-submit-form', { params: { query: lookup } }));
    },
    meta: { handlesErrors: true },
  });
}

/** Public attachments (images and PDFs): stored at once, referenced by id when the form is sent. */
export function useUploadAttachments() {
  return useMutation({
    // One file per request: the public upload takes at most one file's worth of bytes at a time.
    mutationFn: async (files: File[]) => {
      const { api, unwrap } = await apiClient();
      const answers = [];
      for (const file of files) {
        answers.push(
          await unwrap(
            api.POST('/api/sample-submit-form/attachments', {
              body: { files: [file] } as never,
              bodySerializer: () => {
                const form = new FormData();
                form.append('files', file);
                return form;
              },
            }),
          ),
        );
      }
      return { ...answers[answers.length - 1]!, data: answers.flatMap((answer) => answer.data) };
    },
  });
}

export function useConfirmBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    // Confirming is the client-side lab's check-in of the booking (spec 4, 7).
    mutationFn: async (id: number) => {
      const { api, unwrap } = await apiClient();
      return unwrap(api.PUT('/api/cs-lab/check-in', { params: { query: { id } } }));
    },
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingQueries.all }),
  });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, cancelReason }: { id: number; cancelReason: string }) => {
      const { api, unwrap } = await apiClient();
      return unwrap(api.PUT('/api/bookings/cancel', { params: { query: { id } }, body: { cancelReason } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: bookingQueries.all }),
  });
}
