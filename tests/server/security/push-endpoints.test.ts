import { createServer, type AddressInfo, type Server } from 'node:net';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notification, pushDelivery, pushSubscription } from '../../../src/server/db/schema.ts';
import { createPushSender, loadVapidKeys, type HostResolver } from '../../../src/server/services/messaging/web-push.ts';
import { isPublicAddress } from '../../../src/server/services/messaging/public-address.ts';
import { browserKeys, startPushService } from '../support/push-service.ts';
import { useTestApp } from '../support/test-app.ts';

// Any signed-in user could register https://127.0.0.1:9443/… (or any host inside
// the laboratory's network) as a push endpoint, and the server POSTed to it, six times over.

const t = useTestApp();

/** A TCP port on loopback that only counts who connects: the internal service an attacker aims at. */
let inside: Server;
let connections = 0;
beforeAll(async () => {
  inside = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => inside.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => inside.close(() => resolve())));
const insidePort = () => (inside.address() as AddressInfo).port;

const subscribe = (token: string, endpoint: string) =>
  t.request('POST', '/api/push-subscription', { token, body: { endpoint, keys: browserKeys().keys } });

/** A logger whose warnings the test reads. */
function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'warn' }, sink), lines };
}

/** A notification for the user with one delivery to their subscription, written as the app writes them. */
async function queueDelivery(userId: number, endpoint: string) {
  const db = t.database.db;
  const [subscription] = await db
    .insert(pushSubscription)
    .values({ userId, endpoint, keys: browserKeys().keys })
    .returning();
  const [note] = await db
    .insert(notification)
    .values({ userId, title: 'Hello', message: 'Are you there?' })
    .returning();
  await db.insert(pushDelivery).values({ notificationId: note!.id, subscriptionId: subscription!.id });
  return subscription!;
}

describe('[SECURITY] push endpoints inside the network are refused when subscribing', () => {
  it('refuses loopback, private, link-local, CGNAT, multicast, reserved and unique-local addresses, v4 and v6', async () => {
    const user = await t.userWith([]);
    const refused = [
      `https://127.0.0.1:9443/push`,
      'https://127.1.2.3/push',
      'https://0x7f.1/push', // 127.0.0.1 written in hex
      'https://2130706433/push', // 127.0.0.1 as one number
      'https://0.0.0.0/push',
      'https://10.0.0.5/push',
      'https://172.16.4.4/push',
      'https://192.168.1.10:8443/push',
      'https://100.64.0.1/push',
      'https://169.254.169.254/latest/meta-data',
      'https://224.0.0.251/push',
      'https://255.255.255.255/push',
      'https://240.0.0.1/push',
      'https://192.0.2.10/push',
      'https://198.18.0.1/push',
      'https://[::1]/push',
      'https://[::]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://[::ffff:10.1.2.3]/push',
      'https://[64:ff9b::a00:1]/push', // NAT64 of 10.0.0.1
      'https://[2002:c0a8:101::1]/push', // 6to4 of 192.168.1.1
      'https://[fe80::1]/push',
      'https://[fc00::1]/push',
      'https://[fd12:3456::1]/push',
      'https://[ff02::1]/push',
      'https://[2001:db8::1]/push',
      'https://localhost:9443/push',
      'https://push.localhost/push',
    ];
    for (const endpoint of refused) {
      const res = await subscribe(user.token, endpoint);
      expect(res.status, endpoint).toBe(400);
      expect(res.body, endpoint).toMatchObject({
        result: false,
        code: 'pushEndpointNotPublic',
        errors: { endpoint: 'Endpoint must be a push service on the internet, not an address inside a network.' },
      });
    }
    expect(await t.database.db.$count(pushSubscription)).toBe(0);
  });

  it('accepts public addresses, and a name that cannot be resolved now (judged again at each delivery)', async () => {
    const user = await t.userWith([]);
    for (const endpoint of [
      'https://142.250.72.10/fcm/send/abc',
      'https://[2606:4700::1111]/push/abc',
      'https://push.example.invalid/wpush/v2/abc',
    ]) {
      expect((await subscribe(user.token, endpoint)).status, endpoint).toBe(201);
    }
  });

  it('keeps refusing plain http without the test-bench setting', async () => {
    const user = await t.userWith([]);
    const res = await subscribe(user.token, 'http://142.250.72.10/push');
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      code: 'pushEndpointNotHttps',
      errors: { endpoint: 'Endpoint must be an https URL' },
    });
  });

  it('judges address classes as the IANA registries do', () => {
    for (const address of [
      '8.8.8.8',
      '142.250.72.10',
      '2606:4700::1111',
      '2a00:1450::1',
      '::ffff:8.8.8.8',
      '64:ff9b::808:808',
    ])
      expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      '100.127.255.255',
      '172.31.255.255',
      '::ffff:7f00:1',
      '::7f00:1',
      '2001::1',
      'not-an-address',
    ])
      expect(isPublicAddress(address), address).toBe(false);
    expect(isPublicAddress('172.32.0.1')).toBe(true);
    expect(isPublicAddress('100.128.0.1')).toBe(true);
  });
});

