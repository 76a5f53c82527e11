import { existsSync, readFileSync } from 'node:fs';
import { and, count, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditRecord,
  measurementRun,
  referenceMaterial,
  referenceMaterialValue,
  thirdLabEntry,
} from '../../../src/server/db/schema.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';
import { labToday } from '../support/lab-day.ts';
import { ASSIGNED, RESPONSE, isodatCsv, measured, rawOf, type Analysis } from '../support/qc-runs.ts';

// Measurement runs through the real app: instrument files in Isodat's layout, written from a known
// instrument response (support/qc-runs.ts), imported, normalised through the seeded reference
// materials, and the values read back from the samples' third-lab results.

const t = useTestApp();

const EXAMPLE = '/work/shared/data/irms/ea-run-example.csv';

function importRun(token: string, csv: string, fields: Record<string, string> = {}, name = 'run.csv') {
  const form = new FormData();
  form.append('file', new File([csv], name, { type: 'text/csv' }));
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  return t.request('POST', '/api/measurement-runs', { token, form });
}

async function latestEntry(sampleId: number) {
  const [entry] = await t.database.db
    .select()
    .from(thirdLabEntry)
    .where(eq(thirdLabEntry.sampleEntryId, sampleId))
    .orderBy(desc(thirdLabEntry.id))
    .limit(1);
  return entry!;
}

async function thirdLabUser(app: TestApp) {
  return app.userWith(['CanImportMeasurementRun', 'CanViewMeasurementRun', 'CanRecomputeMeasurementRun']);
}

