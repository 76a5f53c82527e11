import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dispatchBatch, sampleEntry, storedFile, thirdLabEntry } from '../../../src/server/db/schema.ts';
import { RESULT, sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';
import { labToday } from '../support/lab-day.ts';
import { thirdLabStatisticSummary } from '../../../src/server/services/samples/third-lab-list.ts';

const t = useTestApp();

/** A stored file of the given user's (only its uploader may attach it). */
async function storeFile(kind: 'pdf' | 'image', uploadedBy: number) {
  const [file] = await t.database.db
    .insert(storedFile)
    .values({
      name: kind === 'pdf' ? 'result.pdf' : 'photo.png',
      mimeType: kind === 'pdf' ? 'application/pdf' : 'image/png',
      size: 8,
      kind,
      data: Buffer.from(kind === 'pdf' ? '%PDF-1.7' : 'PNGDATA!'),
      uploadedBy,
    })
    .returning();
  return file!;
}

describe('[THIRD LAB] check in', () => {
  it('confirms a sample received and records who and when on its third-lab entry', async () => {
    const admin = await t.signInAsAdmin();
    const lab = await t.userWith(['CanCheckInThirdLab']);
    const sample = await sampleAt(t, admin, 'SentToThirdLab');
    const res = await t.request('PUT', `/api/third-lab/check-in?id=${sample.id}`, { token: lab.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.status).toBe('ThirdLabConfirmed');
    expect(res.body.data.thirdLabEntry).toMatchObject({ checkedInBy: lab.id });
    expect(res.body.data.thirdLabEntry.receivedDate).toEqual(expect.any(String));
    expect(res.body.data.thirdLabEntry.checkedInDate).toEqual(res.body.data.thirdLabEntry.receivedDate);
    const again = await t.request('PUT', `/api/third-lab/check-in?id=${sample.id}`, { token: lab.token });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      `Sample ${sample.idflNumber} is already ThirdLabConfirmed: this change was made elsewhere first.`,
    );
    expect(again.body.data).toMatchObject({ id: sample.id, status: 'ThirdLabConfirmed' });
    // Its package held only this sample: with every sample checked in, the package is Received.
    const packing = await t.request('GET', `/api/sample-dispatch-batch/${sample.dispatchBatchId}/packing-list`, {
      token: admin,
    });
    expect(packing.body.data.status).toBe('Received');
  });

  it('refuses a sample not yet sent, and users without CanCheckInThirdLab', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'TesterConfirmed');
    const res = await t.request('PUT', `/api/third-lab/check-in?id=${sample.id}`, { token: admin });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Sample ${sample.idflNumber} is TesterConfirmed; this action needs SentToThirdLab.`);
    const other = await t.userWith(['CanReturnResultThirdLab']);
    expect((await t.request('PUT', `/api/third-lab/check-in?id=${sample.id}`, { token: other.token })).status).toBe(
      403,
    );
  });
});

describe('[THIRD LAB] update result', () => {
  it('requires carbon, hydrogen and oxygen with the spec message', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const res = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: admin,
      body: { carbon: -27.1, notes: 'partial' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Carbon, Hydrogen, Oxygen is required');
    expect(res.body.errors).toEqual({
      hydrogen: 'Carbon, Hydrogen, Oxygen is required',
      oxygen: 'Carbon, Hydrogen, Oxygen is required',
    });
    const wrongType = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: admin,
      body: { ...RESULT, carbon: 'a lot' },
    });
    expect(wrongType.status).toBe(400);
  });

  it('records the values, the PDF report and who entered them', async () => {
    const admin = await t.signInAsAdmin();
    const lab = await t.userWith(['CanUpdateResultThirdLab']);
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const pdf = await storeFile('pdf', lab.id);
    const res = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: lab.token,
      body: { ...RESULT, reportFileId: pdf.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      ...RESULT,
      reportFileId: pdf.id,
      reportFileUrl: `/api/files/${pdf.id}`,
      resultEnteredBy: lab.id,
    });
    const stale = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: lab.token,
      body: { ...RESULT, version: res.body.data.version - 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ carbon: RESULT.carbon, version: res.body.data.version });
    const image = await storeFile('image', lab.id);
    const notPdf = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: lab.token,
      body: { ...RESULT, reportFileId: image.id },
    });
    expect(notPdf.status).toBe(400);
    expect(notPdf.body.errors).toEqual({ reportFileId: 'The file must be a PDF' });
    const unknown = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: lab.token,
      body: { ...RESULT, reportFileId: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.body.errors).toEqual({ reportFileId: 'File not found' });
  });

  it('refuses results for samples not checked in at the third lab, and users without the permission', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'SentToThirdLab');
    const res = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, { token: admin, body: RESULT });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Sample ${sample.idflNumber} is SentToThirdLab; this action needs ThirdLabConfirmed.`,
    );
    const other = await t.userWith(['CanCheckInThirdLab']);
    expect(
      (await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, { token: other.token, body: RESULT }))
        .status,
    ).toBe(403);
  });
});

