import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, qcCheckResult, referenceMaterial } from '../../../src/server/db/schema.ts';
import { labToday } from '../support/lab-day.ts';
import { JOURNEY_ORIGIN_REASON, sampleAt } from '../support/sample-journey.ts';
import { ASSIGNED, isodatCsv, measured, qcRuns, TARGET } from '../support/qc-runs.ts';
import { useTestApp } from '../support/test-app.ts';

// Quality control through the real app: instrument runs in Isodat's layout written here, their check
// standard (IAEA-600, measured as an unknown) read at chosen distances from its chart's mean, each
// Westgard rejection rule broken in turn; the rejected run holds its samples at confirmation and at
// certificate issue until a second supervisor releases its non-conformity with their password.

const t = useTestApp();

const { importRun, setTarget } = qcRuns(t);
const PASSWORD = 'password-123';

async function people() {
  const admin = await t.signInAsAdmin();
  const supervisorPermissions = [
    'CanViewNonConformity',
    'CanReleaseNonConformity',
    'CanSetQcControlLimits',
    'CanImportMeasurementRun',
    'CanViewMeasurementRun',
  ] as const;
  // The importer is a supervisor too: only the four-eyes rule stops them releasing their own run.
  const importer = await t.userWith(supervisorPermissions);
  const second = await t.userWith(supervisorPermissions);
  return { admin, importer, second };
}

