import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, sampleEntry } from '../../../src/server/db/schema.ts';
import { verifyAuditChain } from '../../../src/server/services/custody/audit-verification.ts';
import { statusesBetween } from '../../../src/shared/workflow/sample-workflow.ts';
import { insertBooking } from '../support/booking-rows.ts';
import { CHECK_IN, RESULT, SAMPLE_FORM } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

/** The version a client would have read just before editing the sample. */
async function versionOf(id: number) {
  const [row] = await t.database.db
    .select({ version: sampleEntry.version })
    .from(sampleEntry)
    .where(eq(sampleEntry.id, id));
  return row!.version;
}

describe('[CUSTODY] a full journey through the API', () => {
  it('moves a sample from creation to ResultConfirmed with a complete timeline and an intact chain', async () => {
    const cs = await t.userWith([
      'CanCreateSampleEntryCs',
      'CanCheckInSampleEntryCs',
      'CanTransferSampleEntryToTester',
      'CanViewDetailSampleEntryCs',
    ]);
    const tester = await t.userWith([
      'CanCheckInSampleEntryTester',
      'CanUpdateSampleEntryTester',
      'CanTransferSampleEntryToThirdLab',
    ]);
    const shipping = await t.userWith(['CanCreateDispatchBatch', 'CanViewAllDispatchBatch']);
    const lab = await t.userWith(['CanCheckInThirdLab', 'CanUpdateResultThirdLab', 'CanReturnResultThirdLab']);
    const supervisor = await t.userWith([
      'CanUpdateSampleEntrySupervisor',
      'CanConfirmFinalResult',
      'CanViewDetailSampleEntrySupervisor',
    ]);

    const created = await t.request('POST', '/api/cs-lab/create', { token: cs.token, body: SAMPLE_FORM });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect(created.body.data).toMatchObject({ status: 'New', idflNumber: expect.stringMatching(/^IDFL-\d{4}-00001$/) });

    const steps: [string, string, string, unknown?][] = [
      [cs.token, 'PUT', `/api/cs-lab/check-in?id=${id}&entry=sample`, CHECK_IN],
      [cs.token, 'PUT', `/api/cs-lab/transfer-to-tester?id=${id}`],
      [tester.token, 'PUT', `/api/tester-lab/check-in?id=${id}`],
      [
        tester.token,
        'PUT',
        `/api/tester-lab/update-sample?id=${id}`,
        { sentWeight: 20, storageArea: 'Shelf B', version: 4 },
      ],
    ];
    for (const [token, method, path, body] of steps) {
      const res = await t.request(method, path, { token, body });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    }
    const batch = await t.request('POST', '/api/sample-dispatch-batch', {
      token: shipping.token,
      body: { packageName: 'Box 1', shippmentNumber: 'DHL-778' },
    });
    expect(batch.status).toBe(201);
    const code = batch.body.data.packageCode;
    const added = await t.request('POST', `/api/tester-lab/transfer-to-third-lab?id=${id}`, {
      token: tester.token,
      body: { packageCode: code },
    });
    expect(added.status).toBe(200);
    const sent = await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.body.data.id}`, {
      token: shipping.token,
    });
    expect(sent.status).toBe(200);
    for (const [token, path, body] of [
      [lab.token, `/api/third-lab/check-in?id=${id}`],
      [lab.token, `/api/third-lab/update-result?id=${id}`, RESULT],
      [lab.token, `/api/third-lab/return-result?id=${id}`],
      [
        supervisor.token,
        `/api/supervisor-lab/conclusion-lab/update?id=${id}`,
        {
          expectedConclusion: 'Vietnam',
          conclusion: 'Consistent with Vietnam',
          predictedOrigin: 'Vietnam',
          originReason: 'No reference set for this material yet',
        },
      ],
      [supervisor.token, `/api/supervisor-lab/confirm-final-result?id=${id}`],
    ] as [string, string, unknown?][]) {
      const edit = path.includes('conclusion-lab') ? { ...(body as object), version: await versionOf(id) } : body;
      const res = await t.request('PUT', path, { token, body: edit });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    }

    const detail = await t.request('GET', `/api/supervisor-lab/get-detail/${id}`, { token: supervisor.token });
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      status: 'ResultConfirmed',
      initialWeight: 120,
      sentWeight: 20,
      remainingWeight: 100,
      packageCode: code,
      shipmentNumber: 'DHL-778',
      finalResultConfirmedBy: supervisor.id,
    });
    expect(detail.body.data.thirdLabEntries).toHaveLength(1);
    expect(detail.body.data.thirdLabEntries[0]).toMatchObject({
      carbon: -27.1,
      hydrogen: -65.4,
      oxygen: 24.2,
      resultEnteredBy: lab.id,
      testTeamConfirmedBy: supervisor.id,
    });

    const timeline = await t.request('GET', `/api/sample-entries/${id}/timeline`, { token: cs.token });
    expect(timeline.status).toBe(200);
    const events = timeline.body.data as any[];
    expect(events.map((e) => e.action)).toEqual([
      'create',
      'csCheckIn',
      'transferToTester',
      'testerCheckIn',
      'testerUpdate',
      'addToDispatchBatch',
      'sendToThirdLab',
      'thirdLabCheckIn',
      'updateResult',
      'returnResult',
      'updateConclusion',
      'confirmFinalResult',
    ]);
    const transitions = events.filter((e) => e.toStatus).map((e) => [e.fromStatus, e.toStatus]);
    expect(transitions).toEqual([
      [null, 'New'],
      ['New', 'CsConfirmed'],
      ['CsConfirmed', 'SentToTester'],
      ['SentToTester', 'TesterConfirmed'],
      ['TesterConfirmed', 'SentToThirdLab'],
      ['SentToThirdLab', 'ThirdLabConfirmed'],
      ['ThirdLabConfirmed', 'ResultReturned'],
      ['ResultReturned', 'ResultConfirmed'],
    ]);
    const byAction = Object.fromEntries(events.map((e) => [e.action, e]));
    expect(byAction.csCheckIn.actorName).toBe(`Test ${cs.username}`);
    expect(byAction.testerUpdate.changes).toMatchObject({
      sentWeight: { from: null, to: 20 },
      remainingWeight: { from: 120, to: 100 },
      storageArea: { from: null, to: 'Shelf B' },
    });
    expect(byAction.updateResult.actorId).toBe(lab.id);
    expect(byAction.updateResult.changes.carbon).toEqual({ from: null, to: -27.1 });
    for (const e of events) expect(typeof e.at).toBe('string');

    const verify = await t.request('GET', '/api/audit/verify', { token: supervisor.token });
    expect(verify.status).toBe(200);
    expect(verify.body.data).toMatchObject({ valid: true });
    expect(verify.body.data.checked).toBeGreaterThanOrEqual(events.length);
    expect((await verifyAuditChain(t.database.db)).valid).toBe(true);
  });
});

describe('[CUSTODY] from a booking', () => {
  it('takes a sample from its confirmed booking (New), through its receipt, to ResultConfirmed with its whole timeline', async () => {
    const admin = await t.signInAsAdmin();
    const lab = await t.userWith(['CanUpdateResultThirdLab']);
    const order = await insertBooking(t.database.db, {
      bookingNumber: 'BK-2026-00042',
      sampleTypes: [{ type: 'Cotton', composition: 'Raw', origin: 'Vietnam' }],
    });
    const confirmed = await t.request('PUT', `/api/cs-lab/check-in?id=${order.id}`, { token: admin });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const [sample] = confirmed.body.data.sampleEntries;
    expect(sample.status).toBe('New');
    const id = sample.id;
    const batch = await t.request('POST', '/api/sample-dispatch-batch', {
      token: admin,
      body: { packageName: 'Box', shippmentNumber: 'S-42' },
    });
    const calls: [string, string, unknown?, string?][] = [
      // Received after its booking was made (a receipt before the booking is refused).
      ['PUT', `/api/cs-lab/check-in?id=${id}&entry=sample`, { ...CHECK_IN, receivedDate: new Date().toISOString() }],
      ['PUT', `/api/cs-lab/transfer-to-tester?id=${id}`],
      ['PUT', `/api/tester-lab/check-in?id=${id}`],
      ['POST', `/api/tester-lab/transfer-to-third-lab?id=${id}`, { packageCode: batch.body.data.packageCode }],
      ['POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.body.data.id}`],
      ['PUT', `/api/third-lab/check-in?id=${id}`],
      ['PUT', `/api/third-lab/update-result?id=${id}`, RESULT, lab.token],
      ['PUT', `/api/third-lab/return-result?id=${id}`],
      [
        'PUT',
        `/api/supervisor-lab/conclusion-lab/update?id=${id}`,
        {
          expectedConclusion: 'Vietnam',
          conclusion: 'Vietnam',
          originReason: 'No reference set for this material yet',
        },
      ],
      ['PUT', `/api/supervisor-lab/confirm-final-result?id=${id}`],
    ];
    for (const [method, path, body, token] of calls) {
      const edit = path.includes('conclusion-lab') ? { ...(body as object), version: await versionOf(id) } : body;
      const res = await t.request(method, path, { token: token ?? admin, body: edit });
      expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(200);
    }
    const timeline = (await t.request('GET', `/api/sample-entries/${id}/timeline`, { token: admin })).body
      .data as any[];
    expect(timeline.filter((e) => e.toStatus).map((e) => e.toStatus)).toEqual(
      statusesBetween('New', 'ResultConfirmed'),
    );
    expect(timeline[0]).toMatchObject({ action: 'create', reason: 'Created from booking BK-2026-00042' });
    expect(timeline[1]).toMatchObject({ action: 'csCheckIn', fromStatus: 'New', toStatus: 'CsConfirmed' });
    for (const e of timeline) expect(e.actorName).toEqual(expect.any(String));
    expect((await t.request('GET', '/api/audit/verify', { token: admin })).body.data.valid).toBe(true);
    // The whole log of the walk as it is recorded, numbers aside (ids, codes, weights): moving the
    // services about must leave every entry, its fields and its reason as they are.
    const recorded = timeline.map((e) => ({
      action: e.action,
      status: e.toStatus ? `${e.fromStatus ?? '—'} → ${e.toStatus}` : null,
      fields: Object.keys(e.changes ?? {}).sort(),
      reason: typeof e.reason === 'string' ? e.reason.replace(/\d+/g, 'N') : e.reason,
    }));
    expect(recorded).toMatchInlineSnapshot(`
      [
        {
          "action": "create",
          "fields": [
            "bookingNumber",
            "idflNumber",
            "sampleType",
            "source",
          ],
          "reason": "Created from booking BK-N-N",
          "status": "— → New",
        },
        {
          "action": "csCheckIn",
          "fields": [
            "confirmDate",
            "initialWeight",
            "receivedBy",
            "receivedCondition",
            "receivedDate",
            "remainingWeight",
            "unit",
          ],
          "reason": null,
          "status": "New → CsConfirmed",
        },
        {
          "action": "transferToTester",
          "fields": [
            "sentToTesterBy",
            "sentToTesterDate",
          ],
          "reason": null,
          "status": "CsConfirmed → SentToTester",
        },
        {
          "action": "testerCheckIn",
          "fields": [
            "testerReceivedBy",
            "testerReceivedDate",
          ],
          "reason": null,
          "status": "SentToTester → TesterConfirmed",
        },
        {
          "action": "addToDispatchBatch",
          "fields": [
            "dispatchBatchId",
            "packageCode",
          ],
          "reason": null,
          "status": null,
        },
        {
          "action": "sendToThirdLab",
          "fields": [
            "sentBy",
            "sentDate",
            "shipmentNumber",
          ],
          "reason": null,
          "status": "TesterConfirmed → SentToThirdLab",
        },
        {
          "action": "thirdLabCheckIn",
          "fields": [],
          "reason": null,
          "status": "SentToThirdLab → ThirdLabConfirmed",
        },
        {
          "action": "updateResult",
          "fields": [
            "carbon",
            "hydrogen",
            "notes",
            "oxygen",
            "resultEnteredBy",
          ],
          "reason": null,
          "status": null,
        },
        {
          "action": "returnResult",
          "fields": [
            "analysisDate",
          ],
          "reason": null,
          "status": "ThirdLabConfirmed → ResultReturned",
        },
        {
          "action": "updateConclusion",
          "fields": [
            "conclusion",
            "expectedConclusion",
            "originReason",
          ],
          "reason": null,
          "status": null,
        },
        {
          "action": "confirmFinalResult",
          "fields": [
            "finalResultConfirmedAt",
            "finalResultConfirmedBy",
          ],
          "reason": null,
          "status": "ResultReturned → ResultConfirmed",
        },
      ]
    `);
  });
});