describe('[THIRD LAB] return result', () => {
  it('needs the three values, then returns the result and tells the supervisors', async () => {
    const admin = await t.signInAsAdmin();
    const lab = await t.userWith(['CanReturnResultThirdLab', 'CanUpdateResultThirdLab']);
    const supervisor = await t.userWith(['CanConfirmFinalResult']);
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const early = await t.request('PUT', `/api/third-lab/return-result?id=${sample.id}`, { token: lab.token });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('Carbon, Hydrogen, Oxygen is required');
    await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, { token: lab.token, body: RESULT });
    const res = await t.request('PUT', `/api/third-lab/return-result?id=${sample.id}`, { token: lab.token });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('ResultReturned');
    expect(res.body.data.thirdLabEntry.resultReturnedDate).toEqual(expect.any(String));
    const notes = await t.request('GET', '/api/notification', { token: supervisor.token });
    expect(notes.body.data.items[0]).toMatchObject({ title: 'Result returned' });
    const twice = await t.request('PUT', `/api/third-lab/return-result?id=${sample.id}`, { token: lab.token });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe(
      `Sample ${sample.idflNumber} is already ResultReturned: this change was made elsewhere first.`,
    );
    const other = await t.userWith(['CanUpdateResultThirdLab']);
    expect(
      (await t.request('PUT', `/api/third-lab/return-result?id=${sample.id}`, { token: other.token })).status,
    ).toBe(403);
  });
});

describe('[THIRD LAB] undo sample transaction', () => {
  it('sends every sample of the package back to TesterConfirmed and the package back to Draft', async () => {
    const admin = await t.signInAsAdmin();
    const lab = await t.userWith(['CanUndoSampleTransaction']);
    const a = await sampleAt(t, admin, 'TesterConfirmed');
    const b = await sampleAt(t, admin, 'TesterConfirmed');
    const batch = (
      await t.request('POST', '/api/sample-dispatch-batch', {
        token: admin,
        body: { packageName: 'Box', shippmentNumber: 'S-1', packageCode: 'PKG-UNDO', sampleEntryIds: [a.id, b.id] },
      })
    ).body.data;
    await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`, { token: admin });
    await t.request('PUT', `/api/third-lab/check-in?id=${b.id}`, { token: admin });

    const res = await t.request('DELETE', '/api/third-lab/undo-sample-transaction?packageCode=PKG-UNDO', {
      token: lab.token,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.dispatchBatch).toMatchObject({ status: 'Draft', sentDate: null, sentBy: null });
    expect(res.body.data.sampleEntryIds).toEqual([a.id, b.id]);
    for (const [sample, from] of [
      [a, 'SentToThirdLab'],
      [b, 'ThirdLabConfirmed'],
    ] as const) {
      const detail = (await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: admin })).body.data;
      expect(detail).toMatchObject({
        status: 'TesterConfirmed',
        packageCode: 'PKG-UNDO',
        sentDate: null,
        shipmentNumber: null,
      });
      expect(detail.thirdLabEntries).toEqual([]);
      const undo = detail.timeline.find((e: any) => e.action === 'undoThirdLabTransaction');
      expect(undo).toMatchObject({ fromStatus: from, toStatus: 'TesterConfirmed', actorId: lab.id });
      expect(undo.reason).toContain('PKG-UNDO');
    }
    expect(await t.database.db.select().from(thirdLabEntry)).toHaveLength(0);

    // The package can go again, and the samples arrive with fresh third-lab entries.
    const resent = await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`, {
      token: admin,
    });
    expect(resent.status).toBe(200);
    expect(await t.database.db.select().from(thirdLabEntry)).toHaveLength(2);
  });

  it('refuses a package whose samples went further, a Draft package and an unknown code', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultReturned', { packageCode: 'PKG-LATE' });
    const res = await t.request('DELETE', '/api/third-lab/undo-sample-transaction?packageCode=PKG-LATE', {
      token: admin,
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(
      `Sample ${sample.idflNumber} is ResultReturned; this action needs SentToThirdLab or ThirdLabConfirmed.`,
    );
    const [batch] = await t.database.db.select().from(dispatchBatch).where(eq(dispatchBatch.packageCode, 'PKG-LATE'));
    expect(batch!.status).toBe('Received');
    await t.request('POST', '/api/sample-dispatch-batch', {
      token: admin,
      body: { packageName: 'Empty', shippmentNumber: 'S-2', packageCode: 'PKG-DRAFT' },
    });
    const draft = await t.request('DELETE', '/api/third-lab/undo-sample-transaction?packageCode=PKG-DRAFT', {
      token: admin,
    });
    expect(draft.status).toBe(409);
    expect(draft.body.message).toBe('Package PKG-DRAFT is Draft; only a sent package can be undone.');
    expect(
      (await t.request('DELETE', '/api/third-lab/undo-sample-transaction?packageCode=PKG-NONE', { token: admin }))
        .status,
    ).toBe(404);
    const other = await t.userWith(['CanCheckInThirdLab']);
    expect(
      (await t.request('DELETE', '/api/third-lab/undo-sample-transaction?packageCode=PKG-LATE', { token: other.token }))
        .status,
    ).toBe(403);
  });
});