describe('[SECURITY] push deliveries are judged again before each send', () => {
  it('drops a delivery to an address inside the network without connecting, and does not retry it', async () => {
    const user = await t.userWith([]);
    // Kept before this rule existed: the server must still never call it.
    await queueDelivery(user.id, `https://127.0.0.1:${insidePort()}/push/internal`);
    await t.notifier.push.deliver(t.database.db);
    expect(connections).toBe(0);
    expect(await t.database.db.select().from(pushDelivery)).toEqual([]);
    // An address never moves: the subscription is forgotten with it.
    expect(await t.database.db.$count(pushSubscription)).toBe(0);
  });

  it('drops, logs and does not retry a delivery to a name that now resolves inside the network', async () => {
    const user = await t.userWith([]);
    const { logger, lines } = recordingLogger();
    const asked: string[] = [];
    const resolve: HostResolver = async (hostname) => {
      asked.push(hostname);
      return ['10.20.30.40'];
    };
    const sender = createPushSender(await loadVapidKeys(t.database.db, t.env), logger, { testBench: false, resolve });
    const subscription = await queueDelivery(user.id, 'https://push.rebound.example/push/abc');

    expect(await sender.deliver(t.database.db)).toBe(1);
    expect(asked).toEqual(['push.rebound.example']);
    expect(await t.database.db.select().from(pushDelivery)).toEqual([]);
    // DNS may change back: the subscription stays, each delivery is judged anew.
    const kept = await t.database.db.select().from(pushSubscription).where(eq(pushSubscription.id, subscription.id));
    expect(kept).toHaveLength(1);
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'push not sent: the endpoint is not on the internet',
        endpoint: 'https://push.rebound.example',
        reason: 'push.rebound.example resolves to 10.20.30.40',
      }),
    ]);
  });

  it('connects to the very address it judged, never looking the name up again (DNS rebinding)', async () => {
    const push = await startPushService();
    try {
      const user = await t.userWith([]);
      let lookups = 0;
      // On the test bench loopback is allowed; the name exists only in this resolver, so the request
      // can reach the local push service only through the address the check was given.
      const resolve: HostResolver = async () => {
        lookups++;
        return ['127.0.0.1'];
      };
      const sender = createPushSender(await loadVapidKeys(t.database.db, t.env), pino({ level: 'silent' }), {
        testBench: true,
        resolve,
      });
      const port = new URL(push.url('/')).port;
      await queueDelivery(user.id, `http://push.bench.example:${port}/push/pinned`);
      const arriving = push.nextRequest();
      await sender.deliver(t.database.db);
      expect((await arriving).path).toBe('/push/pinned');
      expect((await arriving).headers.host).toBe(`push.bench.example:${port}`);
      expect(lookups).toBe(1);
      expect(await t.database.db.select().from(pushDelivery)).toEqual([]);
    } finally {
      await push.close();
    }
  });
});
