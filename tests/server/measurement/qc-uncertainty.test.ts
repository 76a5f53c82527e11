import { describe, expect, it } from 'vitest';
import { importCottonReferences, saveOriginAnalysis } from '../support/origin-analysis.ts';
import { pdfText } from '../support/pdf-text.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// The laboratory's measurement uncertainty from the check standards of its runs, read through the
// API and printed on the certificate beside each δ value with its scale, the reference materials the
// values are traceable to, and whether the verdict on the claim holds across value ± U. Runs are
// reduced files written here from a known instrument response; the check standards read off their
// assigned values by a known amount in each run.

const t = useTestApp();

type Element = 'carbon' | 'hydrogen' | 'oxygen';
const RESPONSE: Record<Element, { gain: number; offset: number }> = {
  carbon: { gain: 0.98, offset: 1.2 },
  hydrogen: { gain: 1.05, offset: -3 },
  oxygen: { gain: 0.97, offset: 0.8 },
};
const raw = (element: Element, truth: number) => (truth - RESPONSE[element].offset) / RESPONSE[element].gain;

// Assigned values as seeded (shared/measurement/measurement.ts).
const ANCHORS = {
  USGS40: { carbon: -26.39 },
  USGS41a: { carbon: 36.55 },
  USGS42: { hydrogen: -72.9, oxygen: 8.56 },
  USGS43: { hydrogen: -44.4, oxygen: 14.11 },
};
const CHECKS = {
  'IAEA-600': { carbon: -27.771 },
  USGS64: { carbon: -40.81 },
  VSMOW2: { hydrogen: 0, oxygen: 0 },
  SLAP2: { hydrogen: -427.5, oxygen: -55.5 },
};
// How far each check standard reads from its assigned value in runs 1, 2, 3 (every check alike).
const CHECK_OFFSETS: Record<Element, number[]> = {
  carbon: [0.02, -0.02, 0],
  hydrogen: [0.3, -0.3, 0],
  oxygen: [0.03, -0.03, 0],
};

type Truth = Partial<Record<Element, number>>;

function runCsv(run: number, samples: { idflNumber: string; truth: Truth }[]) {
  const rows: string[][] = [['Sample ID', 'Position', 'd13C', 'd2H', 'd18O']];
  const add = (identifier: string, truth: Truth) =>
    rows.push([
      identifier,
      String(rows.length),
      ...(['carbon', 'hydrogen', 'oxygen'] as const).map((e) =>
        truth[e] === undefined ? '' : raw(e, truth[e]).toFixed(6),
      ),
    ]);
  for (const [name, truth] of Object.entries(ANCHORS)) {
    add(name, truth);
    add(`${name}_2`, truth);
  }
  for (const [name, truth] of Object.entries(CHECKS)) {
    const off: Truth = {};
    for (const [e, v] of Object.entries(truth) as [Element, number][]) off[e] = v + CHECK_OFFSETS[e][run - 1]!;
    add(name, off);
  }
  for (const s of samples) add(s.idflNumber, s.truth);
  return rows.map((r) => r.join(',')).join('\n');
}

async function importRun(token: string, csv: string, name: string) {
  const form = new FormData();
  form.append('file', new File([csv], name, { type: 'text/csv' }));
  const res = await t.request('POST', '/api/measurement-runs', { token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** Returns the sample's result, saves an origin analysis claiming Vietnam, confirms and issues; the PDF's text. */
async function certify(admin: string, sample: { id: number; idflNumber: string }) {
  const returned = await t.request('PUT', `/api/third-lab/return-result?id=${sample.id}`, { token: admin });
  expect(returned.status, JSON.stringify(returned.body)).toBe(200);
  const { version } = await saveOriginAnalysis(t, admin, returned.body.data);
  const concluded = await t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
    token: admin,
    body: { expectedConclusion: 'VN', conclusion: 'As analysed', version },
  });
  expect(concluded.status, JSON.stringify(concluded.body)).toBe(200);
  const confirmed = await t.request('PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`, {
    token: admin,
  });
  expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
  const issued = await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: admin });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const file = await t.request('GET', `/api/issue-certificate/file?token=${issued.body.data.token}`, {
    token: admin,
  });
  expect(file.status).toBe(200);
  return pdfText(new Uint8Array(await file.raw.arrayBuffer()));
}

// The Vietnamese cotton references centre on δ13C −27.1, δ2H −65, δ18O 24.2 (support/origin-analysis.ts).
const CENTRAL = { carbon: -27.1, hydrogen: -65, oxygen: 24.2 };
// A sixth of the way towards Thailand's: typicality in Vietnam near 0.05, the line between
// "consistent" and "inconclusive", which value ± U crosses.
const BOUNDARY = { carbon: -26.6, hydrogen: -61, oxygen: 24.8 };