describe('[MEASUREMENT RUNS] reference materials', () => {
  it('are seeded with the international values, kept by version', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('GET', '/api/reference-materials?search=USGS4&limit=100', { token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const byName = Object.fromEntries(res.body.data.items.map((m: any) => [m.name, m]));
    const valueOf = (name: string, element: string) =>
      byName[name].values.find((v: any) => v.id === byName[name].currentValueIds[element]);
    expect(valueOf('USGS40', 'carbon')).toMatchObject({ value: -26.39, scale: 'VPDB' });
    expect(valueOf('USGS40', 'nitrogen')).toMatchObject({ value: -4.52, scale: 'AIR' });
    expect(valueOf('USGS41a', 'carbon')).toMatchObject({ value: 36.55 });
    expect(valueOf('USGS41a', 'nitrogen')).toMatchObject({ value: 47.55 });
    // USGS42's δ2H was revised in 2016: both versions kept, the later in force.
    expect(byName.USGS42.values.filter((v: any) => v.element === 'hydrogen').map((v: any) => v.value)).toEqual([
      -78.5, -72.9,
    ]);
    expect(valueOf('USGS42', 'hydrogen')).toMatchObject({ value: -72.9, scale: 'VSMOW-SLAP', validFrom: '2016-01-01' });
  });

  it('adds an in-house standard and a new version of a value; only the managers may', async () => {
    const admin = await t.signInAsAdmin();
    const created = await t.request('POST', '/api/reference-materials', {
      token: admin,
      body: {
        name: 'LAB-COTTON-1',
        aliases: ['Cotton std'],
        material: 'Cotton linters',
        values: [{ element: 'carbon', value: -25.8, uncertainty: 0.1, validFrom: '2026-01-01' }],
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body.data).toMatchObject({ kind: 'inHouse', aliases: ['Cotton std'] });
    const id = created.body.data.id;
    const taken = await t.request('POST', '/api/reference-materials', {
      token: admin,
      body: { name: 'usgs 40', material: 'x' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('referenceMaterialNameTaken');
    const wrongScale = await t.request('POST', `/api/reference-materials/${id}/values`, {
      token: admin,
      body: { element: 'carbon', value: -25.7, scale: 'AIR' },
    });
    expect(wrongScale.status).toBe(400);
    expect(wrongScale.body.errors).toEqual({ scale: 'Use VPDB' });
    const added = await t.request('POST', `/api/reference-materials/${id}/values`, {
      token: admin,
      body: { element: 'carbon', value: -25.75, uncertainty: 0.08, validFrom: '2026-02-01' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.data.impact.values.map((v: any) => v.value)).toEqual([-25.8]);
    const values = await t.database.db
      .select()
      .from(referenceMaterialValue)
      .where(eq(referenceMaterialValue.referenceMaterialId, id));
    expect(values.map((v) => v.value).sort()).toEqual([-25.8, -25.75].sort());

    const lab = await t.userWith(['CanImportMeasurementRun', 'CanViewReferenceMaterial']);
    expect((await t.request('GET', '/api/reference-materials', { token: lab.token })).status).toBe(200);
    const refused = await t.request('POST', '/api/reference-materials', {
      token: lab.token,
      body: { name: 'MINE', material: 'x' },
    });
    expect(refused.status).toBe(403);
  });
});

describe('[MEASUREMENT RUNS] import', () => {
  it('normalises δ13C and δ15N through two anchors to within 0.01 ‰ and lands them on the samples', async () => {
    const admin = await t.signInAsAdmin();
    const one = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const two = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const far = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const truth = {
      one: { carbon: -25.1, nitrogen: 6.2 },
      two: { carbon: -12.37, nitrogen: 10.05 },
      far: { carbon: -40.2, nitrogen: 3.1 },
    };
    const csv = isodatCsv([
      { identifier: 'Dummy', carbon: -19, nitrogen: 4 },
      { identifier: 'Blank' },
      measured('USGS40', ASSIGNED.USGS40),
      measured('USGS41a', ASSIGNED.USGS41a),
      measured('IAEA-600', ASSIGNED['IAEA-600']),
      measured(one.idflNumber, truth.one),
      measured(`${one.idflNumber.toLowerCase().replace(/-/g, ' ')}_2`, truth.one),
      measured(two.idflNumber, truth.two),
      measured('usgs-40_2', ASSIGNED.USGS40),
      measured('USGS41A', ASSIGNED.USGS41a),
      measured(far.idflNumber, truth.far),
      measured('MYSTERY-7', { carbon: -20, nitrogen: 2 }),
    ]);
    const lab = await thirdLabUser(t);
    const res = await importRun(lab.token, csv, { packageId: String(one.dispatchBatchId) }, 'ea-2026-03-02.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const run = res.body.data;
    expect(run).toMatchObject({ format: 'isodat', elements: ['carbon', 'nitrogen'], packageId: one.dispatchBatchId });
    // The reactor's d 18O/16O of CO2 is not the sample's oxygen: no oxygen calibration.
    expect(run.calibrations.map((c: any) => c.element)).toEqual(['carbon', 'nitrogen']);
    expect(run.unmatched.map((a: any) => a.identifier)).toEqual(['MYSTERY-7']);
    expect(run.analyses.filter((a: any) => a.match.kind === 'skipped').map((a: any) => a.identifier)).toEqual([
      'Dummy',
      'Blank',
    ]);
    const carbon = run.calibrations[0];
    expect(carbon.anchors.map((a: any) => [a.name, a.points.length])).toEqual([
      ['USGS40', 2],
      ['USGS41a', 2],
    ]);
    expect(carbon.checks.map((c: any) => c.name)).toEqual(['IAEA-600']);
    // The file holds raw values to 4 decimals, as Isodat writes them: the hand calculation holds to that.
    expect(carbon.checks[0].difference).toBeCloseTo(0, 3);
    // The hand calculation: the line through the anchors inverts the instrument's response exactly.
    expect(carbon.slope).toBeCloseTo(RESPONSE.carbon.gain, 4);
    expect(carbon.intercept).toBeCloseTo(RESPONSE.carbon.offset, 3);
    const bySample = Object.fromEntries(carbon.samples.map((s: any) => [s.sampleEntryId, s]));
    expect(bySample[one.id]).toMatchObject({ n: 2, extrapolated: false });
    expect(bySample[far.id].extrapolated).toBe(true);
    expect(bySample[two.id].extrapolated).toBe(false);

    for (const [sample, expected] of [
      [one, truth.one],
      [two, truth.two],
      [far, truth.far],
    ] as const) {
      const entry = await latestEntry(sample.id);
      expect(Math.abs(entry.carbon! - expected.carbon)).toBeLessThanOrEqual(0.01);
      expect(Math.abs(entry.nitrogen! - expected.nitrogen)).toBeLessThanOrEqual(0.01);
      expect(entry.carbonUncertainty).toBeGreaterThanOrEqual(0.01);
      expect(entry.nitrogenUncertainty).toBeGreaterThanOrEqual(0.01);
      expect(entry.measurementRuns).toEqual({ carbon: run.id, nitrogen: run.id });
      // Hydrogen and oxygen are not this run's: untouched.
      expect(entry.hydrogen).toBeNull();
    }
    // The custody log says which run measured the sample.
    const [logged] = await t.database.db
      .select()
      .from(auditRecord)
      .where(and(eq(auditRecord.entityId, String(one.id)), eq(auditRecord.action, 'measurementRun')));
    expect(logged!.reason).toBe(`Measured in run ${run.id}`);
    expect(logged!.changes).toMatchObject({ carbon: { from: null, to: expect.any(Number) } });
    expect(run.results.every((r: any) => r.landed)).toBe(true);

    // The unknown row is assigned to a sample by a person: the run is recomputed and the value lands.
    const other = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const mystery = run.unmatched[0].analysis;
    const assigned = await t.request('POST', `/api/measurement-runs/${run.id}/assign`, {
      token: lab.token,
      body: { analysis: mystery, sampleEntryId: other.id },
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    expect(assigned.body.data).toMatchObject({ revision: 2, unmatchedCount: 0 });
    expect(Math.abs((await latestEntry(other.id)).carbon! - -20)).toBeLessThanOrEqual(0.01);

    // The list finds it by package and by day; the detail is what the chart reads.
    const today = labToday();
    const byPackage = await t.request('GET', `/api/measurement-runs?packageId=${one.dispatchBatchId}`, {
      token: lab.token,
    });
    expect(byPackage.body.data.items.map((r: any) => r.id)).toEqual([run.id]);
    const byDay = await t.request('GET', `/api/measurement-runs?day=${today}`, { token: lab.token });
    expect(byDay.body.data.total).toBe(1);
    const otherDay = await t.request('GET', '/api/measurement-runs?day=2001-01-01', { token: lab.token });
    expect(otherDay.body.data.total).toBe(0);
    const detail = await t.request('GET', `/api/measurement-runs/${run.id}`, { token: lab.token });
    expect(detail.body.data.calibrations[1].element).toBe('nitrogen');
  });

  it('corrects a linear drift to within 0.05 ‰ of the truth', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const truth = { carbon: -24.3, nitrogen: 7.4 };
    const noise = [0.012, -0.009, 0.004, -0.011, 0.008, -0.003, 0.006, -0.007];
    const analyses: Analysis[] = [];
    const perPosition = 0.025; // ‰ per analysis, on both gases
    for (let position = 1; position <= 32; position++) {
      const drift = perPosition * position + noise[position % noise.length]!;
      const slot = position % 4;
      if (slot === 1) analyses.push(measured('USGS40', ASSIGNED.USGS40, drift));
      else if (slot === 2) analyses.push(measured('USGS41a', ASSIGNED.USGS41a, drift));
      else if (slot === 3 && position % 8 === 3) analyses.push(measured('IAEA-600', ASSIGNED['IAEA-600'], drift));
      else analyses.push(measured(sample.idflNumber, truth, drift));
    }
    const lab = await thirdLabUser(t);
    const res = await importRun(lab.token, isodatCsv(analyses));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    for (const calibration of res.body.data.calibrations) {
      expect(calibration.drift.significant, calibration.element).toBe(true);
      expect(calibration.driftCorrected).toBe(true);
      expect(Math.abs(calibration.drift.slope - perPosition)).toBeLessThan(0.005);
    }
    const entry = await latestEntry(sample.id);
    expect(Math.abs(entry.carbon! - truth.carbon)).toBeLessThan(0.05);
    expect(Math.abs(entry.nitrogen! - truth.nitrogen)).toBeLessThan(0.05);
  });

  it('refuses a run with one anchor material and changes nothing', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const before = await latestEntry(sample.id);
    const [{ audits: auditsBefore } = { audits: -1 }] = await t.database.db
      .select({ audits: count() })
      .from(auditRecord);
    const lab = await thirdLabUser(t);
    const res = await importRun(
      lab.token,
      isodatCsv([
        measured('USGS40', ASSIGNED.USGS40),
        measured(sample.idflNumber, { carbon: -25, nitrogen: 5 }),
        measured('USGS40', ASSIGNED.USGS40),
      ]),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'runTooFewAnchors', params: { element: 'carbon', count: 1 } });
    expect(res.body.errors).toHaveProperty('anchors.carbon');
    expect(await t.database.db.select().from(measurementRun)).toEqual([]);
    expect(await latestEntry(sample.id)).toEqual(before);
    const [{ audits } = { audits: -2 }] = await t.database.db.select({ audits: count() }).from(auditRecord);
    expect(audits).toBe(auditsBefore);
    // Named anchors that are not in the registry are a field error too.
    const unknown = await importRun(lab.token, isodatCsv([measured('USGS40', ASSIGNED.USGS40)]), {
      anchors: '{"carbon":["USGS40","NO-SUCH-STD"]}',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      code: 'runReferenceUnknown',
      errors: { 'anchors.carbon.1': expect.any(String) },
    });
    const notJson = await importRun(lab.token, isodatCsv([measured('USGS40', ASSIGNED.USGS40)]), { anchors: '{' });
    expect(notJson.status).toBe(400);
    expect(notJson.body.code).toBe('runMethodNotJson');
  });

  it('lets the third lab import and refuses everyone else', async () => {
    const csv = isodatCsv([measured('USGS40', ASSIGNED.USGS40), measured('USGS41a', ASSIGNED.USGS41a)]);
    const tester = await t.userWith(['CanUpdateSampleEntryTester', 'CanViewMeasurementRun']);
    expect((await importRun(tester.token, csv)).status).toBe(403);
    const supervisor = await t.userWith(['CanManageReferenceMaterial', 'CanRecomputeMeasurementRun']);
    expect((await importRun(supervisor.token, csv)).status).toBe(403);
    const [hoanVu] = await t.database.db.select().from(referenceMaterial).limit(1);
    expect(hoanVu).toBeDefined();
    const lab = await t.userWith(['CanImportMeasurementRun']);
    const res = await importRun(lab.token, csv);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const list = await t.request('GET', '/api/measurement-runs', { token: tester.token });
    expect(list.status).toBe(200);
    const nobody = await t.userWith(['CanViewAllTransactionThirdLab']);
    expect((await t.request('GET', '/api/measurement-runs', { token: nobody.token })).status).toBe(403);
  });

  it('reads a reduced file: one row per analysis', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const rows = [
      ['Sample ID', 'Position', 'd13C raw', 'd15N raw'],
      ['USGS40', '1', rawOf('carbon', -26.39), rawOf('nitrogen', -4.52)],
      ['USGS41a', '2', rawOf('carbon', 36.55), rawOf('nitrogen', 47.55)],
      [sample.idflNumber, '3', rawOf('carbon', -22.5), rawOf('nitrogen', 3.3)],
    ];
    const lab = await thirdLabUser(t);
    const res = await importRun(lab.token, rows.map((r) => r.join(',')).join('\n'), {}, 'reduced.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.format).toBe('reduced');
    const entry = await latestEntry(sample.id);
    expect(Math.abs(entry.carbon! - -22.5)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(entry.nitrogen! - 3.3)).toBeLessThanOrEqual(0.01);
  });
});

describe('[MEASUREMENT RUNS] a revised reference value', () => {
  it('lists the runs, samples and certificates that used the earlier value, and recomputes on request', async () => {
    const admin = await t.signInAsAdmin();
    const open = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const lab = await thirdLabUser(t);
    const imported = await importRun(
      lab.token,
      isodatCsv([
        measured('USGS40', ASSIGNED.USGS40),
        measured('USGS41a', ASSIGNED.USGS41a),
        measured(open.idflNumber, { carbon: -25, nitrogen: 5 }),
      ]),
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const runId = imported.body.data.id;
    const before = await latestEntry(open.id);

    const [usgs40] = await t.database.db.select().from(referenceMaterial).where(eq(referenceMaterial.name, 'USGS40'));
    const today = labToday();
    const added = await t.request('POST', `/api/reference-materials/${usgs40!.id}/values`, {
      token: admin,
      body: { element: 'carbon', value: -26.5, uncertainty: 0.05, validFrom: today, source: 'Hypothetical revision' },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const { impact } = added.body.data;
    expect(impact.runs.map((r: any) => r.id)).toEqual([runId]);
    expect(impact.samples.map((s: any) => s.sampleEntryId)).toEqual([open.id]);
    expect(impact.certificates).toEqual([]);
    const again = await t.request('GET', `/api/reference-materials/${usgs40!.id}/impact?element=carbon`, {
      token: admin,
    });
    expect(again.body.data.runs.map((r: any) => r.id)).toEqual([runId]);

    // Nothing changes until a person recomputes.
    expect(await latestEntry(open.id)).toEqual(before);
    const recomputed = await t.request('POST', `/api/measurement-runs/${runId}/recompute`, { token: lab.token });
    expect(recomputed.status, JSON.stringify(recomputed.body)).toBe(200);
    expect(recomputed.body.data.revision).toBe(2);
    const carbon = recomputed.body.data.calibrations.find((c: any) => c.element === 'carbon');
    expect(carbon.anchors.find((a: any) => a.name === 'USGS40')).toMatchObject({ assigned: -26.5, validFrom: today });
    const after = await latestEntry(open.id);
    expect(after.version).toBe(before.version + 1);
    expect(after.carbon).not.toBe(before.carbon);
    expect(after.nitrogen).toBe(before.nitrogen);
    // The recomputed run no longer used the earlier value.
    const later = await t.request('GET', `/api/reference-materials/${usgs40!.id}/impact?element=carbon`, {
      token: admin,
    });
    expect(later.body.data.runs).toEqual([]);
  });

  it('leaves a returned result as it was and says why', async () => {
    const admin = await t.signInAsAdmin();
    const returned = await sampleAt(t, admin, 'ResultReturned');
    const before = await latestEntry(returned.id);
    const lab = await thirdLabUser(t);
    const res = await importRun(
      lab.token,
      isodatCsv([
        measured('USGS40', ASSIGNED.USGS40),
        measured('USGS41a', ASSIGNED.USGS41a),
        measured(returned.idflNumber, { carbon: -25, nitrogen: 5 }),
      ]),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.results).toEqual([
      expect.objectContaining({ sampleEntryId: returned.id, landed: false, notLanded: 'runResultNotEditable' }),
    ]);
    expect(await latestEntry(returned.id)).toEqual(before);
  });
});

describe('[MEASUREMENT RUNS] the example export', () => {
  it.runIf(existsSync(EXAMPLE))('imports, normalised through USGS40 and USGS41a with IAEA-600 as a check', async () => {
    const lab = await thirdLabUser(t);
    const res = await importRun(lab.token, readFileSync(EXAMPLE, 'utf8'), {}, 'ea-run-example.csv');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const run = res.body.data;
    expect(run.elements).toEqual(['carbon', 'nitrogen']);
    expect(run.analysisCount).toBe(16);
    // No sample entries exist here: the six IDFL numbers wait for a person to assign them.
    expect(run.unmatched.map((a: any) => a.identifier)).toEqual([
      'IDFL-2026-00001',
      'IDFL-2026-00002',
      'IDFL-2026-00003',
      'IDFL-2026-00004',
      'IDFL-2026-00005',
      'IDFL-2026-00006',
    ]);
    for (const calibration of run.calibrations) {
      expect(calibration.anchors.map((a: any) => [a.name, a.points.length])).toEqual([
        ['USGS40', 3],
        ['USGS41a', 3],
      ]);
      const check = calibration.checks.find((c: any) => c.name === 'IAEA-600');
      expect(Math.abs(check.difference), calibration.element).toBeLessThan(0.15);
    }
    // Without a drift correction the fit is the hand calculation's (slope 1.01297, intercept −0.44439 for carbon).
    const carbon = run.calibrations[0];
    if (!carbon.driftCorrected) {
      expect(carbon.slope).toBeCloseTo(1.0129674, 5);
      expect(carbon.intercept).toBeCloseTo(-0.4443865, 5);
    }
  });
});
