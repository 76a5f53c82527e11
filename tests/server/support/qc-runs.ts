import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { referenceMaterial } from '../../../src/server/db/schema.ts';
import type { TestApp } from './test-app.ts';

// Instrument runs in Isodat's layout, written from a known instrument response, for the measurement
// and quality-control tests: imported through the real import so each run is normalised and judged
// as in production.

/** The instrument's response: raw delta = (true − offset) / gain, per element. */
export const RESPONSE = { carbon: { gain: 0.98, offset: 1.2 }, nitrogen: { gain: 1.03, offset: -0.5 } };
export const rawOf = (element: 'carbon' | 'nitrogen', truth: number) =>
  (truth - RESPONSE[element].offset) / RESPONSE[element].gain;
export const ASSIGNED = {
  USGS40: { carbon: -26.39, nitrogen: -4.52 },
  USGS41a: { carbon: 36.55, nitrogen: 47.55 },
  'IAEA-600': { carbon: -27.771, nitrogen: 1.0 },
} as const;
/** The check standard's chart for carbon, as a supervisor's target (and its SD). */
export const TARGET = { mean: -27.771, sd: 0.1 };

const HEADER = [
  'Row',
  'Analysis',
  'Identifier 1',
  'Identifier 2',
  'Comment',
  'Amount',
  'Gasconfiguration',
  'Peak Nr',
  'Is Ref _',
  'Rt',
  'd 15N/14N',
  'Ampl  44',
  'd 13C/12C',
  'd 18O/16O',
];

export type Analysis = { identifier: string; carbon?: number; nitrogen?: number };

/**
 * An EA run as Isodat exports it: per analysis a reference-gas pulse of N2, the sample's N2 peak, its
 * CO2 peak (with the reactor's meaningless d 18O/16O) and a CO2 reference pulse. Raw values given.
 */
export function isodatCsv(analyses: Analysis[]) {
  const lines = [HEADER.join(',')];
  analyses.forEach((a, i) => {
    const id = [i + 1, 52000 + i + 1, a.identifier, '', 'X', '0.45'];
    lines.push([...id, 'N2', 1, 1, 47.7, 0, '', '', ''].join(','));
    if (a.nitrogen !== undefined) lines.push([...id, 'N2', 2, 0, 218.4, a.nitrogen.toFixed(4), '', '', ''].join(','));
    if (a.carbon !== undefined) lines.push([...id, 'CO2', 3, 0, 372.4, '', 4900, a.carbon.toFixed(4), -5.9].join(','));
    lines.push([...id, 'CO2', 4, 1, 525.4, '', 5316, 0, 0].join(','));
  });
  return lines.join('\n') + '\n';
}

/** A standard or sample measured as the instrument would read it, its true values given; `drift` is added to each raw value. */
export const measured = (identifier: string, truth: { carbon?: number; nitrogen?: number }, drift = 0): Analysis => ({
  identifier,
  ...(truth.carbon !== undefined ? { carbon: rawOf('carbon', truth.carbon) + drift } : {}),
  ...(truth.nitrogen !== undefined ? { nitrogen: rawOf('nitrogen', truth.nitrogen) + drift } : {}),
});

/** The run-building helpers bound to one test app. */
export function qcRuns(t: TestApp) {
  /**
   * A run: the anchors, the check standard read at each given z on the carbon chart (mean + z·SD; its
   * nitrogen as far from its value), the samples, the anchors again. Imported by `token`; answers the
   * run as computed.
   */
  async function importRun(token: string, checkZ: number[], samples: { idflNumber: string }[] = [], sd = TARGET.sd) {
    const csv = isodatCsv([
      measured('USGS40', ASSIGNED.USGS40),
      measured('USGS41a', ASSIGNED.USGS41a),
      ...checkZ.map((z, i) =>
        measured(i ? `IAEA-600_${i + 1}` : 'IAEA-600', {
          carbon: TARGET.mean + z * sd,
          nitrogen: ASSIGNED['IAEA-600'].nitrogen + z * sd,
        }),
      ),
      ...samples.map((s) => measured(s.idflNumber, { carbon: -25, nitrogen: 5 })),
      measured('USGS40_2', ASSIGNED.USGS40),
      measured('USGS41a_2', ASSIGNED.USGS41a),
    ]);
    const form = new FormData();
    form.append('file', new File([csv], 'run.csv', { type: 'text/csv' }));
    form.append('checks', '["IAEA-600"]');
    const res = await t.request('POST', '/api/measurement-runs', { token, form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.data;
  }

  async function checkStandard() {
    const [iaea600] = await t.database.db
      .select()
      .from(referenceMaterial)
      .where(eq(referenceMaterial.name, 'IAEA-600'));
    return iaea600!;
  }

  async function setTarget(token: string) {
    const res = await t.request('PUT', '/api/qc/control-limits', {
      token,
      body: { referenceMaterialId: (await checkStandard()).id, element: 'carbon', ...TARGET },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data;
  }

  return { importRun, setTarget, checkStandard };
}
