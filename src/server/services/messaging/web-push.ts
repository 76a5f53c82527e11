import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db, Executor } from '../../db/client.ts';
import { appSetting, notification, pushDelivery, pushSubscription } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import type { Logger } from '../../logger.ts';
import { addressLiteralOf, isLoopbackAddress, isPublicAddress } from './public-address.ts';

// Web Push (RFC 8030/8291/8292) through the `web-push` package: it signs the VAPID JWT and encrypts
// the payload (aes128gcm); the request itself is sent here, so every answer of the push service is
// seen and acted on (410/404: the browser dropped the subscription, which is deleted).
//
// An endpoint is a URL any signed-in user hands us, and the server POSTs to it: it must lead to the
// internet, never inside the laboratory's network (SSRF). It is judged when subscribing and again
// before every delivery, since a name's addresses can change, and the connection goes to the very
// addresses judged (no second look-up between the check and the connect: DNS rebinding).

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export type PushSubscriptionInput = { endpoint: string; keys: { p256dh: string; auth: string } };

/** What the service worker receives (sw/sw.ts reads these names). */
type PushPayload = {
  id: string;
  title: string;
  message: string;
  url: string;
  time: string;
  kind: string | null;
  params: Record<string, string | number>;
};

const VAPID_SETTING = 'vapid_keys';
const MAX_ATTEMPTS = 6;
const CLAIM_TIMEOUT_SECONDS = 300;
const BATCH = 50;
// A notification older than a day is no longer news on a bench; push services drop it after that.
const TTL_SECONDS = 24 * 60 * 60;

/** A name that has not answered in this time is treated as one that cannot be resolved now. */
const RESOLVE_TIMEOUT_MS = 5_000;
const SEND_TIMEOUT_MS = 15_000;

/** A host name's addresses (A and AAAA); throws when the name cannot be resolved. */
export type HostResolver = (hostname: string) => Promise<string[]>;

const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map((found) => found.address);

export type EndpointRules = {
  /** PUSH_ALLOW_HTTP_ENDPOINTS: a push service on a test bench, over plain http and on loopback. */
  testBench: boolean;
  resolve?: HostResolver;
};

export type EndpointVerdict =
  /** Send, and connect only to these addresses. */
  | { verdict: 'allowed'; addresses: string[] }
  /** The name does not resolve now (no DNS here, or a passing failure): judged again at delivery. */
  | { verdict: 'unresolved'; reason: string }
  /** `lasting`: the URL itself is refused (scheme, address literal); otherwise its name's addresses are. */
  | { verdict: 'refused'; code: 'pushEndpointNotHttps' | 'pushEndpointNotPublic'; reason: string; lasting: boolean };

// RFC 6761: every resolver must answer loopback for these, whatever a DNS server says.
const isLoopbackName = (hostname: string) => /(^|\.)localhost\.?$/i.test(hostname);

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/** Whether the server may POST to this push endpoint, and to which addresses. */
export async function judgePushEndpoint(endpoint: string, rules: EndpointRules): Promise<EndpointVerdict> {
  const notPublic = (reason: string, lasting: boolean) =>
    ({ verdict: 'refused', code: 'pushEndpointNotPublic', reason, lasting }) as const;
  if (!URL.canParse(endpoint)) return notPublic('not a URL', true);
  const url = new URL(endpoint);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && rules.testBench)) {
    return { verdict: 'refused', code: 'pushEndpointNotHttps', reason: `${url.protocol} endpoint`, lasting: true };
  }
  const allowed = (address: string) => isPublicAddress(address) || (rules.testBench && isLoopbackAddress(address));
  const literal = addressLiteralOf(url.hostname);
  if (literal !== null) {
    return allowed(literal) ? { verdict: 'allowed', addresses: [literal] } : notPublic(`address ${literal}`, true);
  }
  if (isLoopbackName(url.hostname) && !rules.testBench) return notPublic(`loopback name ${url.hostname}`, true);
  let addresses: string[];
  try {
    addresses = await withTimeout((rules.resolve ?? systemResolver)(url.hostname), RESOLVE_TIMEOUT_MS);
  } catch (error) {
    const detail = (error as { code?: string }).code ?? (error instanceof Error ? error.message : String(error));
    return { verdict: 'unresolved', reason: `${url.hostname} not resolved: ${detail}` };
  }
  if (!addresses.length) return { verdict: 'unresolved', reason: `${url.hostname} has no addresses` };
  // One inside address is enough to refuse: the connection could go to any of them.
  const inside = addresses.find((address) => !allowed(address));
  if (inside) return notPublic(`${url.hostname} resolves to ${inside}`, false);
  return { verdict: 'allowed', addresses };
}

