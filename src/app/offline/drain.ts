/**
 * Sends the outbox to `POST /api/sync`, in order, and records each answer. The ONE algorithm, used
 * by the service worker (Background Sync, its own timer) and by the page (on start, on `online`, on
 * a timer, right after a change): only one drain runs at a time on the device, through the Web Lock
 * `outbox-drain` that windows and workers share.
 *
 * Each answer: 2xx → done (and put into the cached list); 409 → conflict (the server's message and
 * current record are kept for a person); other 4xx → failed (visible, retry or discard); no answer,
 * 429 or 5xx → stays pending and the caller backs off. Every mutation carries its outbox key as its
 * Idempotency-Key, so a batch resent after a lost answer changes nothing twice.
 */
import {
  META_KEYS,
  deleteMeta,
  guardStorage,
  isOwnedBy,
  offlineDb,
  ownerOfToken,
  readMeta,
  writeMeta,
  type OutboxEntry,
} from './db.ts';
import { SYNC_BATCH_LIMIT } from '../../shared/workflow/sync-rules.ts';
import { applyAppliedChanges } from './list-cache.ts';
import { chainSafeBatch, chainVersions } from './drain-chains.ts';
import {
  errorTextOf,
  recordAnswer,
  rejectedBatch,
  sendBatch,
  type SyncAnswer,
  type SyncConnection,
} from './drain-send.ts';

/** The server's /api/sync accepts at most this many mutations at once. */
const DRAIN_BATCH_SIZE = SYNC_BATCH_LIMIT;

export type DrainOptions = SyncConnection & {
  batchSize?: number;
  /**
   * Wait for a drain that is already running elsewhere instead of giving up with 'busy'. The
   * worker's Background Sync wants this: a 'busy' answer makes Chromium retry only minutes later.
   */
  waitForLock?: boolean;
};

export type DrainOutcome =
  | 'idle' // nothing to send
  | 'synced' // everything sendable was sent and answered
  | 'offline' // no answer from the server
  | 'server-error' // the server answered 5xx or 429: try later
  | 'waiting-for-sign-in' // the session is gone: changes wait for the user to sign in again
  | 'busy'; // another drain holds the lock

export type DrainResult = {
  outcome: DrainOutcome;
  done: number;
  failed: number;
  conflicts: number;
  /** Cached lists changed on the server by this drain: open screens refetch them. */
  lists: string[];
};

/** What the last drain found, for the header and the sync page: `sentAt` is the last time the server answered. */
export type LastDrain = { at: string; outcome: DrainOutcome; sentAt?: string };

let drainingHere = false;

function emptyResult(outcome: DrainOutcome): DrainResult {
  return { outcome, done: 0, failed: 0, conflicts: 0, lists: [] };
}

async function saveEntries(entries: OutboxEntry[]) {
  if (entries.length === 0) return;
  await guardStorage(() => offlineDb.transaction('rw', offlineDb.outbox, () => offlineDb.outbox.bulkPut(entries)));
}

/** Puts entries back to pending (unanswered), keeping why. */
async function releaseEntries(entries: OutboxEntry[], reason: string) {
  await saveEntries(entries.map((entry) => ({ ...entry, state: 'pending' as const, lastError: reason })));
}

/** Runs `drain` unless another drain holds the device-wide lock. */
async function withDrainLock(run: () => Promise<DrainResult>, waitForLock = false): Promise<DrainResult> {
  const locks = globalThis.navigator?.locks;
  if (locks) {
    if (waitForLock) return await locks.request('outbox-drain', () => run());
    return await locks.request('outbox-drain', { ifAvailable: true }, (lock) => (lock ? run() : emptyResult('busy')));
  }
  if (drainingHere) return emptyResult('busy');
  drainingHere = true;
  try {
    return await run();
  } finally {
    drainingHere = false;
  }
}

export function drainOutbox(options: DrainOptions): Promise<DrainResult> {
  return withDrainLock(() => drainLocked(options), options.waitForLock);
}

