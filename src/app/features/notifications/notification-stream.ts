import { createParser } from 'eventsource-parser';
import { sendInSession } from '@/app/lib/session/authorised-request';
import { pageSession } from '@/app/lib/session/session';
import type { BellNotification } from './notification-queries';

/**
 * Listens to GET /api/notification/stream while the app is open, so the bell moves within seconds
 * with no push service and without polling lists. Read with fetch, because EventSource cannot send
 * the bearer token. Reconnects on its own: at once when the server ends the stream (it does when the
 * access token would expire), after a growing pause when the network fails (1 s doubling to 30 s),
 * at once when the browser comes back online; resumes from the last event id it saw.
 */

export type StreamHandlers = {
  onReady: (unread: number) => void;
  onNotification: (notification: BellNotification) => void;
};

const RETRY_START_MS = 1_000;
const RETRY_MAX_MS = 30_000;
const ENDED_PAUSE_MS = 500;

export function retryDelay(failures: number): number {
  return failures === 0 ? 0 : Math.min(RETRY_MAX_MS, RETRY_START_MS * 2 ** (failures - 1));
}

export function openNotificationStream(
  handlers: StreamHandlers,
  options: { fetch?: typeof fetch; url?: string } = {},
): () => void {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init));
  const url = options.url ?? '/api/notification/stream';
  let stopped = false;
  let connection: AbortController | undefined;
  let wakeUp: (() => void) | undefined;
  let lastEventId: string | undefined;
  let failures = 0;

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wakeUp = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  const onOnline = () => wakeUp?.();
  globalThis.addEventListener?.('online', onOnline);

  /** 'no-session': signed out, offline with an expired token, or refused even after a renewal. */
  async function listen(): Promise<'ended' | 'no-session'> {
    connection = new AbortController();
    const { signal } = connection;
    const response = await sendInSession((authorisation) => {
      const headers: Record<string, string> = { ...authorisation, accept: 'text/event-stream' };
      if (lastEventId) headers['last-event-id'] = lastEventId;
      return doFetch(url, { headers, signal, cache: 'no-store' });
    }, pageSession);
    if (!response || response.status === 401) return 'no-session';
    if (!response.ok || !response.body) throw new Error(`notification stream answered ${response.status}`);
    failures = 0;
    const parser = createParser({
      onEvent(event) {
        if (event.id) lastEventId = event.id;
        if (event.event === 'ready') handlers.onReady((JSON.parse(event.data) as { unread: number }).unread);
        else if (event.event === 'notification') handlers.onNotification(JSON.parse(event.data) as BellNotification);
      },
    });
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return 'ended';
      parser.feed(value);
    }
  }

  void (async () => {
    while (!stopped) {
      let wait = 0;
      try {
        // No session counts as a failure: try later.
        if ((await listen()) === 'no-session') failures += 1;
        // A stream the server ended is reopened at once, but never in a tight loop.
        else wait = ENDED_PAUSE_MS;
      } catch {
        failures += 1;
      }
      if (!stopped) await pause(Math.max(wait, retryDelay(failures)));
    }
  })();

  return () => {
    stopped = true;
    globalThis.removeEventListener?.('online', onOnline);
    connection?.abort();
    wakeUp?.();
  };
}
