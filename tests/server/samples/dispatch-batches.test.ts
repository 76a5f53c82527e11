import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { thirdLabEntry } from '../../../src/server/db/schema.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';
import { labToday } from '../support/lab-day.ts';

const t = useTestApp();

const BATCH = { packageName: 'Cotton box 1', shippmentNumber: 'DHL-1001' };

describe('[DISPATCH] create', () => {
  it('answers missing fields with the spec messages', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('POST', '/api/sample-dispatch-batch', { token: admin, body: { packageName: ' ' } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({
      packageName: 'Package name is required',
      shippmentNumber: 'Shipment Number is required',
    });
  });

  it('creates a Draft package with a generated code, or the one given, optionally with samples', async () => {
    const admin = await t.signInAsAdmin();
    const shipping = await t.userWith(['CanCreateDispatchBatch']);
    const res = await t.request('POST', '/api/sample-dispatch-batch', { token: shipping.token, body: BATCH });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      ...BATCH,
      status: 'Draft',
      packageCode: `PKG-${new Date().getUTCFullYear()}-00001`,
      createdBy: shipping.id,
      version: 1,
    });
    const a = await sampleAt(t, admin, 'TesterConfirmed');
    const b = await sampleAt(t, admin, 'TesterConfirmed');
    const withSamples = await t.request('POST', '/api/sample-dispatch-batch', {
      token: shipping.token,
      body: { ...BATCH, packageCode: 'PKG-CUSTOM', sampleEntryIds: [a.id, b.id] },
    });
    expect(withSamples.status).toBe(201);
    const list = await t.request('GET', '/api/sample-dispatch-batch?packageCode=PKG-CUSTOM', { token: admin });
    expect(list.body.data.items).toEqual([expect.objectContaining({ packageCode: 'PKG-CUSTOM', sampleCount: 2 })]);
    const duplicate = await t.request('POST', '/api/sample-dispatch-batch', {
      token: shipping.token,
      body: { ...BATCH, packageCode: 'PKG-CUSTOM' },
    });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual({ packageCode: 'Package code PKG-CUSTOM already exists.' });
  });

  it('refuses samples that are not TesterConfirmed, as a whole', async () => {
    const admin = await t.signInAsAdmin();
    const ready = await sampleAt(t, admin, 'TesterConfirmed');
    const early = await sampleAt(t, admin, 'SentToTester');
    const res = await t.request('POST', '/api/sample-dispatch-batch', {
      token: admin,
      body: { ...BATCH, packageCode: 'PKG-X', sampleEntryIds: [ready.id, early.id] },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Sample ${early.idflNumber} is SentToTester; this action needs TesterConfirmed.`);
    expect((await t.request('GET', '/api/sample-dispatch-batch', { token: admin })).body.data.total).toBe(0);
  });

  it('needs CanCreateDispatchBatch', async () => {
    const other = await t.userWith(['CanUpdateDispatchBatch', 'CanViewAllDispatchBatch']);
    expect((await t.request('POST', '/api/sample-dispatch-batch', { token: other.token, body: BATCH })).status).toBe(
      403,
    );
  });
});

describe('[DISPATCH] update', () => {
  it('renames a Draft package and adds and removes samples', async () => {
    const admin = await t.signInAsAdmin();
    const shipping = await t.userWith(['CanUpdateDispatchBatch']);
    const a = await sampleAt(t, admin, 'TesterConfirmed');
    const b = await sampleAt(t, admin, 'TesterConfirmed');
    const batch = (
      await t.request('POST', '/api/sample-dispatch-batch', {
        token: admin,
        body: { ...BATCH, sampleEntryIds: [a.id] },
      })
    ).body.data;
    const res = await t.request('PUT', `/api/sample-dispatch-batch?id=${batch.id}`, {
      token: shipping.token,
      body: { packageName: 'Renamed', addSampleEntryIds: [b.id], removeSampleEntryIds: [a.id], version: batch.version },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ packageName: 'Renamed', version: 2 });
    const packing = await t.request('GET', `/api/sample-dispatch-batch/${batch.id}/packing-list`, { token: admin });
    expect(packing.body.data.samples.map((s: any) => s.id)).toEqual([b.id]);
    const detailA = await t.request('GET', `/api/cs-lab/get-detail/${a.id}`, { token: admin });
    expect(detailA.body.data).toMatchObject({ packageCode: null, dispatchBatchId: null });
    const stale = await t.request('PUT', `/api/sample-dispatch-batch?id=${batch.id}`, {
      token: shipping.token,
      body: { packageName: 'Again', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: batch.id, packageName: 'Renamed', version: 2 });
    const notMember = await t.request('PUT', `/api/sample-dispatch-batch?id=${batch.id}`, {
      token: shipping.token,
      body: { removeSampleEntryIds: [a.id], version: 2 },
    });
    expect(notMember.status).toBe(409);
    expect(notMember.body.message).toBe(`Sample ${a.idflNumber} is not in package ${batch.packageCode}.`);
  });

  it('refuses changes to a sent package, and users without the permission', async () => {
    const admin = await t.signInAsAdmin();
    const a = await sampleAt(t, admin, 'TesterConfirmed');
    const batch = (
      await t.request('POST', '/api/sample-dispatch-batch', {
        token: admin,
        body: { ...BATCH, sampleEntryIds: [a.id] },
      })
    ).body.data;
    await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`, { token: admin });
    const res = await t.request('PUT', `/api/sample-dispatch-batch?id=${batch.id}`, {
      token: admin,
      body: { packageName: 'Late', version: 2 },
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Package ${batch.packageCode} has already been sent; only a package not yet sent can be changed.`,
    );
    const other = await t.userWith(['CanCreateDispatchBatch']);
    expect(
      (await t.request('PUT', `/api/sample-dispatch-batch?id=${batch.id}`, { token: other.token, body: {} })).status,
    ).toBe(403);
    expect(
      (await t.request('PUT', '/api/sample-dispatch-batch?id=999', { token: admin, body: { version: 1 } })).status,
    ).toBe(404);
  });
});

describe('[DISPATCH] send to the third lab', () => {
  it('sends every sample SentToThirdLab with package, shipment and sender, and opens third-lab entries', async () => {
    const admin = await t.signInAsAdmin();
    const a = await sampleAt(t, admin, 'TesterConfirmed');
    const b = await sampleAt(t, admin, 'TesterConfirmed');
    const batch = (
      await t.request('POST', '/api/sample-dispatch-batch', {
        token: admin,
        body: { ...BATCH, sampleEntryIds: [a.id, b.id] },
      })
    ).body.data;
    const sender = await t.userWith(['CanTransferSampleEntryToThirdLab']);
    const lab = await t.userWith(['CanCheckInThirdLab']);
    const res = await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`, {
      token: sender.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'Sent', sentBy: sender.id, sampleCount: 2 });
    for (const sample of [a, b]) {
      const detail = (await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: admin })).body.data;
      expect(detail).toMatchObject({
        status: 'SentToThirdLab',
        packageCode: batch.packageCode,
        shipmentNumber: 'DHL-1001',
        sentBy: sender.id,
        sentDate: res.body.data.sentDate,
      });
      expect(detail.thirdLabEntries).toEqual([
        expect.objectContaining({ sentDate: res.body.data.sentDate, idflSentBy: sender.id, carbon: null }),
      ]);
      expect(detail.timeline.at(-1)).toMatchObject({
        action: 'sendToThirdLab',
        fromStatus: 'TesterConfirmed',
        toStatus: 'SentToThirdLab',
      });
    }
    const notes = await t.request('GET', '/api/notification', { token: lab.token });
    expect(notes.body.data.items[0]).toMatchObject({ title: 'New package to check in' });
    expect(notes.body.data.items[0].message).toContain(batch.packageCode);

    const again = await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`, {
      token: admin,
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Package ${batch.packageCode} has already been sent.`);
  });

  it('refuses an empty package, and users with none of the three permissions', async () => {
    const admin = await t.signInAsAdmin();
    const batch = (await t.request('POST', '/api/sample-dispatch-batch', { token: admin, body: BATCH })).body.data;
    const empty = await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`, {
      token: admin,
    });
    expect(empty.status).toBe(409);
    expect(empty.body.message).toBe(`Package ${batch.packageCode} has no samples; add samples before sending it.`);
    const viewer = await t.userWith(['CanViewAllDispatchBatch']);
    expect(
      (
        await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`, {
          token: viewer.token,
        })
      ).status,
    ).toBe(403);
    expect(await t.database.db.select().from(thirdLabEntry).where(eq(thirdLabEntry.id, 1))).toHaveLength(0);
  });
});