describe('[THIRD LAB] list and summary', () => {
  it('lists the samples sent to the third lab with their entries and filters', async () => {
    const admin = await t.signInAsAdmin();
    await sampleAt(t, admin, 'TesterConfirmed');
    const sent = await sampleAt(t, admin, 'SentToThirdLab', { form: { sampleCode: 'S-1' } });
    const received = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const returned = await sampleAt(t, admin, 'ResultReturned');
    const viewer = await t.userWith(['CanViewAllTransactionThirdLab']);
    const get = async (query: string) => {
      const res = await t.request('GET', `/api/third-lab/get-all?${query}`, { token: viewer.token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data;
    };
    const all = await get('');
    expect(all.total).toBe(3);
    expect(all.items[0].thirdLabEntry).toEqual(expect.objectContaining({ sampleEntryId: expect.any(Number) }));
    const ids = async (query: string) => ((await get(query)).items as any[]).map((s) => s.id).sort();
    const today = labToday();
    expect(await ids('status=SentToThirdLab')).toEqual([sent.id]);
    expect(await ids(`IDFLNumber=${received.idflNumber}`)).toEqual([received.id]);
    // Looked up by what follows `IDFL-`, then checked whole: the same digits under another prefix do not match.
    const digits = received.idflNumber.slice('IDFL-'.length);
    await t.database.db
      .update(sampleEntry)
      .set({ idflNumber: `OLD-${digits}` })
      .where(eq(sampleEntry.id, returned.id));
    expect(await ids(`IDFLNumber=${received.idflNumber}`)).toEqual([received.id]);
    expect(await ids(`IDFLNumber=${digits}`)).toEqual([received.id, returned.id].sort());
    expect(await ids(`thirdLabReceivedDate=${today}`)).toEqual([received.id, returned.id].sort());
    expect(await ids(`resultReturnedDate=${today}`)).toEqual([returned.id]);
    expect(await ids(`sentToThirdLabDate=${today}`)).toHaveLength(3);
    expect(await ids('sentToThirdLabDate=2001-01-01')).toEqual([]);
    expect(await ids('thirdLabReceivedBy=admin')).toEqual([received.id, returned.id].sort());
    expect(await ids('sentToThirdLabBy=admin')).toHaveLength(3);
    const none = await t.userWith(['CanCheckInThirdLab']);
    expect((await t.request('GET', '/api/third-lab/get-all', { token: none.token })).status).toBe(403);

    const summary = await t.request('GET', '/api/third-lab/statistic-summary', { token: viewer.token });
    expect(summary.status).toBe(200);
    expect(summary.body.data).toMatchObject({
      byStatus: { SentToThirdLab: 1, ThirdLabConfirmed: 1, ResultReturned: 1, ResultConfirmed: 0, Completed: 0 },
      total: 3,
      receivedThisMonth: 2,
      returnedThisMonth: 1,
    });
  });

  it("counts this month's receipts by the laboratory's month, not UTC's", async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    // 01:00 on 1 December in Ho Chi Minh City: still 30 November in UTC.
    await t.database.db
      .update(thirdLabEntry)
      .set({ receivedDate: new Date('2026-11-30T18:00:00Z') })
      .where(eq(thirdLabEntry.sampleEntryId, sample.id));
    const now = new Date('2026-12-01T03:00:00Z');
    const there = await thirdLabStatisticSummary(t.database.db, { timeZone: 'Asia/Ho_Chi_Minh', now });
    expect(there).toMatchObject({ month: '2026-12', receivedThisMonth: 1 });
    const utc = await thirdLabStatisticSummary(t.database.db, { timeZone: 'UTC', now });
    expect(utc).toMatchObject({ month: '2026-12', receivedThisMonth: 0 });
  });

  it('filters by BN code', async () => {
    const admin = await t.signInAsAdmin();
    const tagged = await sampleAt(t, admin, 'SentToThirdLab', { form: { bnCode: 'BN-42' } });
    await sampleAt(t, admin, 'SentToThirdLab', { form: { bnCode: 'BN-99' } });
    const res = await t.request('GET', '/api/third-lab/get-all?BNCode=BN-42', { token: admin });
    expect(res.body.data.items.map((s: any) => s.id)).toEqual([tagged.id]);
  });
});
