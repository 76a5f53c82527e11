import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import type { BookingInput, QuickFillLookup } from '@/shared/schemas/booking';

export type BookingDetail = components['schemas']['BookingDetail'];
export type BookingStatus = components['schemas']['BookingStatus'];
export type BookingAttachment = components['schemas']['BookingAttachment'];

/**
 * The API client, fetched with the first request: the public order form starts without it, and
 * every request here waits for the network anyway.
 */
export const apiClient = () => import('@/app/lib/api/api-client');

/**
 * Every booking query's key starts with this (booking-list-queries.ts): a send, a confirmation or a
 * cancellation makes them all stale. The booking list's and a booking's queries live apart, with the
 * list's statuses, search and ordering, which the public order form does not start with.
 */
export const BOOKINGS_KEY = ['bookings'] as const;

/** Where a booking goes: the public form for applicants, the staff endpoint for staff (createdBy set). */
export type BookingChannel = 'public' | 'staff';

/**
 * Sends a booking with the caller's Idempotency-Key: one key per submission attempt, so a double
 * click or a retry of the same submission never makes two bookings.
 */
async function sendBooking(channel: BookingChannel, input: BookingInput, idempotencyKey: string) {
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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
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
    // Confirming is the client-side lab's check-in of the booking.
    mutationFn: async (id: number) => {
      const { api, unwrap } = await apiClient();
      return unwrap(api.PUT('/api/cs-lab/check-in', { params: { query: { id } } }));
    },
    meta: { handlesErrors: true },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, cancelReason }: { id: number; cancelReason: string }) => {
      const { api, unwrap } = await apiClient();
      return unwrap(api.PUT('/api/bookings/cancel', { params: { query: { id } }, body: { cancelReason } }));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: BOOKINGS_KEY }),
  });
}