describe('[CUSTODY] the audit table', () => {
  it('refuses UPDATE and DELETE in the database itself', async () => {
    const admin = await t.signInAsAdmin();
    await t.request('POST', '/api/cs-lab/create', { token: admin, body: SAMPLE_FORM });
    const db = t.database.db;
    const [row] = await db.select().from(auditRecord).limit(1);
    expect(row).toBeDefined();
    await expect(db.execute(sql`UPDATE audit_record SET reason = 'tampered' WHERE id = ${row!.id}`)).rejects.toThrow();
    await expect(db.execute(sql`DELETE FROM audit_record WHERE id = ${row!.id}`)).rejects.toThrow();
    expect((await verifyAuditChain(db)).valid).toBe(true);
  });

  it('detects a forged record through the hash chain', async () => {
    const admin = await t.signInAsAdmin();
    await t.request('POST', '/api/cs-lab/create', { token: admin, body: SAMPLE_FORM });
    const db = t.database.db;
    // Disabling the trigger needs the owner: what a tamperer with database access would do.
    await db.execute(sql`ALTER TABLE audit_record DISABLE TRIGGER audit_record_append_only`);
    try {
      await db.execute(sql`UPDATE audit_record SET reason = 'forged' WHERE id = (SELECT min(id) FROM audit_record)`);
    } finally {
      await db.execute(sql`ALTER TABLE audit_record ENABLE TRIGGER audit_record_append_only`);
    }
    const verify = await t.request('GET', '/api/audit/verify', { token: admin });
    expect(verify.body.data.valid).toBe(false);
    expect(verify.body.data.brokenAt).toBeGreaterThan(0);
  });

  it('limits the timeline and the chain check to their permissions', async () => {
    const none = await t.userWith(['CanCreateSampleEntryCs']);
    const created = await t.request('POST', '/api/cs-lab/create', { token: none.token, body: SAMPLE_FORM });
    expect(
      (await t.request('GET', `/api/sample-entries/${created.body.data.id}/timeline`, { token: none.token })).status,
    ).toBe(403);
    expect((await t.request('GET', '/api/audit/verify', { token: none.token })).status).toBe(403);
    expect((await t.request('GET', '/api/audit/verify')).status).toBe(401);
    const viewer = await t.userWith(['CanViewDetailSampleEntryCs']);
    expect(
      (await t.request('GET', `/api/sample-entries/${created.body.data.id}/timeline`, { token: viewer.token })).status,
    ).toBe(200);
    // The third lab holds a timeline permission, but this sample was never sent to it.
    const thirdLab = await t.userWith(['CanViewAllTransactionThirdLab']);
    expect(
      (await t.request('GET', `/api/sample-entries/${created.body.data.id}/timeline`, { token: thirdLab.token }))
        .status,
    ).toBe(404);
    expect((await t.request('GET', '/api/sample-entries/9999/timeline', { token: viewer.token })).status).toBe(404);
  });
});
