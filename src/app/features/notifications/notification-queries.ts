import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/app/lib/api/api-client';
import type { components } from '@/shared/api-types';

/**
 * The bell's data: the caller's notifications from the server, newest first, with the unread count.
 * The last page seen is kept in localStorage (`notifications`, cleared on sign-out with the rest of
 * the session) so the bell opens with something on a bench that lost its network.
 */

export type BellNotification = components['schemas']['Notification'];
export type BellPage = { items: BellNotification[]; total: number; limit: number; offset: number; unread: number };

const STORAGE_KEY = 'notifications';
export const PAGE_SIZE = 20;

function readCopy(): BellPage | undefined {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : undefined;
    if (parsed && typeof parsed === 'object' && Array.isArray((parsed as BellPage).items)) return parsed as BellPage;
  } catch {
    // Unreadable or blocked storage: no offline copy.
  }
  return undefined;
}

function keepCopy(page: BellPage) {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(page));
  } catch {
    // Quota: the copy is a convenience; the server keeps the notifications.
  }
}

export const notificationQueries = {
  all: ['notifications'] as const,
  list: (limit: number) =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'list', limit] as const,
      queryFn: async (): Promise<BellPage> => {
        const answer = await unwrap(api.GET('/api/notification', { params: { query: { limit, offset: 0 } } }));
        if (limit === PAGE_SIZE) keepCopy(answer.data);
        return answer.data;
      },
      placeholderData: (previous) => previous ?? readCopy(),
      // The bell is not worth an error toast: offline it shows its copy and says so.
      meta: { handlesErrors: true },
    }),
};

function useNotificationChange<V>(change: (value: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationQueries.all }),
  });
}

export const useMarkRead = () =>
  useNotificationChange((id: number) => unwrap(api.PUT('/api/notification/{id}/read', { params: { path: { id } } })));

export const useMarkAllRead = () => useNotificationChange(() => unwrap(api.PUT('/api/notification/read-all')));

export const useRemoveNotification = () =>
  useNotificationChange((id: number) => unwrap(api.DELETE('/api/notification/{id}', { params: { path: { id } } })));

export const useClearNotifications = () => useNotificationChange(() => unwrap(api.DELETE('/api/notification')));
