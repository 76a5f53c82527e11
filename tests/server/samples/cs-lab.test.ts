import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, sampleEntry } from '../../../src/server/db/schema.ts';
import { insertBooking } from '../support/booking-rows.ts';
import { submitBooking } from '../support/bookings.ts';
import { CHECK_IN, SAMPLE_FORM, sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

describe('[CS LAB] create a sample entry', () => {
  it('answers missing fields with the sample form messages', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('POST', '/api/cs-lab/create', { token: admin, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      sampleType: 'Sample type is required',
      sampleCode: 'Sample code is required',
      source: 'Source is required',
      fromClientInfo: 'Client info is required',
    });
    const blank = await t.request('POST', '/api/cs-lab/create', {
      token: admin,
      body: { ...SAMPLE_FORM, sampleCode: '   ', initialWeight: -1 },
    });
    expect(blank.body.errors).toEqual({
      sampleCode: 'Sample code is required',
      initialWeight: 'Weight cannot be negative',
    });
  });

  it('creates a New sample with a generated IDFL number, or the one given', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('POST', '/api/cs-lab/create', {
      token: admin,
      body: { ...SAMPLE_FORM, initialWeight: 50, sentWeight: 12.5 },
    });
    expect(res.status).toBe(201);
    const year = new Date().getUTCFullYear();
    expect(res.body.data).toMatchObject({
      idflNumber: `IDFL-${year}-00001`,
      status: 'New',
      sampleCode: 'SC-001',
      remainingWeight: 37.5,
      version: 1,
    });
    const given = await t.request('POST', '/api/cs-lab/create', {
      token: admin,
      body: { ...SAMPLE_FORM, idflNumber: 'IDFL-LEGACY-7' },
    });
    expect(given.body.data.idflNumber).toBe('IDFL-LEGACY-7');
    const duplicate = await t.request('POST', '/api/cs-lab/create', {
      token: admin,
      body: { ...SAMPLE_FORM, idflNumber: 'IDFL-LEGACY-7' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual({ idflNumber: 'IDFL number IDFL-LEGACY-7 already exists.' });
  });

  it('refuses sent weight above the initial weight with a field error', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('POST', '/api/cs-lab/create', {
      token: admin,
      body: { ...SAMPLE_FORM, initialWeight: 10, sentWeight: 11 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ sentWeight: 'Sent weight cannot exceed the initial weight' });
  });

  it('needs CanCreateSampleEntryCs', async () => {
    const other = await t.userWith(['CanViewAllSampleEntryCs']);
    expect((await t.request('POST', '/api/cs-lab/create', { token: other.token, body: SAMPLE_FORM })).status).toBe(403);
    expect((await t.request('POST', '/api/cs-lab/create', { body: SAMPLE_FORM })).status).toBe(401);
  });
});

describe('[CS LAB] update', () => {
  it('changes fields, recomputes the remaining weight and audits what changed', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'CsConfirmed');
    const res = await t.request('PUT', `/api/cs-lab/update?id=${sample.id}`, {
      token: admin,
      body: { sentWeight: 30, note: 'Bag slightly torn', version: sample.version },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      initialWeight: 120,
      sentWeight: 30,
      remainingWeight: 90,
      note: 'Bag slightly torn',
    });
    expect(res.body.data.version).toBe(sample.version + 1);
    const [last] = await t.database.db
      .select()
      .from(auditRecord)
      .where(eq(auditRecord.entityId, String(sample.id)))
      .orderBy(auditRecord.id);
    expect(last).toBeDefined();
    const trail = await t.request('GET', `/api/sample-entries/${sample.id}/timeline`, { token: admin });
    const update = trail.body.data.at(-1);
    expect(update).toMatchObject({ action: 'update', fromStatus: null, toStatus: null, actorName: 'Administrator' });
    expect(update.changes).toEqual({
      sentWeight: { from: null, to: 30 },
      remainingWeight: { from: 120, to: 90 },
      note: { from: null, to: 'Bag slightly torn' },
    });
  });

  it('answers a stale version with 409 and the current record', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'New');
    await t.request('PUT', `/api/cs-lab/update?id=${sample.id}`, { token: admin, body: { note: 'first', version: 1 } });
    const stale = await t.request('PUT', `/api/cs-lab/update?id=${sample.id}`, {
      token: admin,
      body: { note: 'second', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: sample.id, note: 'first', version: 2 });
  });

  it('refuses edits once the sample has left the client-side lab, and a blank required field', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'SentToTester');
    const res = await t.request('PUT', `/api/cs-lab/update?id=${sample.id}`, {
      token: admin,
      body: { note: 'late', version: sample.version },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Sample ${sample.idflNumber} is SentToTester; this action needs New or CsConfirmed.`);
    const other = await sampleAt(t, admin, 'New');
    const blank = await t.request('PUT', `/api/cs-lab/update?id=${other.id}`, {
      token: admin,
      body: { source: '', version: other.version },
    });
    expect(blank.body.errors).toEqual({ source: 'Source is required' });
    const weights = await t.request('PUT', `/api/cs-lab/update?id=${other.id}`, {
      token: admin,
      body: { initialWeight: 5, sentWeight: 6, version: other.version },
    });
    expect(weights.body.errors).toEqual({ sentWeight: 'Sent weight cannot exceed the initial weight' });
    expect((await t.request('PUT', '/api/cs-lab/update?id=99999', { token: admin, body: { version: 1 } })).status).toBe(
      404,
    );
  });
});

describe('[CS LAB] check in', () => {
  it('checks in a New sample with the received date, by whom and the weight', async () => {
    const cs = await t.userWith(['CanCreateSampleEntryCs', 'CanCheckInSampleEntryCs']);
    const sample = await (
      await t.request('POST', '/api/cs-lab/create', { token: cs.token, body: SAMPLE_FORM })
    ).body.data;
    const missing = await t.request('PUT', `/api/cs-lab/check-in?id=${sample.id}&entry=sample`, {
      token: cs.token,
      body: {},
    });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({
      receivedDate: 'Received date is required',
      receivedBy: 'Received by is required',
      initialWeight: 'Weight is required',
    });
    const noBody = await t.request('PUT', `/api/cs-lab/check-in?id=${sample.id}&entry=sample`, { token: cs.token });
    expect(noBody.status).toBe(400);

    const res = await t.request('PUT', `/api/cs-lab/check-in?id=${sample.id}&entry=sample`, {
      token: cs.token,
      body: CHECK_IN,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      status: 'CsConfirmed',
      receivedBy: 'Lan Nguyen',
      receivedDate: CHECK_IN.receivedDate,
      initialWeight: 120,
      remainingWeight: 120,
      unit: 'g',
    });
    expect(res.body.data.confirmDate).toEqual(expect.any(String));

    const again = await t.request('PUT', `/api/cs-lab/check-in?id=${sample.id}&entry=sample`, {
      token: cs.token,
      body: CHECK_IN,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Sample ${sample.idflNumber} is already CsConfirmed: this change was made elsewhere first.`,
    );
  });

  it('confirms a booking by its id, creating one New sample entry per sample type with no receipt yet', async () => {
    const cs = await t.userWith(['CanCheckInSampleEntryCs', 'CanViewAllSampleEntryCs']);
    const order = await insertBooking(t.database.db);
    const res = await t.request('PUT', `/api/cs-lab/check-in?id=${order.id}`, { token: cs.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.message).toBe('Booking confirmed successfully.');
    expect(res.body.data.booking).toMatchObject({ id: order.id, status: 'Confirmed' });
    expect(res.body.data.sampleEntries).toHaveLength(2);
    expect(
      res.body.data.sampleEntries.map((s: any) => [
        s.sampleType,
        s.status,
        s.receivedDate,
        s.receivedBy,
        s.receivedCondition,
        s.receiptNote,
      ]),
    ).toEqual([
      ['Cotton', 'New', null, null, null, null],
      ['Wool', 'New', null, null, null, null],
    ]);
    const list = await t.request('GET', '/api/cs-lab/get-all?status=New', { token: cs.token });
    expect(list.body.data.total).toBe(2);
    const twice = await t.request('PUT', `/api/cs-lab/check-in?id=${order.id}`, { token: cs.token });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('Confirmed');
  });

  it('needs CanCheckInSampleEntryCs', async () => {
    const other = await t.userWith(['CanCreateSampleEntryCs']);
    const sample = await (
      await t.request('POST', '/api/cs-lab/create', { token: other.token, body: SAMPLE_FORM })
    ).body.data;
    const res = await t.request('PUT', `/api/cs-lab/check-in?id=${sample.id}&entry=sample`, {
      token: other.token,
      body: CHECK_IN,
    });
    expect(res.status).toBe(403);
  });
});

