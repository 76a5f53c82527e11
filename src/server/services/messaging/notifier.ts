import type { Db, Executor } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../logger.ts';
import { latestNotificationId, notificationsWrittenAfter, type NotificationView } from './notifications.ts';
import { createPushSender, loadVapidKeys, type PushSender } from './web-push.ts';

/**
 * Carries notifications out after their transaction commits: it wakes this instance's open streams
 * (GET /api/notification/stream) and sends the queued Web Push deliveries. The app wakes it after
 * every successful change; a timer (main.ts) also ticks it, which picks up what other instances
 * wrote and retries pushes that are due.
 */
export type Notifier = {
  readonly push: PushSender;
  /**
   * A stream's listener, called with the notifications written since the last call, oldest first
   * (addressed to anyone: each stream keeps its reader's). Read once per wake for all streams.
   */
  subscribe: (listener: NotificationListener) => () => void;
  /** After a commit that may have written notifications. */
  wake: (db: Db) => Promise<void>;
  /** The timer's round: wake, and send pushes whose retry is due. */
  tick: (db: Db) => Promise<void>;
};

type NotificationListener = (written: NotificationView[]) => void;

/** `startAfter`: the newest notification id when the instance starts; older ones concern no stream. */
export function createNotifier(push: PushSender, logger: Logger, startAfter = 0): Notifier {
  const listeners = new Set<NotificationListener>();
  let lastSeen = startAfter;
  let running: Promise<void> | undefined;
  let again = false;

  const sendPushes = (db: Db) => {
    push.deliver(db).catch((err: unknown) => logger.warn({ err }, 'push delivery failed'));
  };

  async function check(db: Db) {
    // A long burst is read in pages, so no stream misses any of it.
    for (;;) {
      const written = await notificationsWrittenAfter(db, lastSeen);
      if (written.length === 0) return;
      lastSeen = written[written.length - 1]!.id;
      for (const listener of listeners) listener(written);
      sendPushes(db);
    }
  }

  function wake(db: Db): Promise<void> {
    // Coalesced: a burst of changes costs one look-up in flight and one after it.
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await check(db);
      } while (again);
    })()
      .catch((err: unknown) => logger.warn({ err }, 'notification check failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  return {
    push,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    wake,
    async tick(db) {
      await wake(db);
      sendPushes(db);
    },
  };
}

/** The notifier with its push sender, signing with the configured or kept VAPID keys. */
export async function startNotifier(db: Executor, env: Env, logger: Logger): Promise<Notifier> {
  const push = createPushSender(await loadVapidKeys(db, env), logger, { testBench: env.PUSH_ALLOW_HTTP_ENDPOINTS });
  return createNotifier(push, logger, await latestNotificationId(db));
}
