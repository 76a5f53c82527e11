import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { permissionGroups } from '../../../src/shared/permissions.ts';
import { originModelPreparation, originModelPrepared } from '../../../src/server/services/origin/origin-models.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';

const t = useTestApp();

// The API test run keeps imports from preparing models (vitest.config.ts); this file is about it.
// The files share their worker's modules, so the switch is put back for the next file.
beforeAll(() => {
  originModelPreparation.enabled = true;
});
afterAll(() => {
  originModelPreparation.enabled = false;
});
const analystPermissions = [...permissionGroups.analysis, ...permissionGroups.cleanSample];

/**
 * Coffee references in four well-separated regions, filed by region with a "Country" column as a
 * laboratory's file has it: two Vietnamese regions, Xinjiang in CN, and Sidama with no country.
 */
async function importCoffee(app: TestApp, token: string, headers?: Record<string, string>) {
  const groups = [
    ['CH', 'VN', 'Central Highlands', -27, -60, 24],
    ['SL', 'VN', 'Son La', -26.2, -52, 25],
    ['XJ', 'CN', 'Xinjiang', -23, -95, 18],
    ['SD', '', 'Sidama', -29.5, -20, 30],
  ] as const;
  const rows = groups.flatMap(([code, country, region, c, h, o]) =>
    Array.from(
      { length: 12 },
      (_, i) =>
        `${code}-${i},${country},${region},${(c + ((i % 3) - 1) * 0.25).toFixed(2)},${h + ((i % 4) - 1.5) * 2},${(o + ((i % 5) - 2) * 0.3).toFixed(2)}`,
    ),
  );
  const csv = ['Sample Code,Country,Region,d13C,d2H,d18O', ...rows].join('\n');
  const form = new FormData();
  form.set('file', new File([csv], 'coffee.csv'));
  form.set('material', 'Coffee');
  const res = await app.request('POST', '/api/clean-isotope/import', { token, form, headers });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const CENTRAL_HIGHLANDS = { d13C: -27, d2H: -60, d18O: 24 };

async function analyse(token: string, samples: Record<string, unknown>[]) {
  const res = await t.request('POST', '/api/analysis/create', { token, body: { material: 'Coffee', samples } });
  expect(res.status, JSON.stringify(res.body).slice(0, 400)).toBe(200);
  return res.body.data;
}

describe('[ANALYSIS] regions belong to countries', () => {
  it('judges a claim by country on the union of its regions, from an import column and an edit', async () => {
    const analyst = await t.userWith(analystPermissions);
    await importCoffee(t, analyst.token);

    // The model and its report were fitted after the import: the report is there when first asked.
    await originModelPrepared('Coffee');
    const asked = Date.now();
    const report = await t.request('GET', '/api/analysis/model-report?material=Coffee', { token: analyst.token });
    expect(report.status).toBe(200);
    expect(Date.parse(report.body.data.computedAt)).toBeLessThanOrEqual(asked);
    expect(Date.now() - asked).toBeLessThan(1000);
    expect(report.body.data.regions).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ region: 'Central Highlands', country: 'VN' }),
        expect.objectContaining({ region: 'Xinjiang', country: 'CN' }),
        expect.objectContaining({ region: 'Sidama', country: null }),
      ]),
    );
    // Error rates of claims by country, judged as the analysis judges them.
    const countries = report.body.data.verdictErrors.countries;
    expect(countries.map((c: { region: string }) => c.region)).toEqual(['CN', 'VN']);
    const vn = countries.find((c: { region: string }) => c.region === 'VN');
    expect(vn).toMatchObject({ trueClaims: 24, falseClaims: 24 });
    expect(vn.falseConsistentRate).toBeLessThan(0.1);

    // "VN" was answered "too few records of this region"; it is now judged on VN's regions.
    const { results } = await analyse(analyst.token, [
      { sampleCode: 'A', ...CENTRAL_HIGHLANDS, claimedOrigin: 'VN' },
      { sampleCode: 'B', ...CENTRAL_HIGHLANDS, claimedOrigin: 'cn' },
      { sampleCode: 'C', ...CENTRAL_HIGHLANDS, claimedOrigin: 'Central Highlands' },
      { sampleCode: 'D', ...CENTRAL_HIGHLANDS, claimedOrigin: 'ET' },
      { sampleCode: 'E', ...CENTRAL_HIGHLANDS, expectedOrigins: ['CN'] },
      { sampleCode: 'F', ...CENTRAL_HIGHLANDS, claimedOrigin: 'Vietnam' },
      { sampleCode: 'G', ...CENTRAL_HIGHLANDS, claimedOrigin: 'Việt Nam' },
    ]);
    const [vnClaim, cnClaim, regionClaim, etClaim, cnPrior, nameClaim, vietnameseNameClaim] = results;
    // A country claimed by its name, as clients write it, is judged like its code, and kept as written.
    for (const [claim, judged] of [
      ['Vietnam', nameClaim],
      ['Việt Nam', vietnameseNameClaim],
    ] as const)
      expect(judged.analysis.consistency.claimed).toEqual({
        ...vnClaim.analysis.consistency.claimed,
        claim,
      });
    expect(vnClaim.analysis.consistency.claimed.claim).toBe('VN');
    expect(vnClaim.analysis.consistency.claimed).toMatchObject({
      region: 'VN',
      regions: ['Central Highlands', 'Son La'],
      isKnownRegion: true,
      verdict: 'consistent',
    });
    const p = (r: { analysis: { regionalProbability: { region: string; probability: number }[] } }, region: string) =>
      r.analysis.regionalProbability.find((x) => x.region === region)!.probability;
    expect(vnClaim.analysis.consistency.claimed.probability).toBeCloseTo(
      p(vnClaim, 'Central Highlands') + p(vnClaim, 'Son La'),
      10,
    );
    // Xinjiang is a region of CN like any other.
    expect(cnClaim.analysis.consistency.claimed).toMatchObject({
      region: 'CN',
      regions: ['Xinjiang'],
      verdict: 'inconsistent',
    });
    expect(regionClaim.analysis.consistency.claimed).toMatchObject({
      regions: ['Central Highlands'],
      verdict: 'consistent',
    });
    expect(etClaim.analysis.consistency.claimed).toMatchObject({ isKnownRegion: false, referenceCount: 0 });
    // The booking's expected origins are country codes too: the prior covers the country's regions.
    expect(cnPrior.analysis.prior).toEqual({ kind: 'expected', regions: ['Xinjiang'] });

    // The Isotope LMD screen's edit: Sidama belongs to ET. Bad input is a 4xx with its field.
    const bad = await t.request('PUT', '/api/clean-isotope/region-country', {
      token: analyst.token,
      body: { material: 'Coffee', region: 'Sidama', countryCode: 'Ethiopia!' },
    });
    expect(bad.status).toBe(400);
    const unknown = await t.request('PUT', '/api/clean-isotope/region-country', {
      token: analyst.token,
      body: { material: 'Coffee', region: 'Yunnan', countryCode: 'CN' },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors).toHaveProperty('region');
    const set = await t.request('PUT', '/api/clean-isotope/region-country', {
      token: analyst.token,
      body: { material: 'coffee', region: 'sidama', countryCode: 'et' },
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.data).toEqual({ material: 'Coffee', region: 'Sidama', countryCode: 'ET', updated: 12 });
    const after = await analyse(analyst.token, [{ ...CENTRAL_HIGHLANDS, claimedOrigin: 'ET' }]);
    expect(after.results[0].analysis.consistency.claimed).toMatchObject({
      region: 'ET',
      regions: ['Sidama'],
      isKnownRegion: true,
      verdict: 'inconsistent',
    });
  });

  it('combines the samples of one lot into one joint verdict', async () => {
    const analyst = await t.userWith(analystPermissions);
    await importCoffee(t, analyst.token);
    // Three samples between Central Highlands and Son La, each leaning a little to Central Highlands.
    const between = (shift: number) => ({ d13C: -26.65 + shift, d2H: -56.6 + shift, d18O: 24.45 });
    const data = await analyse(analyst.token, [
      { sampleCode: 'L1', ...between(0), claimedOrigin: 'VN', lot: 'Lot 7' },
      { sampleCode: 'L2', ...between(-0.05), claimedOrigin: 'vn', lot: 'lot 7' },
      { sampleCode: 'L3', ...between(-0.1), claimedOrigin: 'VN', lot: 'Lot 7' },
      { sampleCode: 'Alone', ...CENTRAL_HIGHLANDS },
    ]);
    expect(data.lots).toHaveLength(1);
    const [lot] = data.lots;
    expect(lot).toMatchObject({ lot: 'Lot 7', sampleIndexes: [0, 1, 2], claimedOrigin: 'VN' });
    expect(lot.analysis.sampleCount).toBe(3);
    expect(lot.analysis.consistency.claimed).toMatchObject({ region: 'VN', verdict: 'consistent' });
    // The joint posterior is the normalised product of the samples' (uniform prior).
    const probability = (a: { regionalProbability: { region: string; probability: number }[] }, region: string) =>
      a.regionalProbability.find((r) => r.region === region)!.probability;
    const regions = lot.analysis.regionalProbability.map((r: { region: string }) => r.region);
    const products = regions.map((region: string) =>
      data.results.slice(0, 3).reduce((s: number, r: { analysis: never }) => s * probability(r.analysis, region), 1),
    );
    const total = products.reduce((s: number, v: number) => s + v, 0);
    regions.forEach((region: string, i: number) =>
      expect(probability(lot.analysis, region)).toBeCloseTo(products[i] / total, 8),
    );
    // The lot's claim is judged on the union of VN's regions in the joint posterior.
    expect(lot.analysis.consistency.claimed.probability).toBeCloseTo(
      probability(lot.analysis, 'Central Highlands') + probability(lot.analysis, 'Son La'),
      10,
    );

    // One lot claims one origin.
    const res = await t.request('POST', '/api/analysis/create', {
      token: analyst.token,
      body: {
        material: 'Coffee',
        samples: [
          { ...CENTRAL_HIGHLANDS, claimedOrigin: 'VN', lot: 'A' },
          { ...CENTRAL_HIGHLANDS, claimedOrigin: 'CN', lot: 'A' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty(['samples.1.claimedOrigin']);
  });
});

describe('[ANALYSIS] the fit after an import and the requests beside it', () => {
  it('saves analyses while the model is still being fitted after the import, and the database stays free', async () => {
    const analyst = await t.userWith(analystPermissions);
    await importCoffee(t, analyst.token);
    // No wait for the fit the import started: the save shares it. It used to wait for the fit
    // inside its transaction, holding the database (PGlite has one connection) for the whole fit,
    // and for good when the fit's own query came after that transaction had begun.
    const finished: string[] = [];
    const saved = t
      .request('POST', '/api/analysis', {
        token: analyst.token,
        body: { material: 'Coffee', analyses: [{ sampleCode: 'During fit', ...CENTRAL_HIGHLANDS }] },
      })
      .finally(() => finished.push('save'));
    const other = t
      .request('GET', '/api/clean-isotope?material=Coffee', { token: analyst.token })
      .finally(() => finished.push('list'));
    const [save, list] = await Promise.all([saved, other]);
    expect(save.status, JSON.stringify(save.body).slice(0, 400)).toBe(201);
    expect(save.body.data[0].prediction).toBe('Central Highlands');
    expect(list.status).toBe(200);
    // The list did not wait for the fit: the save holds no transaction while it waits.
    expect(finished).toEqual(['list', 'save']);
    await originModelPrepared('Coffee');
  }, 60_000);

  it('fits after a keyed import has committed, and a keyed save inside its own transaction shares the fit', async () => {
    const analyst = await t.userWith(analystPermissions);
    // The app sends its writes with an Idempotency-Key: each runs in one transaction with its answer.
    await importCoffee(t, analyst.token, { 'idempotency-key': `import-${Date.now()}` });
    const save = await t.request('POST', '/api/analysis', {
      token: analyst.token,
      headers: { 'idempotency-key': `save-${Date.now()}` },
      body: { material: 'Coffee', analyses: [{ sampleCode: 'Keyed', ...CENTRAL_HIGHLANDS }] },
    });
    expect(save.status, JSON.stringify(save.body).slice(0, 400)).toBe(201);
    // The fit after the import ran on the committed records: its report is there at once.
    await originModelPrepared('Coffee');
    const asked = Date.now();
    const report = await t.request('GET', '/api/analysis/model-report?material=Coffee', { token: analyst.token });
    expect(report.status).toBe(200);
    expect(report.body.data.referenceCount).toBe(48);
    expect(Date.parse(report.body.data.computedAt)).toBeLessThanOrEqual(asked);
  }, 120_000);
});