describe('[DISPATCH] list and packing list', () => {
  it('filters by code, shipment number, sender, sent dates and status, with sample counts', async () => {
    const admin = await t.signInAsAdmin();
    const sender = await t.userWith(['CanCreateDispatchBatch', 'CanTransferSampleEntryToThirdLab'], 'sam');
    const sample = await sampleAt(t, admin, 'TesterConfirmed');
    const sent = (
      await t.request('POST', '/api/sample-dispatch-batch', {
        token: sender.token,
        body: { packageName: 'Sent box', shippmentNumber: 'UPS-1', packageCode: 'PKG-S', sampleEntryIds: [sample.id] },
      })
    ).body.data;
    await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${sent.id}`, { token: sender.token });
    await t.request('POST', '/api/sample-dispatch-batch', {
      token: admin,
      body: { packageName: 'Draft box', shippmentNumber: 'UPS-2', packageCode: 'PKG-D' },
    });
    const get = async (query: string) => {
      const res = await t.request('GET', `/api/sample-dispatch-batch?${query}`, { token: admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.data.items as any[]).map((b) => b.packageCode);
    };
    expect((await get('')).sort()).toEqual(['PKG-D', 'PKG-S']);
    expect(await get('status=Draft')).toEqual(['PKG-D']);
    expect(await get('shippmentNumber=UPS-1')).toEqual(['PKG-S']);
    expect(await get('sentBy=sam')).toEqual(['PKG-S']);
    const today = labToday();
    expect(await get(`sentFromDate=${today}&sentToDate=${today}`)).toEqual(['PKG-S']);
    expect(await get('sentToDate=2000-01-01')).toEqual([]);
    expect(await get('orderBy=packageCode:desc')).toEqual(['PKG-S', 'PKG-D']);
    const items = (await t.request('GET', '/api/sample-dispatch-batch?orderBy=packageCode', { token: admin })).body.data
      .items;
    expect(items.map((b: any) => b.sampleCount)).toEqual([0, 1]);

    const packing = await t.request('GET', `/api/sample-dispatch-batch/${sent.id}/packing-list`, { token: admin });
    expect(packing.status).toBe(200);
    expect(packing.body.data).toMatchObject({ packageCode: 'PKG-S', sampleCount: 1, totalSentWeight: 0 });
    expect(packing.body.data.samples[0]).toMatchObject({
      idflNumber: sample.idflNumber,
      status: 'SentToThirdLab',
      initialWeight: 120,
    });
    expect((await t.request('GET', '/api/sample-dispatch-batch/999/packing-list', { token: admin })).status).toBe(404);
    const none = await t.userWith(['CanCreateDispatchBatch']);
    expect((await t.request('GET', '/api/sample-dispatch-batch', { token: none.token })).status).toBe(403);
  });
});

describe('[DISPATCH] bad input', () => {
  it('answers out-of-range ids, dates and user filters with 4xx or an empty list, never a server error', async () => {
    const admin = await t.signInAsAdmin();
    const huge = await t.request('POST', '/api/sample-dispatch-batch', {
      token: admin,
      body: { ...BATCH, sampleEntryIds: [99_999_999_999] },
    });
    expect(huge.status).toBe(400);
    const farDate = await t.request('GET', '/api/sample-dispatch-batch?sentFromDate=-271821-04-20', { token: admin });
    expect(farDate.status).toBe(400);
    const longId = await t.request('GET', '/api/sample-dispatch-batch?sentBy=99999999999999', { token: admin });
    expect(longId.status).toBe(200);
    expect(longId.body.data.total).toBe(0);
    const noSample = await t.request('POST', '/api/sample-dispatch-batch', {
      token: admin,
      body: { ...BATCH, sampleEntryIds: [4242] },
    });
    expect(noSample.status).toBe(404);
  });
});
