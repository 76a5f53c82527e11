import { describe, expect, it } from 'vitest';
import { qcRuns, TARGET } from '../support/qc-runs.ts';
import { useTestApp } from '../support/test-app.ts';

// The control chart a supervisor reads through the real app: runs imported with their check standard
// (IAEA-600) at chosen distances from the target, the chart answering each result in run order with
// its run's verdict, the rejected run's results marked excluded, and the limits with their lines.

const t = useTestApp();
const { importRun, setTarget, checkStandard } = qcRuns(t);

const chartOf = (token: string, query: string) => t.request('GET', `/api/qc/control-charts/chart?${query}`, { token });

describe('[QC] control charts', () => {
  it('answers the points in run order with verdicts and the limits in force', async () => {
    const admin = await t.signInAsAdmin();
    const reader = await t.userWith(['CanViewMeasurementRun']);
    const material = await checkStandard();

    // Before any target and with few results: the chart exists, but its limits are not established.
    const first = await importRun(admin, [0.5]);
    const early = await chartOf(reader.token, `referenceMaterialId=${material.id}&element=carbon`);
    expect(early.status, JSON.stringify(early.body)).toBe(200);
    expect(early.body.data).toMatchObject({ name: 'IAEA-600', element: 'carbon', limits: null, lines: null });
    expect(early.body.data.baselineResults).toBe(1);
    expect(early.body.data.points).toEqual([
      expect.objectContaining({ measurementRunId: first.id, verdict: 'notJudged', excluded: false, z: null }),
    ]);

    await setTarget(admin);
    const inControl = await importRun(admin, [0.5, -0.5]);
    const rejected = await importRun(admin, [3.5]);
    const warned = await importRun(admin, [-2.5]);
    expect([inControl.qc.verdict, rejected.qc.verdict, warned.qc.verdict]).toEqual([
      'inControl',
      'rejected',
      'warning',
    ]);

    const res = await chartOf(reader.token, `referenceMaterialId=${material.id}&element=carbon`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const chart = res.body.data;
    expect(chart.limits).toEqual({ mean: TARGET.mean, sd: TARGET.sd, source: 'target' });
    expect(chart.lines.mean).toBeCloseTo(TARGET.mean, 6);
    expect(chart.lines.plus2s).toBeCloseTo(TARGET.mean + 0.2, 6);
    expect(chart.lines.minus3s).toBeCloseTo(TARGET.mean - 0.3, 6);
    expect(chart.points.map((p: any) => [p.measurementRunId, p.verdict, p.excluded])).toEqual([
      [first.id, 'notJudged', false],
      [inControl.id, 'inControl', false],
      [inControl.id, 'inControl', false],
      [rejected.id, 'rejected', true],
      [warned.id, 'warning', false],
    ]);
    expect(chart.points.map((p: any) => Number(p.z.toFixed(1)))).toEqual([0.5, 0.5, -0.5, 3.5, -2.5]);
    expect(chart.points[0]).toMatchObject({ runFileName: 'run.csv', runMeasuredOn: first.measuredOn });

    // The list offers both elements the check standard was read for.
    const list = await t.request('GET', '/api/qc/control-charts', { token: reader.token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual(
      expect.arrayContaining([
        { referenceMaterialId: material.id, name: 'IAEA-600', element: 'carbon', results: 5, lastRunId: warned.id },
        expect.objectContaining({ referenceMaterialId: material.id, element: 'nitrogen', results: 5 }),
      ]),
    );
  }, 120_000);

  it('refuses a role without permission and names the bad field', async () => {
    const admin = await t.signInAsAdmin();
    const tester = await t.userWith(['CanViewDashboard']);
    const material = await checkStandard();
    const query = `referenceMaterialId=${material.id}&element=carbon`;
    expect((await chartOf(tester.token, query)).status).toBe(403);
    expect((await t.request('GET', '/api/qc/control-charts', { token: tester.token })).status).toBe(403);

    const badElement = await chartOf(admin, `referenceMaterialId=${material.id}&element=lead`);
    expect(badElement.status).toBe(400);
    expect(badElement.body.errors).toHaveProperty('element');
    const badId = await chartOf(admin, 'referenceMaterialId=abc&element=carbon');
    expect(badId.status).toBe(400);
    expect(badId.body.errors).toHaveProperty('referenceMaterialId');
    expect((await chartOf(admin, 'referenceMaterialId=999999&element=carbon')).status).toBe(404);
  });
});
