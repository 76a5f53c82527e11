import { eq, sql } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appUser, pushDelivery, pushSubscription } from '../../../src/server/db/schema.ts';
import { loadVapidKeys, retryDelaySeconds } from '../../../src/server/services/messaging/web-push.ts';
import { browserKeys, readVapid, startPushService } from '../support/push-service.ts';
import { CHECK_IN, SAMPLE_FORM } from '../support/sample-journey.ts';
import { ADMIN, testEnv, useTestApp } from '../support/test-app.ts';

// The push service here is a local HTTP server; the settings allow its plain-http endpoint.
const t = useTestApp({ PUSH_ALLOW_HTTP_ENDPOINTS: 'true' });
let push: Awaited<ReturnType<typeof startPushService>>;

beforeAll(async () => {
  push = await startPushService();
});
afterAll(async () => {
  await push.close();
});

async function subscribe(token: string, path: string) {
  const browser = browserKeys();
  const res = await t.request('POST', '/api/push-subscription', {
    token,
    body: { endpoint: push.url(path), expirationTime: null, keys: browser.keys },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return browser;
}

/** Waits for the delivery round the request started, and any after it. */
const deliveriesSettled = () => t.notifier.push.deliver(t.database.db);

const deliveries = () => t.database.db.select().from(pushDelivery);

describe('[WEB PUSH] delivery to a subscribed browser', () => {
  it('sends the notification encrypted for the browser (RFC 8291) and signed with the VAPID key', async () => {
    const tester = await t.userWith(['CanCheckInSampleEntryTester']);
    const cs = await t.userWith([
      'CanCreateSampleEntryCs',
      'CanCheckInSampleEntryCs',
      'CanTransferSampleEntryToTester',
    ]);
    const browser = await subscribe(tester.token, '/push/tester-tablet');
    const publicKey = (await t.request('GET', '/api/push-subscription/public-key', { token: tester.token })).body.data
      .publicKey as string;

    const created = await t.request('POST', '/api/cs-lab/create', { token: cs.token, body: SAMPLE_FORM });
    const id = created.body.data.id;
    await t.request('PUT', `/api/cs-lab/check-in?id=${id}&entry=sample`, { token: cs.token, body: CHECK_IN });
    const arriving = push.nextRequest();
    await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${id}`, { token: cs.token });
    const request = await arriving;

    expect(request.path).toBe('/push/tester-tablet');
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    const vapid = readVapid(String(request.headers.authorization));
    expect(vapid.valid).toBe(true);
    expect(vapid.publicKey).toBe(publicKey);
    expect(vapid.header.alg).toBe('ES256');
    expect(vapid.claims).toMatchObject({ aud: new URL(push.url('/')).origin, sub: `mailto:${ADMIN.email}` });

    const payload = JSON.parse(browser.decrypt(request.body));
    const [note] = (await t.request('GET', '/api/notification', { token: tester.token })).body.data.items;
    expect(payload).toEqual({
      id: String(note.id),
      title: 'New sample to check in',
      message: `Sample ${created.body.data.idflNumber} was sent to the tester lab.`,
      url: `/testers/${id}`,
      time: note.createdAt,
      kind: 'sampleSentToTester',
      params: { idflNumber: created.body.data.idflNumber },
    });
    // Another browser cannot read it.
    expect(() => browserKeys().decrypt(request.body)).toThrow();

    await deliveriesSettled();
    expect(await deliveries()).toEqual([]);
  });

  it('reaches only subscribed, active holders of the permission, and the ping reaches the caller', async () => {
    const subscribed = await t.userWith(['CanCheckInThirdLab'], 'lab-one');
    const unsubscribed = await t.userWith(['CanCheckInThirdLab'], 'lab-two');
    const deactivated = await t.userWith(['CanCheckInThirdLab'], 'lab-three');
    await subscribe(subscribed.token, '/push/lab-one');
    await subscribe(deactivated.token, '/push/lab-three');
    await t.database.db.update(appUser).set({ active: false }).where(eq(appUser.id, deactivated.id));
    expect(unsubscribed.id).toBeGreaterThan(0);

    const arriving = push.nextRequest();
    const ping = await t.request('GET', '/api/notification/ping/are%20you%20there', { token: subscribed.token });
    expect(ping.status).toBe(200);
    expect((await arriving).path).toBe('/push/lab-one');
    await deliveriesSettled();
    expect(push.received.filter((r) => r.path === '/push/lab-three')).toEqual([]);
  });

  it('retries a failed delivery with backoff, and forgets a subscription the push service says is gone', async () => {
    const user = await t.userWith([]);
    await subscribe(user.token, '/push/flaky');
    push.answerNext(503);
    const failing = push.nextRequest();
    await t.request('POST', '/api/notification/ping', { token: user.token });
    await failing;
    await deliveriesSettled();
    const [waiting] = await deliveries();
    expect(waiting).toMatchObject({ attempts: 1, claimedAt: null, error: 'push service answered 503' });
    const delay = (waiting!.nextAttemptAt.getTime() - Date.now()) / 1000;
    expect(delay).toBeGreaterThan(retryDelaySeconds(1) - 5);
    expect(retryDelaySeconds(2)).toBe(4 * retryDelaySeconds(1));

    // Not due yet: nothing is sent.
    expect(await t.notifier.push.deliver(t.database.db)).toBe(0);
    await t.database.db.update(pushDelivery).set({ nextAttemptAt: sql`now()` });
    const retried = push.nextRequest();
    expect(await t.notifier.push.deliver(t.database.db)).toBe(1);
    await retried;
    expect(await deliveries()).toEqual([]);

    push.answerNext(410);
    const gone = push.nextRequest();
    await t.request('POST', '/api/notification/ping/last', { token: user.token });
    await gone;
    await deliveriesSettled();
    expect(await t.database.db.select().from(pushSubscription)).toEqual([]);
    expect(await deliveries()).toEqual([]);
  });
});

describe('[WEB PUSH] subscriptions and keys', () => {
  it('keeps, moves and forgets a browser subscription; refuses malformed keys with field messages', async () => {
    const first = await t.userWith([]);
    const second = await t.userWith([]);
    const browser = browserKeys();
    const body = { endpoint: push.url('/push/shared-tablet'), keys: browser.keys };
    expect((await t.request('POST', '/api/push-subscription', { token: first.token, body })).status).toBe(201);
    // The same tablet, now signed in as someone else: the subscription moves with it.
    expect((await t.request('POST', '/api/push-subscription', { token: second.token, body })).status).toBe(201);
    const rows = await t.database.db.select().from(pushSubscription);
    expect(rows.map((r) => r.userId)).toEqual([second.id]);

    const query = `?endpoint=${encodeURIComponent(body.endpoint)}`;
    expect((await t.request('DELETE', `/api/push-subscription${query}`, { token: first.token })).status).toBe(404);
    expect((await t.request('DELETE', `/api/push-subscription${query}`, { token: second.token })).status).toBe(200);
    expect(await t.database.db.select().from(pushSubscription)).toEqual([]);

    const bad = await t.request('POST', '/api/push-subscription', {
      token: first.token,
      body: { endpoint: 'not a url', keys: { p256dh: 'abc', auth: '!!' } },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['endpoint', 'keys.auth', 'keys.p256dh']);
  });

  it('generates the VAPID pair once and keeps it in the database, unless the settings give one', async () => {
    const kept = await loadVapidKeys(t.database.db, t.env);
    expect(await loadVapidKeys(t.database.db, t.env)).toEqual(kept);
    const answer = await t.request('GET', '/api/push-subscription/public-key', { token: await t.signInAsAdmin() });
    expect(answer.body.data.publicKey).toBe(kept.publicKey);
    expect(Buffer.from(kept.publicKey, 'base64url')).toHaveLength(65);

    const given = webpush.generateVAPIDKeys();
    const env = testEnv({
      VAPID_PUBLIC_KEY: given.publicKey,
      VAPID_PRIVATE_KEY: given.privateKey,
      VAPID_SUBJECT: 'https://lab.example.com',
    });
    expect(await loadVapidKeys(t.database.db, env)).toEqual({ ...given, subject: 'https://lab.example.com' });
    expect(() => testEnv({ VAPID_PUBLIC_KEY: given.publicKey })).toThrow(/set together/);
  });
});
