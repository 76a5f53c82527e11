import type { TFunction } from 'i18next';
import { NOTIFICATION_KINDS, type NotificationKind } from '@/shared/workflow/notification-kinds';

type Words = { title: string; message: string; kind?: string | null; params?: Record<string, string | number> };

const isKind = (kind: unknown): kind is NotificationKind =>
  typeof kind === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(kind);

/** A notification in the reader's language: its kind's words, or the server's English for an unknown kind. */
export function notificationWords(n: Words, t: TFunction<'notifications'>): { title: string; message: string } {
  if (!isKind(n.kind)) return { title: n.title, message: n.message };
  const params = n.params ?? {};
  return {
    title: t(`kinds.${n.kind}.title`, params),
    message: t(`kinds.${n.kind}.message`, params),
  };
}
