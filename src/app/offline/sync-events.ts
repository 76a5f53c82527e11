/**
 * Page-side news from the offline layer, whichever context did the work (this tab's runner or the
 * service worker, relayed by runner.ts): `synced` after a drain changed something on the server
 * (detail: SyncedDetail), `storage-full` when the device refused to store (detail: the message).
 */
import type { DrainResult } from './drain.ts';

export type SyncedDetail = Pick<DrainResult, 'done' | 'failed' | 'conflicts' | 'lists'>;

export const syncEvents = new EventTarget();

export function announceSynced(detail: SyncedDetail) {
  syncEvents.dispatchEvent(new CustomEvent<SyncedDetail>('synced', { detail }));
}

/** Messages the service worker posts to open pages. */
export type WorkerMessage =
  | ({ type: 'OUTBOX_SYNCED' } & SyncedDetail)
  | { type: 'SESSION_REFRESHED'; accessToken: string; refreshToken: string; login?: unknown }
  | {
      type: 'NEW_NOTIFICATION';
      title: string;
      message: string;
      time: string;
      id?: string;
      url?: string;
      kind?: string | null;
      params?: Record<string, string | number>;
    };

/** Messages pages post to the service worker. */
export type PageMessage = { type: 'SKIP_WAITING' } | { type: 'DRAIN_OUTBOX' };

export const OUTBOX_SYNC_TAG = 'outbox-sync';
