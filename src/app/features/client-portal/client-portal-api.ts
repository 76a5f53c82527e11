import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import { api, unwrap } from '@/app/lib/api/api-client';

// The client's side (docs/client-portal.md): the session cookie is HttpOnly, so nothing here holds
// a token; a 401 means "not signed in" and is shown by the page, never as the staff sign-out.

export type ClientBooking = components['schemas']['ClientBooking'];

const clientPortalQueries = {
  all: ['client-portal'] as const,
  bookings: () => ['client-portal', 'bookings'] as const,
};

export function useClientBookings(enabled: boolean) {
  return useQuery({
    queryKey: clientPortalQueries.bookings(),
    enabled,
    retry: false,
    staleTime: 0,
    meta: { handlesErrors: true },
    queryFn: async () => (await unwrap(api.GET('/api/client/bookings'))).data,
  });
}

export function useRequestClientLink() {
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: async (body: { email: string; lang: 'en' | 'vi' }) =>
      unwrap(api.POST('/api/client/sign-in-links', { body })),
  });
}

export function useOpenClientSession() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: async (token: string) => (await unwrap(api.POST('/api/client/session', { body: { token } }))).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientPortalQueries.all }),
  });
}

export function useEndClientSession() {
  const queryClient = useQueryClient();
  return useMutation({
    meta: { handlesErrors: true },
    mutationFn: async () => unwrap(api.DELETE('/api/client/session')),
    onSettled: () => queryClient.resetQueries({ queryKey: clientPortalQueries.all }),
  });
}

/** The actions on one booking; each refreshes the list when done. */
export function useClientBookingActions(id: number) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: clientPortalQueries.all });
  const path = { params: { path: { id } } };
  return {
    cancel: useMutation({
      meta: { handlesErrors: true },
      mutationFn: async (cancelReason: string) =>
        unwrap(api.POST('/api/client/bookings/{id}/cancel', { ...path, body: { cancelReason } })),
      onSuccess: refresh,
    }),
    note: useMutation({
      meta: { handlesErrors: true },
      mutationFn: async (text: string) =>
        unwrap(api.POST('/api/client/bookings/{id}/notes', { ...path, body: { text } })),
      onSuccess: refresh,
    }),
    /** Each file through the order form's public upload (one per request), then given to the booking. */
    attach: useMutation({
      meta: { handlesErrors: true },
      mutationFn: async (files: File[]) => {
        const ids: string[] = [];
        for (const file of files) {
          const stored = await unwrap(
            api.POST('/api/sample-submit-form/attachments', {
              body: { files: [file] } as never,
              bodySerializer: () => {
                const form = new FormData();
                form.append('files', file);
                return form;
              },
            }),
          );
          ids.push(...stored.data.map((f) => f.id));
        }
        return unwrap(api.POST('/api/client/bookings/{id}/attachments', { ...path, body: { attachmentFileIds: ids } }));
      },
      onSuccess: refresh,
    }),
    mails: useMutation({
      meta: { handlesErrors: true },
      mutationFn: async (mailsOff: boolean) =>
        unwrap(api.PUT('/api/client/bookings/{id}/mails', { ...path, body: { mailsOff } })),
      onSuccess: refresh,
    }),
  };
}

export async function fetchClientPrefill() {
  return (await unwrap(api.GET('/api/client/prefill'))).data;
}

export const clientCertificateFileUrl = (token: string) => `/api/client/certificates/${encodeURIComponent(token)}/file`;