/** A sample whose result the third lab returned, with the supervisor's conclusion: ready to confirm. */
async function returnedSample(admin: string) {
  const sample = await sampleAt(t, admin, 'ResultReturned');
  const res = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
    token: admin,
    body: {
      expectedConclusion: 'Consistent with Vietnam',
      conclusion: 'Consistent with the claimed origin',
      originReason: JOURNEY_ORIGIN_REASON,
      version: sample.version,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return sample;
}

const confirm = (admin: string, id: number) =>
  t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${id}`, { token: admin });
const issue = (admin: string, id: number) => t.request('PUT', `/api/issue-certificate?id=${id}`, { token: admin });

/** The rejected run's samples are held: 409 qcHold at confirmation and at certificate issue, naming run and rule. */
async function expectHeld(
  admin: string,
  { returned, confirmed }: { returned: any; confirmed: any },
  runId: number,
  rule: string,
) {
  const refused = await confirm(admin, returned.id);
  expect(refused.status, JSON.stringify(refused.body)).toBe(409);
  expect(refused.body.code).toBe('qcHold');
  expect(refused.body.message).toContain(`run ${runId}`);
  expect(refused.body.message).toContain(rule);
  const notIssued = await issue(admin, confirmed.id);
  expect(notIssued.status, JSON.stringify(notIssued.body)).toBe(409);
  expect(notIssued.body.code).toBe('qcHold');
  expect(notIssued.body.params).toMatchObject({ run: runId, idflNumber: confirmed.idflNumber });
}

async function nonconformityOf(token: string, run: any) {
  expect(run.qc.nonconformity, JSON.stringify(run.qc)).not.toBeNull();
  const res = await t.request('GET', `/api/qc/nonconformities/${run.qc.nonconformity.id}`, { token });
  expect(res.status).toBe(200);
  return res.body.data;
}

const idsOf = (samples: { id?: number; sampleEntryId?: number }[]) =>
  samples.map((s) => s.sampleEntryId ?? s.id).sort((a, b) => a! - b!);

describe('[QC] limits established from the first 20 results', () => {
  it('judges nothing until 20 results exist, then rejects a result beyond 3 SD of them (1-3s)', async () => {
    const { admin, importer } = await people();
    // 20 results of IAEA-600 (two a run) spread ±0.05 ‰ around its value: their SD is about 0.034.
    const spread = [0.5, -0.5, 0.3, -0.3, 0.1, -0.1, 0.4, -0.4, 0.2, -0.2];
    for (let i = 0; i < 10; i++) {
      const run = await importRun(importer.token, [spread[i]!, -spread[i]!], [], 0.1);
      expect(run.qc.verdict).toBe('notJudged');
      expect(run.qc.checks.find((c: any) => c.element === 'carbon')).toMatchObject({
        status: 'limitsNotEstablished',
        earlierResults: 2 * i,
      });
    }
    const inControl = await importRun(importer.token, [0.2], [], 0.1);
    expect(inControl.qc.verdict).toBe('inControl');
    const carbon = inControl.qc.checks.find((c: any) => c.element === 'carbon');
    expect(carbon.limits.source).toBe('established');
    expect(carbon.limits.mean).toBeCloseTo(TARGET.mean, 2);
    expect(carbon.limits.sd).toBeGreaterThan(0.03);
    expect(carbon.limits.sd).toBeLessThan(0.04);
    const held = { returned: await returnedSample(admin), confirmed: await sampleAt(t, admin, 'ResultConfirmed') };
    // 0.15 ‰ off: more than 3 SD of the established chart (about 0.034 ‰) though within 2 of the target's 0.1.
    const rejected = await importRun(importer.token, [1.5], [held.returned, held.confirmed], 0.1);
    expect(rejected.qc.verdict).toBe('rejected');
    expect(rejected.qc.rules).toContain('1-3s');
    await expectHeld(admin, held, rejected.id, '1-3s');
  }, 180_000);
});

describe('[QC] a supervisor sets the target limits', () => {
  it('only with the permission, with field errors for a bad SD', async () => {
    const { admin } = await people();
    const lab = await t.userWith(['CanImportMeasurementRun', 'CanViewNonConformity']);
    const refused = await t.request('PUT', '/api/qc/control-limits', {
      token: lab.token,
      body: { referenceMaterialId: 1, element: 'carbon', mean: 0, sd: 0.1 },
    });
    expect(refused.status).toBe(403);
    const bad = await t.request('PUT', '/api/qc/control-limits', {
      token: admin,
      body: { referenceMaterialId: 1, element: 'carbon', mean: 0, sd: 0 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toHaveProperty('sd');
    const set = await setTarget(admin);
    expect(set).toMatchObject({ name: 'IAEA-600', element: 'carbon', mean: TARGET.mean, sd: TARGET.sd, version: 1 });
    const limitEntries = () =>
      t.database.db
        .select({ action: auditRecord.action, changes: auditRecord.changes })
        .from(auditRecord)
        .where(and(eq(auditRecord.entityType, 'qc_control_limit'), eq(auditRecord.entityId, String(set.id))));
    expect(await limitEntries()).toEqual([
      { action: 'create', changes: { mean: { from: null, to: TARGET.mean }, sd: { from: null, to: TARGET.sd } } },
    ]);
    // The same limits again change nothing: no new version and no custody entry.
    expect((await setTarget(admin)).version).toBe(1);
    expect(await limitEntries()).toHaveLength(1);
    const moved = await t.request('PUT', '/api/qc/control-limits', {
      token: admin,
      body: { referenceMaterialId: set.referenceMaterialId, element: 'carbon', mean: TARGET.mean, sd: TARGET.sd * 2 },
    });
    expect(moved.body.data.version).toBe(2);
    expect((await limitEntries())[1]).toMatchObject({
      action: 'update',
      changes: { sd: { from: TARGET.sd, to: TARGET.sd * 2 } },
    });
  });
});

describe('[QC] a 1-2s run', () => {
  it('only warns: its samples are confirmed as usual', async () => {
    const { admin, importer } = await people();
    await setTarget(admin);
    const sample = await returnedSample(admin);
    const run = await importRun(importer.token, [2.5], [sample]);
    expect(run.qc).toMatchObject({ verdict: 'warning', rules: [], nonconformity: null });
    expect(run.qc.checks.find((c: any) => c.element === 'carbon')).toMatchObject({
      status: 'judged',
      rules: ['1-2s'],
      limits: { source: 'target' },
    });
    // Nitrogen has neither a target nor 20 results: that chart says so.
    expect(run.qc.checks.find((c: any) => c.element === 'nitrogen').status).toBe('limitsNotEstablished');
    expect((await confirm(admin, sample.id)).status).toBe(200);
  });
});

describe('[QC] a 1-3s rejection', () => {
  it('holds the run’s samples until a second supervisor releases it with a justification and their password', async () => {
    const { admin, importer, second } = await people();
    await setTarget(admin);
    const earlier = await returnedSample(admin);
    const inControl = await importRun(importer.token, [0.4, -0.3], [earlier]);
    expect(inControl.qc.verdict).toBe('inControl');
    const held = { returned: await returnedSample(admin), confirmed: await sampleAt(t, admin, 'ResultConfirmed') };
    const run = await importRun(importer.token, [3.5], [held.returned, held.confirmed]);
    expect(run.qc).toMatchObject({ verdict: 'rejected', rules: ['1-3s'] });
    await expectHeld(admin, held, run.id, '1-3s');
    // The in-control run's sample is not held.
    expect((await confirm(admin, earlier.id)).status).toBe(200);

    const record = await nonconformityOf(admin, run);
    expect(record).toMatchObject({
      status: 'open',
      measurementRunId: run.id,
      importedBy: importer.id,
      rules: [{ rule: '1-3s', name: 'IAEA-600', element: 'carbon' }],
    });
    expect(idsOf(record.samples)).toEqual(idsOf([held.returned, held.confirmed]));
    // Those who may release it hear of it.
    const bell = await t.request('GET', '/api/notification', { token: second.token });
    expect(bell.body.data.items.filter((n: any) => n.kind === 'runRejected' && n.params.number === record.id)).toEqual([
      expect.objectContaining({
        title: 'Run rejected',
        message: `Run no. ${run.id} was rejected by quality control (1-3s): non-conformity no. ${record.id} holds 2 sample(s) until a supervisor releases it.`,
        link: '/nonconformities',
        params: { number: record.id, run: run.id, rules: '1-3s', count: 2 },
      }),
    ]);
    const list = await t.request('GET', '/api/qc/nonconformities?status=open', { token: admin });
    expect(list.body.data.items.map((n: any) => n.id)).toEqual([record.id]);
    // The hold is in the custody log.
    const holds = await t.database.db
      .select()
      .from(auditRecord)
      .where(and(eq(auditRecord.entityId, String(held.returned.id)), eq(auditRecord.action, 'qcHold')));
    expect(holds).toHaveLength(1);

    const release = (token: string, body: Record<string, unknown>) =>
      t.request('POST', `/api/qc/nonconformities/${record.id}/release`, { token, body });
    const justification = 'Source cleaned and the check standard re-measured in control; the samples re-run agree.';
    const byImporter = await release(importer.token, { justification, password: PASSWORD });
    expect(byImporter.status).toBe(403);
    expect(byImporter.body.code).toBe('qcReleaseByImporter');
    const wrongPassword = await release(second.token, { justification, password: 'not-my-password' });
    expect(wrongPassword.status).toBe(400);
    expect(wrongPassword.body.code).toBe('qcReleasePasswordWrong');
    expect(wrongPassword.body.errors).toHaveProperty('password');
    const noReason = await release(second.token, { justification: ' ', password: PASSWORD });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toHaveProperty('justification');
    const thirdLab = await t.userWith(['CanViewNonConformity']);
    expect((await release(thirdLab.token, { justification, password: PASSWORD })).status).toBe(403);
    // Still held after every refused attempt.
    expect((await confirm(admin, held.returned.id)).body.code).toBe('qcHold');

    const released = await release(second.token, { justification, password: PASSWORD });
    expect(released.status, JSON.stringify(released.body)).toBe(200);
    expect(released.body.data).toMatchObject({ status: 'released', releasedBy: second.id, justification });
    expect((await release(second.token, { justification, password: PASSWORD })).body.code).toBe(
      'nonconformityReleased',
    );

    // The signature in the custody log of every sample it covered: name, time, meaning "released".
    for (const sample of [held.returned, held.confirmed]) {
      const timeline = await t.request('GET', `/api/sample-entries/${sample.id}/timeline`, { token: admin });
      expect(timeline.status, JSON.stringify(timeline.body)).toBe(200);
      const events = timeline.body.data.items ?? timeline.body.data;
      const signed = events.find((e: any) => e.action === 'qcRelease');
      expect(signed).toMatchObject({
        actorName: `Test ${second.username}`,
        changes: { qcHold: { from: 'held', to: 'released' }, nonconformityId: { from: null, to: record.id } },
        reason: `Released from non-conformity ${record.id}: ${justification}`,
      });
      expect(new Date(signed.at).toISOString()).toBe(released.body.data.releasedAt);
    }
    // Confirmation and certificate issue proceed.
    expect((await confirm(admin, held.returned.id)).status).toBe(200);
    const issued = await issue(admin, held.confirmed.id);
    expect(issued.status, JSON.stringify(issued.body)).toBeLessThan(300);
  });
});

describe('[QC] a recomputed run', () => {
  it('is judged again on its new values: beyond the limits it opens the run’s non-conformity, once', async () => {
    const { admin, importer } = await people();
    await setTarget(admin);
    const sample = await returnedSample(admin);
    const run = await importRun(importer.token, [0.4], [sample]);
    expect(run.qc.verdict).toBe('inControl');
    // USGS40's carbon value revised by +0.5 ‰: the check standard, just below it on the scale, moves
    // about 5 SD once the run is computed again.
    const [usgs40] = await t.database.db.select().from(referenceMaterial).where(eq(referenceMaterial.name, 'USGS40'));
    const revised = await t.request('POST', `/api/reference-materials/${usgs40!.id}/values`, {
      token: admin,
      body: {
        element: 'carbon',
        value: ASSIGNED.USGS40.carbon + 0.5,
        uncertainty: 0.05,
        validFrom: labToday(),
        source: 'Hypothetical revision',
      },
    });
    expect(revised.status, JSON.stringify(revised.body)).toBe(201);
    const recompute = () => t.request('POST', `/api/measurement-runs/${run.id}/recompute`, { token: admin });

    const first = await recompute();
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data.qc.verdict).toBe('rejected');
    const record = await nonconformityOf(admin, first.body.data);
    expect(idsOf(record.samples)).toEqual(idsOf([sample]));
    expect((await confirm(admin, sample.id)).body.code).toBe('qcHold');
    // Computed again: judged again, the same non-conformity, the run's results on the chart once.
    expect((await recompute()).body.data.qc.verdict).toBe('rejected');
    const open = await t.request('GET', '/api/qc/nonconformities?status=open', { token: admin });
    expect(open.body.data.items.filter((n: any) => n.measurementRunId === run.id)).toHaveLength(1);
    const onChart = await t.database.db
      .select()
      .from(qcCheckResult)
      .where(and(eq(qcCheckResult.measurementRunId, run.id), eq(qcCheckResult.element, 'carbon')));
    expect(onChart).toHaveLength(1);
    // The verdict's change is in the run's audit trail, with the revision that made it.
    const recomputes = await t.database.db
      .select()
      .from(auditRecord)
      .where(
        and(
          eq(auditRecord.entityType, 'measurement_run'),
          eq(auditRecord.entityId, String(run.id)),
          eq(auditRecord.action, 'recompute'),
        ),
      )
      .orderBy(auditRecord.id);
    expect(recomputes.map((r) => (r.changes as any).qcVerdict ?? null)).toEqual([
      { from: 'inControl', to: 'rejected' },
      null,
    ]);
  });
});

describe('[QC] the release password', () => {
  it('stops taking guesses after five wrong passwords in the hour, even the right one', async () => {
    const { admin, importer, second } = await people();
    await setTarget(admin);
    const run = await importRun(importer.token, [3.5], [await returnedSample(admin)]);
    const record = await nonconformityOf(admin, run);
    const release = (password: string) =>
      t.request('POST', `/api/qc/nonconformities/${record.id}/release`, {
        token: second.token,
        body: { justification: 'The check standard was re-measured in control.', password },
      });
    for (let guess = 1; guess <= 5; guess++) {
      const wrong = await release(`guess-${guess}`);
      expect(wrong.status).toBe(400);
      expect(wrong.body.code).toBe('qcReleasePasswordWrong');
    }
    const held = await release(PASSWORD);
    expect(held.status).toBe(429);
    expect(held.body.code).toBe('tooManyAttempts');
    // Nothing was released.
    expect((await nonconformityOf(admin, run)).status).toBe('open');
  });
});

describe('[QC] the multi-run rules', () => {
  it('2-2s: a warning run followed by another beyond 2 SD on the same side holds both runs’ samples', async () => {
    const { admin, importer } = await people();
    await setTarget(admin);
    expect((await importRun(importer.token, [0.2], [await returnedSample(admin)])).qc.verdict).toBe('inControl');
    const warned = await returnedSample(admin);
    expect((await importRun(importer.token, [2.5], [warned])).qc.verdict).toBe('warning');
    const held = { returned: await returnedSample(admin), confirmed: await sampleAt(t, admin, 'ResultConfirmed') };
    const run = await importRun(importer.token, [2.4], [held.returned, held.confirmed]);
    expect(run.qc).toMatchObject({ verdict: 'rejected', rules: ['2-2s'] });
    await expectHeld(admin, held, run.id, '2-2s');
    // Since the last in-control run: the warned run's sample too.
    const record = await nonconformityOf(admin, run);
    expect(idsOf(record.samples)).toEqual(idsOf([warned, held.returned, held.confirmed]));
    expect((await confirm(admin, warned.id)).body.code).toBe('qcHold');
  });

  it('R-4s: one result beyond +2 SD and another beyond −2 SD in one run', async () => {
    const { admin, importer } = await people();
    await setTarget(admin);
    const before = await returnedSample(admin);
    expect((await importRun(importer.token, [-0.5], [before])).qc.verdict).toBe('inControl');
    const held = { returned: await returnedSample(admin), confirmed: await sampleAt(t, admin, 'ResultConfirmed') };
    const run = await importRun(importer.token, [2.5, -2.5], [held.returned, held.confirmed]);
    expect(run.qc).toMatchObject({ verdict: 'rejected', rules: ['R-4s'] });
    await expectHeld(admin, held, run.id, 'R-4s');
    expect(idsOf((await nonconformityOf(admin, run)).samples)).toEqual(idsOf([held.returned, held.confirmed]));
  });

  it('4-1s: the fourth result in a row beyond 1 SD on one side', async () => {
    const { admin, importer } = await people();
    await setTarget(admin);
    await importRun(importer.token, [0]);
    for (let i = 0; i < 3; i++) expect((await importRun(importer.token, [1.5])).qc.verdict).toBe('inControl');
    const held = { returned: await returnedSample(admin), confirmed: await sampleAt(t, admin, 'ResultConfirmed') };
    const run = await importRun(importer.token, [1.5], [held.returned, held.confirmed]);
    expect(run.qc).toMatchObject({ verdict: 'rejected', rules: ['4-1s'] });
    await expectHeld(admin, held, run.id, '4-1s');
    expect(idsOf((await nonconformityOf(admin, run)).samples)).toEqual(idsOf([held.returned, held.confirmed]));
  });

  it('10-x: the tenth result in a row on one side of the mean', async () => {
    const { admin, importer } = await people();
    await setTarget(admin);
    const earlier = await returnedSample(admin);
    // Four runs of two results each, every one a little above the mean: in control.
    for (let i = 0; i < 4; i++)
      expect((await importRun(importer.token, [0.5, 0.3], i === 3 ? [earlier] : [])).qc.verdict).toBe('inControl');
    const held = { returned: await returnedSample(admin), confirmed: await sampleAt(t, admin, 'ResultConfirmed') };
    const run = await importRun(importer.token, [0.4, 0.5], [held.returned, held.confirmed]);
    expect(run.qc).toMatchObject({ verdict: 'rejected', rules: ['10-x'] });
    await expectHeld(admin, held, run.id, '10-x');
    // The run before was in control: its sample is not held.
    expect(idsOf((await nonconformityOf(admin, run)).samples)).toEqual(idsOf([held.returned, held.confirmed]));
    expect((await confirm(admin, earlier.id)).status).toBe(200);
  });
});

describe('[QC] duplicates of one sample', () => {
  it('flag the sample on the run when they differ by more than the limit, without rejecting the run', async () => {
    const { admin, importer } = await people();
    await setTarget(admin);
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const csv = isodatCsv([
      measured('USGS40', ASSIGNED.USGS40),
      measured('USGS41a', ASSIGNED.USGS41a),
      measured('IAEA-600', { carbon: TARGET.mean, nitrogen: 1.0 }),
      measured(sample.idflNumber, { carbon: -25, nitrogen: 5 }),
      measured(`${sample.idflNumber}_2`, { carbon: -25.4, nitrogen: 5.1 }),
      measured('USGS40_2', ASSIGNED.USGS40),
      measured('USGS41a_2', ASSIGNED.USGS41a),
    ]);
    const form = new FormData();
    form.append('file', new File([csv], 'dup.csv', { type: 'text/csv' }));
    const res = await t.request('POST', '/api/measurement-runs', { token: importer.token, form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.qc.verdict).toBe('inControl');
    expect(res.body.data.qc.duplicates).toEqual([
      expect.objectContaining({
        sampleEntryId: sample.id,
        element: 'carbon',
        limit: 0.2,
        range: expect.closeTo(0.4, 2),
      }),
    ]);
  });
});