/**
 * POSTs to the endpoint, connecting only to the addresses already judged (TLS still verifies the
 * certificate against the host name). Redirects are not followed. Answers the status.
 */
function postPinned(
  url: URL,
  addresses: string[],
  request: { headers: Record<string, string | number>; body: Buffer | null },
): Promise<number> {
  const pinned = addresses.map((address) => ({ address, family: isIP(address) }));
  const pinnedLookup = ((_hostname, options, callback) => {
    if (options.all) callback(null, pinned);
    else callback(null, pinned[0]!.address, pinned[0]!.family);
  }) as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = client.request(
      url,
      {
        method: 'POST',
        headers: request.headers,
        lookup: pinnedLookup,
        agent: false,
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(request.body ?? undefined);
  });
}

/** Seconds until the next attempt after `attempts` failures: 30 s, 2 min, 8 min, 32 min, ~2 h. */
export const retryDelaySeconds = (attempts: number) => 30 * 4 ** Math.max(0, attempts - 1);

/**
 * The VAPID key pair: from VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, otherwise generated on first
 * start and kept in the database (as the JWT key is), so every instance signs with the same pair and
 * browsers' subscriptions survive restarts.
 */
export async function loadVapidKeys(
  db: Executor,
  env: Pick<Env, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'ADMIN_EMAIL'>,
): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT ?? `mailto:${env.ADMIN_EMAIL}`;
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) {
    return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject };
  }
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(appSetting)
    .values({ key: VAPID_SETTING, value: JSON.stringify(generated) })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, VAPID_SETTING));
  if (!row) throw new Error('VAPID keys missing after insert');
  const kept = JSON.parse(row.value) as { publicKey: string; privateKey: string };
  return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
}

/** A throw-away pair for building the API document, where nothing is ever sent. */
export function unusedVapidKeys(): VapidKeys {
  return { ...webpush.generateVAPIDKeys(), subject: 'mailto:nobody@isotope.lab' };
}

/** Keeps a browser's subscription for this user; a browser that changes hands moves to the new user. */
export async function savePushSubscription(
  db: Executor,
  { userId, input }: { userId: number; input: PushSubscriptionInput },
) {
  const [row] = await db
    .insert(pushSubscription)
    .values({ userId, endpoint: input.endpoint, keys: input.keys })
    .onConflictDoUpdate({ target: pushSubscription.endpoint, set: { userId, keys: input.keys } })
    .returning({ id: pushSubscription.id, endpoint: pushSubscription.endpoint, createdAt: pushSubscription.createdAt });
  return row!;
}

/** Forgets a browser's subscription; only its owner may. Returns whether one was removed. */
export async function deletePushSubscription(db: Executor, { userId, endpoint }: { userId: number; endpoint: string }) {
  const removed = await db
    .delete(pushSubscription)
    .where(sql`${pushSubscription.endpoint} = ${endpoint} AND ${pushSubscription.userId} = ${userId}`)
    .returning({ id: pushSubscription.id });
  return removed.length > 0;
}

export type PushSender = {
  readonly publicKey: string;
  /** Sends due deliveries; safe to run from several instances at once. Returns how many were tried. */
  deliver: (db: Db) => Promise<number>;
};