describe('[QC] measurement uncertainty', () => {
  it('is not yet established after one run, and the certificate says so without inventing one', async () => {
    const admin = await t.signInAsAdmin();
    await importCottonReferences(t, admin);
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const lab = await t.userWith(['CanImportMeasurementRun', 'CanViewMeasurementRun']);
    await importRun(lab.token, runCsv(1, [{ idflNumber: sample.idflNumber, truth: CENTRAL }]), 'run-1.csv');

    const res = await t.request('GET', '/api/qc/uncertainty', { token: lab.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const carbon = res.body.data.find((e: any) => e.element === 'carbon');
    // Two check standards measured once each: neither counts, nothing is stated.
    expect(carbon).toMatchObject({ n: 0, minimum: 6, expanded: null, notEstablished: 'tooFewResults' });
    expect(carbon.materials.map((m: any) => m.material)).toEqual(['IAEA-600', 'USGS64']);

    const text = await certify(admin, sample);
    expect(text).toContain('-27.10 ‰ VPDB (uncertainty not yet established)');
    expect(text).toContain('Not yet established for δ13C, δ2H, δ18O: too few check-standard results.');
    expect(text).not.toContain('k = 2');
    expect(text).toContain('through the reference materials USGS40, USGS41a, USGS42, USGS43');
  }, 120_000);

  it('is computed from three runs’ check standards, printed as ± U (k = 2) with the scale, and marks a verdict near its boundary as sensitive', async () => {
    const admin = await t.signInAsAdmin();
    await importCottonReferences(t, admin);
    const central = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const boundary = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const lab = await t.userWith(['CanImportMeasurementRun', 'CanViewMeasurementRun']);
    await importRun(lab.token, runCsv(1, []), 'run-1.csv');
    await importRun(lab.token, runCsv(2, []), 'run-2.csv');
    await importRun(
      lab.token,
      runCsv(3, [
        { idflNumber: central.idflNumber, truth: CENTRAL },
        { idflNumber: boundary.idflNumber, truth: BOUNDARY },
      ]),
      'run-3.csv',
    );

    const res = await t.request('GET', '/api/qc/uncertainty', { token: lab.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const of = (element: string) => res.body.data.find((e: any) => e.element === element);
    // δ13C by hand: each check standard reads +0.02, −0.02, 0 off its value: SD 0.02 each, pooled u(Rw) = 0.02;
    // no mean bias; u(Cref) = (0.043 + 0.04) / 2 = 0.0415; U = 2·√(0.02² + 0.0415²) = 0.0921 → 0.10 printed.
    const carbon = of('carbon');
    expect(carbon).toMatchObject({ n: 6, coverageFactor: 2, notEstablished: null, scale: 'VPDB' });
    expect(carbon.window.days).toBe(60);
    expect(carbon.reproducibility).toBeCloseTo(0.02, 4);
    expect(carbon.rmsBias).toBeCloseTo(0, 4);
    expect(carbon.referenceUncertainty).toBeCloseTo(0.0415, 6);
    expect(carbon.expanded).toBeCloseTo(2 * Math.sqrt(0.02 ** 2 + 0.0415 ** 2), 3);
    // δ2H: u(Rw) 0.3, u(Cref) 0.3 → U = 0.849; δ18O: u(Rw) 0.03, u(Cref) 0.02 → U = 0.0721.
    expect(of('hydrogen').expanded).toBeCloseTo(2 * Math.sqrt(0.3 ** 2 + 0.3 ** 2), 2);
    expect(of('oxygen').expanded).toBeCloseTo(2 * Math.sqrt(0.03 ** 2 + 0.02 ** 2), 3);
    expect(of('nitrogen')).toMatchObject({ n: 0, expanded: null });

    // The certificate cites the last satisfactory proficiency round of each element it prints.
    const round = await t.request('POST', '/api/qc/proficiency-tests', {
      token: admin,
      body: {
        scheme: 'FIT-PTS',
        round: '2026-1',
        roundDate: '2026-02-10',
        material: 'Sugar',
        element: 'carbon',
        assignedValue: -26.1,
        laboratoryValue: -26.25,
      },
    });
    expect(round.status, JSON.stringify(round.body)).toBe(201);
    const text = await certify(admin, central);
    expect(text).toContain('Proficiency testing');
    expect(text).toContain('δ13C: FIT-PTS 2026-1, 10 February 2026, z = -1.00 (satisfactory)');
    expect(text).toContain('-27.10 ± 0.10 ‰ VPDB (k = 2, about 95 %)');
    expect(text).toContain('-65.00 ± 0.85 ‰ VSMOW-SLAP (k = 2, about 95 %)');
    expect(text).toContain('24.20 ± 0.08 ‰ VSMOW-SLAP (k = 2, about 95 %)');
    expect(text).toContain("U is the laboratory's expanded uncertainty of measurement (k = 2");
    expect(text).toContain(
      'Normalised to the international scales (VPDB, VSMOW-SLAP) through the reference materials USGS40, USGS41a, USGS42, USGS43.',
    );
    expect(text).toContain(
      'The verdict on the claim holds throughout value ± U of the measured δ values (8 combinations checked).',
    );
    expect(text).not.toContain('sensitive to the measurement uncertainty');

    const near = await certify(admin, boundary);
    expect(near).toContain('-26.60 ± 0.10 ‰ VPDB (k = 2, about 95 %)');
    expect(near).toContain('The verdict on the claim is sensitive to the measurement uncertainty');
    // Two certificates, each with its model fit and 2^3 verdicts: the machine shared with others is slow.
  }, 180_000);

  it('is read by the staff who see the runs only', async () => {
    const reader = await t.userWith(['CanViewMeasurementRun']);
    expect((await t.request('GET', '/api/qc/uncertainty', { token: reader.token })).status).toBe(200);
    const other = await t.userWith(['CanViewAllCountry']);
    expect((await t.request('GET', '/api/qc/uncertainty', { token: other.token })).status).toBe(403);
    const bad = await t.request('GET', '/api/qc/uncertainty?asOf=yesterday', { token: reader.token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ asOf: 'Enter a date as YYYY-MM-DD' });
  });
});
