import { readFileSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { sharedDataDir } from '../../../bench/origin-data.ts';
import { permissionGroups } from '../../../src/shared/permissions.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp, type TestApp } from '../support/test-app.ts';
import { labToday } from '../support/lab-day.ts';

const t = useTestApp();

const analystPermissions = [...permissionGroups.analysis, ...permissionGroups.cleanSample];

function fileForm(name: string, content: string | Uint8Array<ArrayBuffer>, fields: Record<string, string> = {}) {
  const form = new FormData();
  form.set('file', new File([content], name));
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  return form;
}

const strawberryCsv = () => readFileSync(path.join(sharedDataDir, 'strawberry_SLO_SITE.csv'), 'utf8');

/** The strawberry file as it is: "18O"… are read as δ18O…, trace elements kept as further elements. */
async function importStrawberries(app: TestApp, token: string) {
  const res = await app.request('POST', '/api/clean-isotope/import', {
    token,
    form: fileForm('strawberries.csv', strawberryCsv(), {
      material: 'Strawberry',
      mapping: JSON.stringify({ sampleCode: 'Lab code', countryCode: 'Country' }),
    }),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/**
 * Rice references in three well-separated groups: Vietnam and Thailand by country code, and
 * Xinjiang by region (the class is the region, else the country).
 */
async function importRice(app: TestApp, token: string) {
  const row = (code: string, country: string, region: string, c: number, h: number, o: number, i: number) =>
    `${code}-${i},Rice,${country},${region},${(c + ((i % 3) - 1) * 0.2).toFixed(2)},${h + ((i % 4) - 1.5) * 2},${(o + ((i % 5) - 2) * 0.3).toFixed(2)}`;
  const csv = ['sampleCode,material,countryCode,region,d13C,d2H,d18O']
    .concat(
      Array.from({ length: 15 }, (_, i) => row('V', 'VN', '', -27.1, -65, 24.2, i)),
      Array.from({ length: 15 }, (_, i) => row('T', 'TH', '', -24, -40, 28, i)),
      Array.from({ length: 15 }, (_, i) => row('X', 'CN', 'Xinjiang', -25, -95, 20, i)),
    )
    .join('\n');
  const res = await app.request('POST', '/api/clean-isotope/import', { token, form: fileForm('rice.csv', csv) });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

const VIETNAMESE_RICE = { d13C: -27.05, d2H: -64, d18O: 24.3 };

async function cleanCount(app: TestApp, token: string, query = '') {
  const res = await app.request('GET', `/api/clean-isotope?limit=1${query}`, { token });
  expect(res.status).toBe(200);
  return res.body.data.total as number;
}

describe('[CLEAN ISOTOPE] import, list and export', () => {
  it('imports the tap-water file as it is with a mapping for its own headers, and a re-import updates', async () => {
    const analyst = await t.userWith(analystPermissions);
    const csv = readFileSync(path.join(sharedDataDir, 'tapwater_CityWater.csv'));
    const mapping = JSON.stringify({
      sampleCode: 'sample_ID',
      region: 'cluster_location',
      latitude: 'lat',
      longitude: 'lon',
    });
    const form = () => fileForm('tapwater_CityWater.csv', csv, { mapping, material: 'Tap water' });
    const first = await t.request('POST', '/api/clean-isotope/import', { token: analyst.token, form: form() });
    expect(first.status, JSON.stringify(first.body).slice(0, 500)).toBe(200);
    expect(first.body.data).toMatchObject({ created: 3876, updated: 0, total: 3876, materials: ['Tap water'] });
    // The file numbers samples per survey, so codes repeat (44 rows): each repeat is kept, numbered.
    expect(first.body.data.renamed).toHaveLength(44);
    expect(first.body.data.renamed[0]).toMatchObject({ from: expect.any(String), to: expect.stringMatching(/#2$/) });
    expect(first.body.data.elements).toEqual(['d2H', 'd18O']);
    const again = await t.request('POST', '/api/clean-isotope/import', { token: analyst.token, form: form() });
    expect(again.body.data).toMatchObject({ created: 0, updated: 3876 });
    expect(await cleanCount(t, analyst.token, '&material=tap%20water')).toBe(3876);
    const slc = await t.request('GET', '/api/clean-isotope?region=Salt%20Lake%20City&limit=2&orderBy=sampleCode', {
      token: analyst.token,
    });
    expect(slc.body.data.total).toBe(1751);
    expect(slc.body.data.items[0]).toMatchObject({
      material: 'Tap water',
      region: 'Salt Lake City',
      countryCode: null,
    });
    expect(slc.body.data.items[0].latitude).toEqual(expect.any(Number));
  });

  it('refuses a bad file whole, naming each bad row and column, and changes nothing', async () => {
    const analyst = await t.userWith(analystPermissions);
    await importStrawberries(t, analyst.token);
    const before = await cleanCount(t, analyst.token);
    const csv = [
      'sampleCode,material,region,d13C,d2H,latitude',
      'S-1,Rice,Mekong,-28.1,-50,10', // good, but must not be stored
      'S-2,Rice,,-28.1,-50,10', // no region nor country
      'S-3,Rice,Mekong,abc,-50,10', // not a number
      'S-4,Rice,Mekong,NA,,10', // no element
      'S-5,Rice,Mekong,-28,-50,95', // latitude out of range
    ].join('\n');
    const res = await t.request('POST', '/api/clean-isotope/import', {
      token: analyst.token,
      form: fileForm('bad.csv', csv),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('4 row(s) cannot be imported; nothing was changed.');
    expect(res.body.data.rowErrors).toEqual([
      { row: 3, column: 'region', message: 'Region or country code is required' },
      { row: 4, column: 'd13C', message: '"abc" is not a number' },
      { row: 5, column: 'd13C', message: 'At least one element value is required' },
      { row: 6, column: 'latitude', message: 'Latitude must be between -90 and 90' },
    ]);
    expect(res.body.errors['rows.4.d13C']).toBe('"abc" is not a number');
    expect(await cleanCount(t, analyst.token)).toBe(before);

    const badMapping = await t.request('POST', '/api/clean-isotope/import', {
      token: analyst.token,
      form: fileForm('x.csv', csv, { mapping: '{"sampleCode":"nope"}' }),
    });
    expect(badMapping.status).toBe(400);
    expect(badMapping.body.errors).toEqual({ 'mapping.sampleCode': 'The file has no column "nope"' });
    const noMaterial = await t.request('POST', '/api/clean-isotope/import', {
      token: analyst.token,
      form: fileForm('x.csv', 'sampleCode,region,d13C\nA,B,1'),
    });
    expect(noMaterial.status).toBe(400);
    expect(noMaterial.body.errors).toEqual({ material: 'Material is required' });
    const binary = await t.request('POST', '/api/clean-isotope/import', {
      token: analyst.token,
      form: fileForm('x.csv', new Uint8Array([1, 0, 2, 0])),
    });
    expect(binary.status).toBe(400);
    expect(await cleanCount(t, analyst.token)).toBe(before);
  });

  it('imports an XLSX sheet with δ headers, keeps further elements, filters and exports CSV', async () => {
    const analyst = await t.userWith(analystPermissions);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Reference');
    sheet.addRow(['Sample Code', 'Material', 'Country Code', 'δ13C', 'δ15N', 'Sr', 'Notes', 'Classify', 'Verified By']);
    sheet.addRow(['R-1', 'Rice', 'VN', -28.4, 5.1, 120.5, 'first', 'Satisfied', 'Mai']);
    sheet.addRow(['R-2', 'Rice', 'TH', -27.9, 4.2, null, 'second', 'Neutral', 'An']);
    const bytes = new Uint8Array(await workbook.xlsx.writeBuffer());
    const res = await t.request('POST', '/api/clean-isotope/import', {
      token: analyst.token,
      form: fileForm('ref.xlsx', bytes),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ created: 2, elements: ['d13C', 'd15N', 'Sr'] });
    const vn = await t.request('GET', '/api/clean-isotope?countryCode=vn&classify=satisfied&verifiedBy=mai', {
      token: analyst.token,
    });
    expect(vn.body.data.items).toHaveLength(1);
    expect(vn.body.data.items[0]).toMatchObject({
      sampleCode: 'R-1',
      d13C: -28.4,
      d15N: 5.1,
      otherElements: { Sr: 120.5 },
    });

    const csv = await t.request('POST', '/api/clean-isotope/export-csv?path=rice%20export&material=Rice', {
      token: analyst.token,
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment; filename="rice export.csv"');
    const rows = Papa.parse<Record<string, string>>(csv.body as string, { header: true, skipEmptyLines: true }).data;
    expect(rows.map((r) => r.sampleCode)).toEqual(['R-1', 'R-2']);
    expect(rows[0]).toMatchObject({ material: 'Rice', countryCode: 'VN', d13C: '-28.4', Sr: '120.5' });
    // The export imports back unchanged.
    const back = await t.request('POST', '/api/clean-isotope/import', {
      token: analyst.token,
      form: fileForm('back.csv', csv.body as string),
    });
    expect(back.body.data).toMatchObject({ created: 0, updated: 2 });
  });
});

describe('[ANALYSIS] model report, analyse, save, classify, sample entry, transfer', () => {
  it('reports held-out figures for a material beside the baselines', async () => {
    const analyst = await t.userWith(analystPermissions);
    await importStrawberries(t, analyst.token);
    const res = await t.request('GET', '/api/analysis/model-report?material=strawberry', { token: analyst.token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const report = res.body.data;
    expect(report.material).toBe('Strawberry');
    // Four isotopes and 25 trace elements: refitting 157 times costs too much, so 10-fold.
    expect(report.validation).toMatchObject({ method: 'k-fold', folds: 10, sampleCount: 149 });
    // Slovenia, Italy and Croatia have enough references; the four smaller countries do not.
    expect(report.regions.map((r: { region: string }) => r.region)).toEqual(['Croatia', 'Italy', 'Slovenia']);
    expect(report.excludedRegions).toHaveLength(4);
    expect(report.elements.slice(0, 4)).toEqual(['d13C', 'd18O', 'd15N', 'd34S']);
    const centroid = report.baselines.find((b: { name: string }) => b.name === 'nearestCentroid');
    expect(report.validation.accuracy).toBeGreaterThan(centroid.accuracy);
    expect(report.validation.confusion).toHaveLength(3);
    // How often each verdict is wrong: a claim of every region for each of the 149 held-out records.
    expect(report.verdictErrors.claims.map((c: { region: string }) => c.region)).toEqual([
      'Croatia',
      'Italy',
      'Slovenia',
    ]);
    expect(report.verdictErrors.pooled).toMatchObject({ trueClaims: 149, falseClaims: 298 });
    expect(report.verdictErrors.pooled.cllr).toBeLessThan(1);
    expect(report.verdictErrors.pooled.cllrMin).toBeLessThanOrEqual(report.verdictErrors.pooled.cllr);
    expect(report.verdictErrors.xinjiang).toBeNull();
    // Held-out records atypical of their own region: the calibration's check (about 1 % expected).
    const own = report.verdictErrors.ownRegionAtypical;
    expect(own.records).toBe(149);
    expect(own.atypical).toBeGreaterThanOrEqual(0);
    expect(own.atypical).toBeLessThanOrEqual(own.records);
    expect(own.share).toBeCloseTo(own.atypical / own.records, 12);
    // A lot's joint verdict, by the same cross-validation: each region's held-out records in lots.
    const counts: number[] = report.validation.perRegion.map((r: { count: number }) => r.count);
    expect(report.verdictErrors.lots.map((l: { size: number }) => l.size)).toEqual([2, 3, 5]);
    for (const lots of report.verdictErrors.lots) {
      const lotCount = counts.reduce((s, n) => s + Math.floor(n / lots.size), 0);
      expect(lots.lotCount).toBe(lotCount);
      expect(lots.claims.map((c: { trueClaims: number }) => c.trueClaims)).toEqual(
        counts.map((n) => Math.floor(n / lots.size)),
      );
      expect(lots.pooled).toMatchObject({ trueClaims: lotCount, falseClaims: 2 * lotCount });
      expect(lots.xinjiang).toBeNull();
    }
    expect(report.modelBytes).toBeGreaterThan(1000);
    const unknown = await t.request('GET', '/api/analysis/model-report?material=Coffee', { token: analyst.token });
    expect(unknown.status).toBe(409);
    expect(unknown.body.errors).toEqual({ material: 'No reference data for this material' });
    const materials = await t.request('GET', '/api/analysis/materials', { token: analyst.token });
    expect(materials.body.data).toEqual([
      expect.objectContaining({ material: 'Strawberry', recordCount: 157, regionCount: 7 }),
    ]);
    const model = await t.request('GET', '/api/analysis/model?material=Strawberry', { token: analyst.token });
    expect(model.body.data.referenceVersion).toBe(report.referenceVersion);
    expect(model.body.data.model.regions).toHaveLength(3);
  });

  it('analyses one or several samples without saving, and checks every input', async () => {
    const analyst = await t.userWith(analystPermissions);
    await importRice(t, analyst.token);
    const res = await t.request('POST', '/api/analysis/create', {
      token: analyst.token,
      body: {
        material: 'rice',
        samples: [
          { sampleCode: 'A', ...VIETNAMESE_RICE, claimedOrigin: 'VN' },
          { sampleCode: 'B', d13C: -27.1 },
          { sampleCode: 'C', ...VIETNAMESE_RICE, expectedOrigins: ['TH', 'Xinjiang'] },
          { sampleCode: 'D', d13C: -25, d2H: -95, d18O: 20, claimedOrigin: 'TH' },
          { sampleCode: 'E', d13C: -10, d2H: 50, d18O: 40 },
        ],
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [a, b, c, d, e] = res.body.data.results;
    expect(res.body.data.material).toBe('Rice');
    expect(a.analysis.predictedOrigin).toBe('VN');
    expect(a.analysis.consistency.claimed).toMatchObject({ region: 'VN', verdict: 'consistent' });
    expect(a.analysis.consistency.xinjiang).toMatchObject({ isKnownRegion: true, verdict: 'inconsistent' });
    const sum = a.analysis.regionalProbability.reduce((s: number, r: { probability: number }) => s + r.probability, 0);
    expect(sum).toBeCloseTo(1, 8);
    expect(a.analysis.quality.score).toBeGreaterThan(50);
    expect(a.analysis.elementStatus.map((s: { element: string }) => s.element)).toEqual(['d13C', 'd2H', 'd18O']);
    expect(b.analysis.elementsUsed).toEqual(['d13C']);
    expect(b.analysis.quality.completeness).toBeLessThan(a.analysis.quality.completeness);
    expect(c.analysis.prior).toEqual({ kind: 'expected', regions: ['TH', 'Xinjiang'] });
    expect(c.analysis.regionalProbability.find((r: { region: string }) => r.region === 'VN').probability).toBe(0);
    expect(d.analysis.predictedOrigin).toBe('Xinjiang');
    expect(d.analysis.consistency.claimed.verdict).toBe('inconsistent');
    expect(d.analysis.consistency.xinjiang.verdict).toBe('consistent');
    expect(e.analysis.isAtypical).toBe(true);
    expect(e.analysis.predictedOrigin).toBeNull();
    expect(await t.request('GET', '/api/analysis', { token: analyst.token }).then((r) => r.body.data.total)).toBe(0);

    const none = await t.request('POST', '/api/analysis/create', {
      token: analyst.token,
      body: { material: 'Rice', samples: [] },
    });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual({ samples: 'At least one form' });
    const empty = await t.request('POST', '/api/analysis/create', {
      token: analyst.token,
      body: { material: 'Rice', samples: [{ sampleCode: 'x' }] },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ 'samples.0.d13C': 'At least one element value is required' });
    const unknownSample = await t.request('POST', '/api/analysis/create', {
      token: analyst.token,
      body: { material: 'Rice', samples: [{ idflNumber: 'NOPE-1' }] },
    });
    expect(unknownSample.status).toBe(400);
    expect(unknownSample.body.errors).toEqual({ 'samples.0.idflNumber': 'No sample entry with this IDFL number' });
  });

  it('saves an analysis, finds it in the history, classifies it, writes it to a sample entry and transfers it', async () => {
    const admin = await t.signInAsAdmin();
    const analyst = await t.userWith(analystPermissions);
    await importRice(t, analyst.token);
    const sample = await sampleAt(t, admin, 'ResultReturned');
    const saved = await t.request('POST', '/api/analysis', {
      token: analyst.token,
      body: {
        material: 'Rice',
        analyses: [
          {
            sampleCode: 'LAB-1',
            ...VIETNAMESE_RICE,
            claimedOrigin: 'VN',
            countryCode: 'VN',
            sources: 'Client',
            conclusion: 'Consistent with Vietnam',
          },
          { sampleCode: 'LAB-2', d13C: -24.1, d2H: -41, countryCode: 'TH' },
        ],
      },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const [first, second] = saved.body.data;
    expect(first).toMatchObject({
      classify: 'Pending',
      status: 'Saved',
      prediction: 'VN',
      claimedVerdict: 'consistent',
    });
    expect(second).toMatchObject({ prediction: 'TH', claimedVerdict: null });

    const history = await t.request(
      'GET',
      `/api/analysis?countryCode=vn&sources=client&classify=Pending&status=Saved&prediction=vn&analysisFromDate=2000-01-01&analysisToDate=${labToday()}`,
      { token: analyst.token },
    );
    expect(history.body.data.items.map((a: { id: number }) => a.id)).toEqual([first.id]);
    const badDate = await t.request('GET', `/api/analysis?analysisFromDate=${encodeURIComponent("' OR '1'='1")}`, {
      token: analyst.token,
    });
    expect(badDate.status).toBe(400);
    expect(Object.keys(badDate.body.errors)).toEqual(['analysisFromDate']);

    const early = await t.request('POST', `/api/analysis/transfer-data/${first.id}`, {
      token: analyst.token,
      body: {},
    });
    expect(early.status).toBe(409);
    const classified = await t.request('PUT', `/api/analysis?id=${first.id}&action=MarkSatisfied`, {
      token: analyst.token,
    });
    expect(classified.status).toBe(200);
    expect(classified.body.data.classify).toBe('Satisfied');
    const badAction = await t.request('PUT', `/api/analysis?id=${first.id}&action=MarkGreat`, { token: analyst.token });
    expect(badAction.status).toBe(400);

    const stale = await t.request('POST', `/api/analysis/save-to-sample-entry?idflNumber=${sample.idflNumber}`, {
      token: analyst.token,
      body: { analysisId: first.id, version: sample.version - 1 },
    });
    expect(stale.status).toBe(409);
    const toSample = await t.request('POST', `/api/analysis/save-to-sample-entry?idflNumber=${sample.idflNumber}`, {
      token: analyst.token,
      body: { analysisId: first.id, version: sample.version },
    });
    expect(toSample.status, JSON.stringify(toSample.body)).toBe(200);
    expect(toSample.body.data.analysis).toMatchObject({ status: 'SavedToSampleEntry', sampleEntryId: sample.id });
    const detail = await t.request('GET', `/api/supervisor-lab/get-detail/${sample.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({
      predictedOrigin: 'VN',
      consistentWithPredictedOrigin: true,
      consistentWithXinjiangOrigin: false,
    });
    expect(detail.body.data.evaluationByRegionRatio.VN).toBeGreaterThan(50);
    const timeline = await t.request('GET', `/api/sample-entries/${sample.id}/timeline`, { token: admin });
    expect(timeline.body.data.map((e: { action: string }) => e.action)).toContain('saveOriginAnalysis');
    expect((await t.request('GET', '/api/audit/verify', { token: admin })).body.data.valid).toBe(true);

    const tooEarly = await sampleAt(t, admin, 'TesterConfirmed');
    const wrongStage = await t.request('POST', `/api/analysis/save-to-sample-entry?idflNumber=${tooEarly.idflNumber}`, {
      token: analyst.token,
      body: { analysisId: first.id },
    });
    expect(wrongStage.status).toBe(409);

    const transfer = await t.request('POST', `/api/analysis/transfer-data/${first.id}`, {
      token: analyst.token,
      body: { latitude: 10.03, longitude: 105.78, region: 'Mekong Delta' },
    });
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
    expect(transfer.body.data.analysis.status).toBe('Transferred');
    expect(transfer.body.data.record).toMatchObject({
      sampleCode: 'LAB-1',
      material: 'Rice',
      region: 'Mekong Delta',
      countryCode: 'VN',
      d13C: VIETNAMESE_RICE.d13C,
      latitude: 10.03,
      verifiedBy: expect.stringContaining('Test'),
    });
    expect(await cleanCount(t, analyst.token, '&sampleCode=LAB-1')).toBe(1);
    const full = await t.request('GET', `/api/analysis/${first.id}`, { token: analyst.token });
    expect(full.body.data.result.predictedOrigin).toBe('VN');
    expect(full.body.data.cleanIsotopeRecordId).toBe(transfer.body.data.record.id);
  });

  it('fills values, claimed origin and expected origins from a sample entry by its IDFL number', async () => {
    const admin = await t.signInAsAdmin();
    const analyst = await t.userWith(analystPermissions);
    await importRice(t, analyst.token);
    const sample = await sampleAt(t, admin, 'ResultReturned', { form: { sampleType: 'Rice', countryCode: 'VN' } });
    const res = await t.request('POST', '/api/analysis/create', {
      token: analyst.token,
      body: { material: 'Rice', samples: [{ idflNumber: sample.idflNumber }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body.data.results[0];
    expect(result.values).toMatchObject({ d13C: -27.1, d2H: -65.4, d18O: 24.2 });
    expect(result.claimedOrigin).toBe('VN');
    expect(result.analysis.predictedOrigin).toBe('VN');
  });
});