describe('[CS LAB] transfer to tester', () => {
  it('sends a CsConfirmed sample with the spec message, records who and tells the testers', async () => {
    const cs = await t.userWith([
      'CanCreateSampleEntryCs',
      'CanCheckInSampleEntryCs',
      'CanTransferSampleEntryToTester',
    ]);
    const tester = await t.userWith(['CanCheckInSampleEntryTester']);
    const sample = await sampleAt(t, cs.token, 'CsConfirmed');
    const res = await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${sample.id}`, { token: cs.token });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`Sample ${sample.idflNumber} has been successfully transferred.`);
    expect(res.body.data).toMatchObject({ status: 'SentToTester', sentToTesterBy: cs.id });
    expect(res.body.data.sentToTesterDate).toEqual(expect.any(String));
    const notes = await t.request('GET', '/api/notification', { token: tester.token });
    expect(notes.body.data.items[0]).toMatchObject({ title: 'New sample to check in' });
  });

  it('refuses a sample that is not CsConfirmed with 409 naming its state', async () => {
    const admin = await t.signInAsAdmin();
    const fresh = await sampleAt(t, admin, 'New');
    const res = await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${fresh.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Sample ${fresh.idflNumber} is New; this action needs CsConfirmed.`);
    const sent = await sampleAt(t, admin, 'SentToTester');
    const again = await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${sent.id}`, { token: admin });
    expect(again.body.message).toBe(
      `Sample ${sent.idflNumber} is already SentToTester: this change was made elsewhere first.`,
    );
  });

  it('takes effect once when replayed with the same Idempotency-Key (an offline outbox resend)', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'CsConfirmed');
    const headers = { 'idempotency-key': 'outbox-transfer-0001' };
    const first = await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${sample.id}`, { token: admin, headers });
    const replay = await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${sample.id}`, { token: admin, headers });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body).toEqual(first.body);
    const trail = await t.request('GET', `/api/sample-entries/${sample.id}/timeline`, { token: admin });
    expect(trail.body.data.filter((e: any) => e.action === 'transferToTester')).toHaveLength(1);
  });

  it('lets only one of two simultaneous transfers through', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'CsConfirmed');
    const answers = await Promise.all(
      [1, 2].map(() => t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${sample.id}`, { token: admin })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const trail = await t.request('GET', `/api/sample-entries/${sample.id}/timeline`, { token: admin });
    expect(trail.body.data.filter((e: any) => e.action === 'transferToTester')).toHaveLength(1);
  });

  it('needs CanTransferSampleEntryToTester', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'CsConfirmed');
    const other = await t.userWith(['CanCheckInSampleEntryCs']);
    expect(
      (await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${sample.id}`, { token: other.token })).status,
    ).toBe(403);
  });
});

describe('[CS LAB] lists and detail', () => {
  it('filters by IDFL number, status, source, received dates and person, search; pages and orders', async () => {
    const admin = await t.signInAsAdmin();
    const a = await sampleAt(t, admin, 'CsConfirmed', { form: { source: 'Client', sampleCode: 'AAA-1' } });
    const b = await sampleAt(t, admin, 'New', { form: { source: 'Factory', sampleCode: 'BBB-2' } });
    const c = await sampleAt(t, admin, 'SentToTester', { form: { source: 'Retailer', sampleCode: 'CCC-3' } });
    const get = async (query: string) => {
      const res = await t.request('GET', `/api/cs-lab/get-all?${query}`, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    expect((await get('')).total).toBe(3);
    expect((await get(`IDFLNumber=${a.idflNumber}`)).items.map((s: any) => s.id)).toEqual([a.id]);
    expect((await get('status=New')).items.map((s: any) => s.id)).toEqual([b.id]);
    expect((await get('status=New,SentToTester')).total).toBe(2);
    expect((await get('sources=Factory&sources=Retailer')).items.map((s: any) => s.id).sort()).toEqual(
      [b.id, c.id].sort(),
    );
    expect((await get('receivedFromDate=2026-03-02&receivedToDate=2026-03-02')).total).toBe(2);
    expect((await get('receivedToDate=2026-03-01')).total).toBe(0);
    expect((await get('receivedByUser=lan%20nguyen')).total).toBe(2);
    expect((await get('search=bbb')).items.map((s: any) => s.id)).toEqual([b.id]);
    const ordered = await get('orderBy=sampleCode:desc&limit=2');
    expect(ordered.items.map((s: any) => s.sampleCode)).toEqual(['CCC-3', 'BBB-2']);
    expect(ordered).toMatchObject({ total: 3, limit: 2, offset: 0 });
    expect((await get('orderBy=sampleCode&limit=2&offset=2')).items.map((s: any) => s.sampleCode)).toEqual(['CCC-3']);
    const future = new Date(Date.now() + 60_000).toISOString();
    expect((await get(`updatedSince=${encodeURIComponent(future)}`)).total).toBe(0);
    expect((await t.request('GET', '/api/cs-lab/get-all?receivedFromDate=yesterday', { token: admin })).status).toBe(
      400,
    );
    // The IDFL filter is looked up by what follows `IDFL-` and then checked whole: a sample whose
    // number has the same digits under another prefix is not one of its matches.
    const digits = a.idflNumber.slice('IDFL-'.length);
    await t.database.db
      .update(sampleEntry)
      .set({ idflNumber: `OLD-${digits}` })
      .where(eq(sampleEntry.id, b.id));
    expect((await get(`IDFLNumber=${a.idflNumber}`)).items.map((s: any) => s.id)).toEqual([a.id]);
    expect((await get(`IDFLNumber=${digits}&orderBy=sampleCode`)).items.map((s: any) => s.id)).toEqual([a.id, b.id]);
  });

  it("finds booked samples by their booking's number and client, on the client-side lab's and the tester's lists", async () => {
    const admin = await t.signInAsAdmin();
    const bookedSamples = async (company: string, person: string) => {
      const { id, bookingNumber } = await submitBooking(t, {
        applicantCompany: company,
        applicantContactPerson: person,
      });
      const confirmed = await t.request('PUT', `/api/cs-lab/check-in?id=${id}`, { token: admin });
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
      const ids: number[] = [];
      for (const { id: sampleId } of confirmed.body.data.sampleEntries) {
        const receipt = { ...CHECK_IN, receivedDate: new Date().toISOString() };
        for (const [path, body] of [
          [`/api/cs-lab/check-in?id=${sampleId}&entry=sample`, receipt],
          [`/api/cs-lab/transfer-to-tester?id=${sampleId}`, undefined],
        ] as const) {
          const res = await t.request('PUT', path, { token: admin, body });
          expect(res.status, JSON.stringify(res.body)).toBe(200);
        }
        ids.push(sampleId);
      }
      return { bookingNumber, ids: ids.sort((x, y) => x - y) };
    };
    const mekong = await bookedSamples('Mekong Rice Trading', 'Le Van Cuong');
    const pacific = await bookedSamples('Pacific Apparel', 'Emily Carter');
    // A sample made by hand, with no booking: found by its own fields only.
    const loose = await sampleAt(t, admin, 'SentToTester', { form: { sampleCode: 'MEK-LOOSE' } });
    for (const list of ['/api/cs-lab/get-all', '/api/tester-lab/get-all']) {
      const found = async (search: string) => {
        const res = await t.request('GET', `${list}?search=${encodeURIComponent(search)}`, { token: admin });
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        return res.body.data.items.map((s: any) => s.id as number).sort((x: number, y: number) => x - y);
      };
      expect(await found(mekong.bookingNumber)).toEqual(mekong.ids);
      expect(await found(pacific.bookingNumber.toLowerCase())).toEqual(pacific.ids);
      expect(await found('rice trad')).toEqual(mekong.ids);
      expect(await found('EMILY')).toEqual(pacific.ids);
      expect(await found('mek')).toEqual([...mekong.ids, loose.id]);
      // The client's words are taken literally, wildcards included.
      expect(await found('Mekong%Trading')).toEqual([]);
    }
  });

  it('shows the detail with the booking, third-lab entries and the custody timeline', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'SentToTester');
    const res = await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: sample.id, booking: null, dispatchBatch: null, thirdLabEntries: [] });
    expect(res.body.data.timeline.map((e: any) => e.action)).toEqual(['create', 'csCheckIn', 'transferToTester']);
    expect(res.body.data.availableActions).toEqual(['testerCheckIn', 'undoTester']);
    const cs = await t.userWith(['CanViewDetailSampleEntryCs', 'CanCheckInSampleEntryTester']);
    const limited = await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: cs.token });
    expect(limited.body.data.availableActions).toEqual(['testerCheckIn']);
    expect((await t.request('GET', '/api/cs-lab/get-detail/99999', { token: admin })).status).toBe(404);
    const other = await t.userWith(['CanViewAllSampleEntryCs']);
    expect((await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: other.token })).status).toBe(403);
    expect((await t.request('GET', '/api/cs-lab/get-all', { token: other.token })).status).toBe(200);
  });
});

describe('[CS LAB] offline bench', () => {
  it('applies a queued check-in and transfer through /api/sync, and a resent batch changes nothing twice', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'New');
    const mutations = [
      {
        key: 'bench-1-checkin',
        method: 'PUT',
        path: `/api/cs-lab/check-in?id=${sample.id}&entry=sample`,
        body: CHECK_IN,
      },
      { key: 'bench-1-transfer', method: 'PUT', path: `/api/cs-lab/transfer-to-tester?id=${sample.id}` },
      {
        key: 'bench-1-late',
        method: 'PUT',
        path: `/api/cs-lab/update?id=${sample.id}`,
        body: { note: 'too late', version: 3 },
      },
    ];
    const first = await t.request('POST', '/api/sync', { token: admin, body: { mutations } });
    expect(first.status).toBe(200);
    expect(first.body.data.results.map((r: any) => r.status)).toEqual([200, 200, 409]);
    expect(first.body.data.results[2].body.message).toBe(
      `Sample ${sample.idflNumber} is SentToTester; this action needs New or CsConfirmed.`,
    );
    const again = await t.request('POST', '/api/sync', { token: admin, body: { mutations: mutations.slice(0, 2) } });
    expect(again.body.data.results.map((r: any) => r.status)).toEqual([200, 200]);
    const trail = await t.request('GET', `/api/sample-entries/${sample.id}/timeline`, { token: admin });
    expect(trail.body.data.map((e: any) => e.action)).toEqual(['create', 'csCheckIn', 'transferToTester']);
  });
});