async function drainLocked(options: DrainOptions): Promise<DrainResult> {
  const { batchSize = DRAIN_BATCH_SIZE } = options;
  // Holding the lock, anything still marked 'sending' was cut off mid-flight (tab closed, worker
  // stopped): its answer is unknown, so it is sent again; its key makes that harmless.
  await offlineDb.outbox
    .where('state')
    .equals('sending')
    .modify((entry) => {
      entry.state = 'pending';
    });

  const result = emptyResult('idle');
  const lists = new Set<string>();
  let answeredAt: string | undefined;
  const finish = async (outcome: DrainOutcome) => {
    result.outcome = outcome;
    result.lists = [...lists];
    const previous = await readMeta<LastDrain>(META_KEYS.lastDrain);
    // An idle look at an empty outbox is not news (and would wake every live query each minute),
    // unless the last word was "unreachable": with nothing to send, that is no longer known.
    const wasUnreachable = previous?.outcome === 'offline' || previous?.outcome === 'server-error';
    if (outcome === 'idle' && !wasUnreachable) return result;
    const sentAt = answeredAt ?? previous?.sentAt;
    const record: LastDrain = { at: new Date().toISOString(), outcome, ...(sentAt ? { sentAt } : {}) };
    await writeMeta(META_KEYS.lastDrain, record);
    return result;
  };

  if ((await offlineDb.outbox.where('state').equals('pending').count()) === 0) return finish('idle');
  // The browser knows it has no network: nothing is marked as sending and no attempt is counted.
  if (globalThis.navigator?.onLine === false) return finish('offline');

  // Only the signed-in user's changes are sent, with their session (a bench tablet is shared), so
  // whose session this is must be known first.
  let token: string | null;
  try {
    token = (await options.auth.getAccessToken()) ?? (await options.auth.refreshAccessToken());
  } catch {
    return finish('offline');
  }
  if (!token) {
    await writeMeta(META_KEYS.waitingForSignIn, true);
    return finish('waiting-for-sign-in');
  }
  const owner = ownerOfToken(token);

  for (;;) {
    const pending = (await offlineDb.outbox.where('state').equals('pending').sortBy('seq')).filter((entry) =>
      isOwnedBy(entry, owner),
    );
    if (pending.length === 0) return finish(result.done + result.failed + result.conflicts > 0 ? 'synced' : 'idle');
    const now = new Date().toISOString();
    const batch = chainSafeBatch(pending, batchSize).map((entry) => ({
      ...entry,
      state: 'sending' as const,
      attempts: entry.attempts + 1,
      lastAttemptAt: now,
    }));
    await saveEntries(batch);

    const sent = await sendBatch(options, batch);
    // A request that failed without an answer may still have reached the server (the answer can be
    // lost on the way back), so it counts as an attempt; one never made (browser offline) does not.
    if (sent.kind === 'offline') {
      await releaseEntries(batch, 'Waiting for the network');
      return finish('offline');
    }
    if (sent.kind === 'signed-out') {
      await releaseEntries(batch, 'Waiting for sign-in');
      await writeMeta(META_KEYS.waitingForSignIn, true);
      return finish('waiting-for-sign-in');
    }
    answeredAt = new Date().toISOString();
    await deleteMeta(META_KEYS.waitingForSignIn);
    const { response, body } = sent;

    if (response.status >= 500 || response.status === 429) {
      await releaseEntries(batch, errorTextOf(body));
      return finish('server-error');
    }
    if (!response.ok) {
      await saveEntries(rejectedBatch(batch, body));
      result.failed += 1;
      continue;
    }

    const answers = new Map(
      ((body as { data?: { results?: SyncAnswer[] } } | undefined)?.data?.results ?? []).map((a) => [a.key, a]),
    );
    const answered: OutboxEntry[] = [];
    let mustWait = false;
    for (const entry of batch) {
      const answer = answers.get(entry.id);
      const recorded = recordAnswer(entry, answer);
      answered.push(recorded);
      if (recorded.state === 'done') {
        result.done += 1;
        if (entry.entity?.list) lists.add(entry.entity.list);
      } else if (recorded.state === 'conflict') result.conflicts += 1;
      else if (recorded.state === 'failed') result.failed += 1;
      else mustWait = true;
    }
    await saveEntries(answered);
    await chainVersions(answered);
    // A full disk must not undo the record that the server applied the change (saved above).
    await applyAppliedChanges(answered.filter((entry) => entry.state === 'done')).catch(() => undefined);
    if (mustWait) return finish('server-error');
  }
}