export function createPushSender(
  vapid: VapidKeys,
  logger: Logger,
  rules: EndpointRules = { testBench: false },
): PushSender {
  let delivering: Promise<number> | undefined;

  async function send(row: {
    endpoint: string;
    keys: { p256dh: string; auth: string };
    payload: PushPayload;
  }): Promise<
    { outcome: 'sent' | 'gone' | 'retry'; error?: string } | { outcome: 'refused'; error: string; lasting: boolean }
  > {
    const judged = await judgePushEndpoint(row.endpoint, rules);
    if (judged.verdict === 'refused') return { outcome: 'refused', error: judged.reason, lasting: judged.lasting };
    if (judged.verdict === 'unresolved') return { outcome: 'retry', error: judged.reason };
    try {
      const request = webpush.generateRequestDetails(
        { endpoint: row.endpoint, keys: row.keys },
        JSON.stringify(row.payload),
        { vapidDetails: vapid, TTL: TTL_SECONDS, urgency: 'high' },
      );
      const status = await postPinned(new URL(request.endpoint), judged.addresses, {
        headers: request.headers as Record<string, string | number>,
        body: request.body,
      });
      if (status >= 200 && status < 300) return { outcome: 'sent' };
      if (status === 404 || status === 410) return { outcome: 'gone' };
      return { outcome: 'retry', error: `push service answered ${status}` };
    } catch (error) {
      return { outcome: 'retry', error: error instanceof Error ? error.message : String(error) };
    }
  }

  async function deliverRound(db: Db): Promise<number> {
    // Claimed atomically, so two instances never send the same delivery; a claim older than the
    // timeout belongs to an instance that died mid-send.
    const claimed = await db
      .update(pushDelivery)
      .set({ claimedAt: sql`now()`, attempts: sql`${pushDelivery.attempts} + 1` })
      .where(
        sql`${pushDelivery.id} IN (SELECT id FROM push_delivery WHERE attempts < ${MAX_ATTEMPTS}
          AND next_attempt_at <= now()
          AND (claimed_at IS NULL OR claimed_at < now() - make_interval(secs => ${CLAIM_TIMEOUT_SECONDS}))
          ORDER BY id LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)`,
      )
      .returning({ id: pushDelivery.id, attempts: pushDelivery.attempts });
    if (!claimed.length) return 0;
    const rows = await db
      .select({
        deliveryId: pushDelivery.id,
        subscriptionId: pushSubscription.id,
        endpoint: pushSubscription.endpoint,
        keys: pushSubscription.keys,
        notificationId: notification.id,
        title: notification.title,
        message: notification.message,
        link: notification.link,
        kind: notification.kind,
        params: notification.params,
        createdAt: notification.createdAt,
      })
      .from(pushDelivery)
      .innerJoin(pushSubscription, eq(pushSubscription.id, pushDelivery.subscriptionId))
      .innerJoin(notification, eq(notification.id, pushDelivery.notificationId))
      .where(
        inArray(
          pushDelivery.id,
          claimed.map((c) => c.id),
        ),
      );
    const attemptsOf = new Map(claimed.map((c) => [c.id, c.attempts]));

    for (const row of rows) {
      const attempts = attemptsOf.get(row.deliveryId) ?? 1;
      const result = await send({
        endpoint: row.endpoint,
        keys: row.keys,
        payload: {
          id: String(row.notificationId),
          title: row.title,
          message: row.message,
          url: row.link ?? '/',
          time: row.createdAt.toISOString(),
          kind: row.kind,
          params: row.params,
        },
      });
      if (result.outcome === 'sent') {
        await db.delete(pushDelivery).where(eq(pushDelivery.id, row.deliveryId));
      } else if (result.outcome === 'refused') {
        // Inside the network: dropped, never retried. A refused URL will never be reachable, so its
        // subscription goes too; a name that resolves inside now might not later, so it stays.
        logger.warn(
          { endpoint: new URL(row.endpoint).origin, reason: result.error },
          'push not sent: the endpoint is not on the internet',
        );
        if (result.lasting) await db.delete(pushSubscription).where(eq(pushSubscription.id, row.subscriptionId));
        else await db.delete(pushDelivery).where(eq(pushDelivery.id, row.deliveryId));
      } else if (result.outcome === 'gone') {
        // The browser unsubscribed or the subscription expired: it will never be reached again.
        await db.delete(pushSubscription).where(eq(pushSubscription.id, row.subscriptionId));
      } else {
        logger.warn({ endpoint: new URL(row.endpoint).origin, attempts, error: result.error }, 'push not delivered');
        await db
          .update(pushDelivery)
          .set({
            claimedAt: null,
            error: result.error ?? null,
            nextAttemptAt: sql`now() + make_interval(secs => ${retryDelaySeconds(attempts)})`,
          })
          .where(eq(pushDelivery.id, row.deliveryId));
      }
    }
    return claimed.length;
  }

  return {
    publicKey: vapid.publicKey,
    deliver(db) {
      // One round at a time per instance; a round asked for while one runs goes after it.
      const next = (delivering ?? Promise.resolve(0)).then(() => deliverRound(db));
      delivering = next.catch(() => 0);
      return next;
    },
  };
}
