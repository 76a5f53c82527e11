import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { describe, expect, it } from 'vitest';
import type { Permission } from '../../../src/shared/permissions.ts';
import { submitBooking } from '../support/bookings.ts';
import { CHECK_IN, SAMPLE_FORM, sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

type Note = { id: number; title: string; message: string; link: string | null; read: boolean };

async function bell(token: string, query = '') {
  const res = await t.request('GET', `/api/notification${query}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as { items: Note[]; total: number; unread: number; limit: number; offset: number };
}

const reader = (permission: Permission) => t.userWith([permission], `reader-${permission}`);

describe('[NOTIFICATIONS] work arrives at the right bench', () => {
  it('tells each holder of the permission, in the words of the lab, with a link to the record', async () => {
    const bookings = await reader('CanViewAllbooking');
    const csBench = await reader('CanViewAllSampleEntryCs');
    const tester = await reader('CanCheckInSampleEntryTester');
    const thirdLab = await reader('CanCheckInThirdLab');
    const supervisor = await reader('CanConfirmFinalResult');
    const csDetail = await reader('CanViewDetailSampleEntryCs');
    const admin = await t.signInAsAdmin();

    const submitted = await submitBooking(t);
    const confirmed = await t.request('PUT', `/api/cs-lab/check-in?id=${submitted.id}`, { token: admin });
    expect(confirmed.status).toBe(200);
    const sample = await sampleAt(t, admin, 'ResultConfirmed');
    const issued = await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: admin });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);

    const arrived = (await bell(bookings.token)).items;
    expect(arrived).toEqual([
      expect.objectContaining({ title: 'New booking request', link: `/bookings/${submitted.id}`, read: false }),
    ]);
    expect(arrived[0]!.message).toContain(submitted.bookingNumber);

    expect((await bell(csBench.token)).items).toEqual([
      expect.objectContaining({
        title: 'Booking Confirmed',
        message: `Booking ${submitted.bookingNumber} has been confirmed.`,
        link: `/bookings/${submitted.id}`,
      }),
    ]);
    expect((await bell(tester.token)).items).toEqual([
      expect.objectContaining({ title: 'New sample to check in', link: `/testers/${sample.id}` }),
    ]);
    expect((await bell(thirdLab.token)).items).toEqual([
      expect.objectContaining({ title: 'New package to check in', link: '/thirdlab-samples' }),
    ]);
    // Newest first: the confirmation came after the returned result.
    expect((await bell(supervisor.token)).items).toEqual([
      expect.objectContaining({ title: 'Final result confirmed', link: `/supervisor-samples/${sample.id}` }),
      expect.objectContaining({ title: 'Result returned', link: `/supervisor-samples/${sample.id}` }),
    ]);
    const certificate = (await bell(csDetail.token)).items;
    expect(certificate).toEqual([
      expect.objectContaining({ title: 'Certificate issued', link: `/clients/${sample.id}` }),
    ]);
    expect(certificate[0]!.message).toContain(sample.idflNumber);
  });

  it('writes nothing when the change is refused (same transaction)', async () => {
    const tester = await reader('CanCheckInSampleEntryTester');
    const admin = await t.signInAsAdmin();
    const fresh = await sampleAt(t, admin, 'New');
    const refused = await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${fresh.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect((await bell(tester.token)).total).toBe(0);
  });

  it("tells the owner when a change from their device's outbox is refused", async () => {
    const cs = await t.userWith([
      'CanCreateSampleEntryCs',
      'CanCheckInSampleEntryCs',
      'CanTransferSampleEntryToTester',
    ]);
    const other = await t.userWith(['CanCheckInSampleEntryCs']);
    const created = await t.request('POST', '/api/cs-lab/create', { token: cs.token, body: SAMPLE_FORM });
    const id = created.body.data.id;
    const sync = await t.request('POST', '/api/sync', {
      token: cs.token,
      body: {
        mutations: [
          // Sent to the tester before it was checked in: an illegal transition (409) for a person to see.
          { key: 'outbox-0001', method: 'PUT', path: `/api/cs-lab/transfer-to-tester?id=${id}` },
          { key: 'outbox-0002', method: 'PUT', path: `/api/cs-lab/check-in?id=${id}&entry=sample`, body: CHECK_IN },
        ],
      },
    });
    expect(sync.body.data.results.map((r: { status: number }) => r.status)).toEqual([409, 200]);
    const mine = (await bell(cs.token)).items;
    expect(mine).toEqual([expect.objectContaining({ title: 'Change refused', link: '/sync' })]);
    expect(mine[0]!.message).toContain('CsConfirmed');
    expect((await bell(other.token)).total).toBe(0);
  });
});

describe('[NOTIFICATIONS] the bell: paging, read and removed per person', () => {
  it('keeps read and removed apart for each holder of a permission', async () => {
    const admin = await t.signInAsAdmin();
    const first = await reader('CanCheckInSampleEntryTester');
    const second = await t.userWith(['CanCheckInSampleEntryTester'], 'second-tester');
    for (let i = 0; i < 3; i++) await sampleAt(t, admin, 'SentToTester');

    const page = await bell(first.token, '?limit=2&offset=0');
    expect(page).toMatchObject({ total: 3, unread: 3, limit: 2, offset: 0 });
    expect(page.items).toHaveLength(2);
    const rest = await bell(first.token, '?limit=2&offset=2');
    expect(rest.items).toHaveLength(1);
    const ids = [...page.items, ...rest.items].map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const read = await t.request('PUT', `/api/notification/${ids[0]}/read`, { token: first.token });
    expect(read.status).toBe(200);
    expect(await bell(first.token)).toMatchObject({ total: 3, unread: 2 });
    expect((await bell(first.token)).items[0]).toMatchObject({ id: ids[0], read: true });
    expect((await bell(first.token, '?unreadOnly=true')).items.map((n) => n.id)).toEqual(ids.slice(1));
    expect(await bell(second.token)).toMatchObject({ total: 3, unread: 3 });

    expect((await t.request('DELETE', `/api/notification/${ids[1]}`, { token: first.token })).status).toBe(200);
    expect(await bell(first.token)).toMatchObject({ total: 2, unread: 1 });
    expect((await bell(second.token)).total).toBe(3);

    const all = await t.request('PUT', '/api/notification/read-all', { token: second.token });
    expect(all.body.data.count).toBe(3);
    expect(await bell(second.token)).toMatchObject({ total: 3, unread: 0 });
    expect((await t.request('PUT', '/api/notification/read-all', { token: second.token })).body.data.count).toBe(0);
    expect((await bell(first.token)).unread).toBe(1);

    const cleared = await t.request('DELETE', '/api/notification', { token: first.token });
    expect(cleared.body.data.count).toBe(2);
    expect(await bell(first.token)).toMatchObject({ total: 0, unread: 0, items: [] });
    expect((await bell(second.token)).total).toBe(3);
  });

  it("answers 404 for a notification that is not the caller's, and pings the caller only", async () => {
    const one = await t.userWith(['CanCheckInSampleEntryTester']);
    const two = await t.userWith(['CanCheckInSampleEntryCs']);
    const ping = await t.request('POST', '/api/notification/ping/hello%20bench', { token: one.token });
    expect(ping.status).toBe(200);
    expect(ping.body.data).toMatchObject({ userId: one.id, title: 'Ping', message: 'hello bench', read: false });
    expect((await t.request('GET', '/api/notification/ping', { token: one.token })).body.data.message).toBe('pong');
    expect((await bell(one.token)).items.map((n) => n.message)).toEqual(['pong', 'hello bench']);

    for (const [method, path] of [
      ['PUT', `/api/notification/${ping.body.data.id}/read`],
      ['DELETE', `/api/notification/${ping.body.data.id}`],
    ] as const) {
      const res = await t.request(method, path, { token: two.token });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ result: false, message: `Notification ${ping.body.data.id} not found.` });
    }
    expect((await bell(two.token)).total).toBe(0);
    expect((await t.request('PUT', '/api/notification/abc/read', { token: two.token })).status).toBe(400);
    expect((await t.request('GET', '/api/notification?limit=0', { token: two.token })).status).toBe(400);
    expect((await t.request('GET', '/api/notification/ping')).status).toBe(401);
  });
});

/** Reads server-sent events from a live stream of the app, one at a time. */
function openStream(token: string, lastEventId?: number) {
  const headers: Record<string, string> = { authorization: `Bearer ${token}` };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const answer = Promise.resolve(t.app.request('/api/notification/stream', { headers }));
  const events: EventSourceMessage[] = [];
  let wake = () => {};
  const parser = createParser({
    onEvent(event) {
      events.push(event);
      wake();
    },
  });
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  const pump = (async () => {
    const response = await answer;
    reader = response.body!.getReader();
    const decoder = new TextDecoder();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  })().catch(() => undefined);
  return {
    answer,
    async next(): Promise<EventSourceMessage> {
      while (events.length === 0) await new Promise<void>((resolve) => (wake = resolve));
      return events.shift()!;
    },
    async close() {
      await reader?.cancel();
      await pump;
    },
  };
}

describe('[NOTIFICATIONS] the live stream', () => {
  it('sends ready with the unread count, then each new notification as it is committed', async () => {
    const tester = await t.userWith(['CanCheckInSampleEntryTester']);
    const cs = await t.userWith([
      'CanCreateSampleEntryCs',
      'CanCheckInSampleEntryCs',
      'CanTransferSampleEntryToTester',
    ]);
    await t.request('POST', '/api/notification/ping/before', { token: tester.token });

    const stream = openStream(tester.token);
    const response = await stream.answer;
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const ready = await stream.next();
    expect(ready.event).toBe('ready');
    expect(JSON.parse(ready.data)).toEqual({ unread: 1 });

    const created = await t.request('POST', '/api/cs-lab/create', { token: cs.token, body: SAMPLE_FORM });
    const id = created.body.data.id;
    await t.request('PUT', `/api/cs-lab/check-in?id=${id}&entry=sample`, { token: cs.token, body: CHECK_IN });
    await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${id}`, { token: cs.token });

    const arrived = await stream.next();
    expect(arrived.event).toBe('notification');
    const note = JSON.parse(arrived.data);
    expect(note).toMatchObject({ title: 'New sample to check in', link: `/testers/${id}`, read: false });
    expect(arrived.id).toBe(String(note.id));
    await stream.close();

    // A reconnect with Last-Event-ID gets what was written meanwhile.
    await t.request('POST', '/api/notification/ping/while%20away', { token: tester.token });
    const resumed = openStream(tester.token, note.id);
    expect((await resumed.next()).event).toBe('ready');
    const missed = await resumed.next();
    expect(JSON.parse(missed.data)).toMatchObject({ message: 'while away' });
    await resumed.close();
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('GET', '/api/notification/stream')).status).toBe(401);
  });
});

describe('[NOTIFICATIONS] push subscriptions', () => {
  it('accepts only https push services unless the settings allow a test bench', async () => {
    const user = await t.userWith([]);
    const keys = { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') };
    const plain = await t.request('POST', '/api/push-subscription', {
      token: user.token,
      body: { endpoint: 'http://push.example.com/abc', keys },
    });
    expect(plain.status).toBe(400);
    expect(plain.body.errors).toEqual({ endpoint: 'Endpoint must be an https URL' });
    const secure = await t.request('POST', '/api/push-subscription', {
      token: user.token,
      body: { endpoint: 'https://push.example.com/abc', keys },
    });
    expect(secure.status).toBe(201);
  });
});
