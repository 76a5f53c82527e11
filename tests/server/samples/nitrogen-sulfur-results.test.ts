import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { permissionGroups } from '../../../src/shared/permissions.ts';
import { RESULT, sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// δ15N (AIR) and δ34S (VCDT) join the third lab's result: optional, each with its optional "±",
// kept on the third-lab entry, shown in the sample's detail, named in the chain of custody, fed to
// the origin analysis where the reference set holds them, and copied into the clean data set.

const t = useTestApp();

const NITROGEN_SULFUR = { nitrogen: 8.9, nitrogenUncertainty: 0.2, sulfur: 12.1, sulfurUncertainty: 0.4 };
const WITHOUT_VALUE = 'Enter the value this uncertainty belongs to';

const saveResult = (token: string, id: number, body: Record<string, unknown>) =>
  t.request('PUT', `/api/third-lab/update-result?id=${id}`, { token, body });

async function custodyRows(id: number, token: string, lang: 'en' | 'vi') {
  const res = await t.request('GET', `/api/sample-entries/${id}/custody.csv?lang=${lang}`, { token });
  expect(res.status).toBe(200);
  return Papa.parse<string[]>(await res.raw.text(), { skipEmptyLines: true }).data;
}

describe('[THIRD LAB] δ15N and δ34S results', () => {
  it('saves them with their uncertainties, shows them in the detail and names them in the custody record', async () => {
    const admin = await t.signInAsAdmin();
    const lab = await t.userWith(['CanUpdateResultThirdLab']);
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const res = await saveResult(lab.token, sample.id, { ...RESULT, ...NITROGEN_SULFUR });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ ...RESULT, ...NITROGEN_SULFUR });

    const detail = (await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: admin })).body.data;
    expect(detail.thirdLabEntries[0]).toMatchObject(NITROGEN_SULFUR);
    const update = detail.timeline.find((event: any) => event.action === 'updateResult');
    expect(update.changes.nitrogen).toEqual({ from: null, to: 8.9 });
    expect(update.changes.sulfurUncertainty).toEqual({ from: null, to: 0.4 });

    // The custody CSV writes each measured value as a plain number, its unit in the next column.
    const english = await custodyRows(sample.id, admin, 'en');
    expect(english.find((row) => row[8] === 'Nitrogen (δ15N)')?.slice(9, 12)).toEqual(['', '8.9', '‰']);
    expect(english.find((row) => row[8] === 'Sulfur (δ34S) uncertainty')?.slice(10, 12)).toEqual(['0.4', '‰']);
    const vietnamese = await custodyRows(sample.id, admin, 'vi');
    expect(vietnamese.find((row) => row[8] === 'Lưu huỳnh (δ34S)')?.slice(10, 12)).toEqual(['12.1', '‰']);
    expect(vietnamese.find((row) => row[8] === 'Độ không đảm bảo đo của Nitơ (δ15N)')?.slice(10, 12)).toEqual([
      '0.2',
      '‰',
    ]);
  });

  it('keeps them when a save leaves them out, and clears one sent empty with its uncertainty', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    expect((await saveResult(admin, sample.id, { ...RESULT, ...NITROGEN_SULFUR })).status).toBe(200);

    // A client that predates δ15N and δ34S (or an update queued offline before them) sends C/H/O only.
    const older = await saveResult(admin, sample.id, { ...RESULT, carbon: -27.4 });
    expect(older.status).toBe(200);
    expect(older.body.data).toMatchObject({ carbon: -27.4, ...NITROGEN_SULFUR });

    const cleared = await saveResult(admin, sample.id, { ...RESULT, nitrogen: null, sulfur: 11.5 });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data).toMatchObject({
      nitrogen: null,
      nitrogenUncertainty: null,
      sulfur: 11.5,
      // A new value does not keep the old value's uncertainty.
      sulfurUncertainty: null,
    });
  });

  it('refuses an uncertainty without its value, and a value out of range, each with its field message', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const alone = await saveResult(admin, sample.id, { ...RESULT, nitrogenUncertainty: 0.3 });
    expect(alone.status).toBe(400);
    expect(alone.body.errors).toEqual({ nitrogenUncertainty: WITHOUT_VALUE });
    const emptied = await saveResult(admin, sample.id, { ...RESULT, sulfur: null, sulfurUncertainty: 0.3 });
    expect(emptied.body.errors).toEqual({ sulfurUncertainty: WITHOUT_VALUE });
    const far = await saveResult(admin, sample.id, { ...RESULT, sulfur: 2500 });
    expect(far.status).toBe(400);
    expect(far.body.errors).toEqual({ sulfur: 'Enter a value from -1000 to 1000 ‰' });
    const text = await saveResult(admin, sample.id, { ...RESULT, nitrogen: 'high' });
    expect(text.body.errors).toEqual({ nitrogen: 'Enter a number' });

    const detail = (await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: admin })).body.data;
    expect(detail.thirdLabEntries[0]).toMatchObject({ carbon: null, nitrogen: null, sulfur: null });
  });
});

/**
 * Rice references where Vietnam and Thailand share their C/H/O and only δ15N and δ34S tell them
 * apart, so a prediction between the two is the nitrogen and sulfur values' doing.
 */
async function importRiceWithNitrogenSulfur(token: string) {
  const row = (code: string, country: string, n: number, s: number, i: number) =>
    `${code}-${i},Rice,${country},${(-27 + ((i % 3) - 1) * 0.2).toFixed(2)},${-60 + ((i % 4) - 1.5) * 2},${(24 + ((i % 5) - 2) * 0.3).toFixed(2)},${(n + ((i % 7) - 3) * 0.25).toFixed(2)},${(s + (((i * 5) % 11) - 5) * 0.15).toFixed(2)}`;
  const csv = ['sampleCode,material,countryCode,d13C,d2H,d18O,d15N,d34S']
    .concat(
      Array.from({ length: 15 }, (_, i) => row('V', 'VN', 3, 5, i)),
      Array.from({ length: 15 }, (_, i) => row('T', 'TH', 9, 12, i)),
    )
    .join('\n');
  const form = new FormData();
  form.set('file', new File([csv], 'rice.csv'));
  const res = await t.request('POST', '/api/clean-isotope/import', { token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

describe('[ANALYSIS] a sample measured for δ15N and δ34S', () => {
  it('feeds its nitrogen and sulfur to the origin analysis by its IDFL number', async () => {
    const admin = await t.signInAsAdmin();
    const analyst = await t.userWith([...permissionGroups.analysis, ...permissionGroups.cleanSample]);
    await importRiceWithNitrogenSulfur(analyst.token);
    const sample = await sampleAt(t, admin, 'ResultReturned', {
      form: { sampleType: 'Rice', countryCode: 'TH' },
      result: { carbon: -27, hydrogen: -60, oxygen: 24, nitrogen: 9.1, sulfur: 11.8 },
    });
    const res = await t.request('POST', '/api/analysis/create', {
      token: analyst.token,
      body: { material: 'Rice', samples: [{ idflNumber: sample.idflNumber }] },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const result = res.body.data.results[0];
    expect(result.values).toMatchObject({ d13C: -27, d2H: -60, d18O: 24, d15N: 9.1, d34S: 11.8 });
    expect(result.analysis.elementsUsed).toEqual(expect.arrayContaining(['d15N', 'd34S']));
    expect(result.analysis.predictedOrigin, JSON.stringify(result.analysis)).toBe('TH');

    // Without them the two countries cannot be told apart: the call above was nitrogen's and sulfur's.
    const withoutThem = await t.request('POST', '/api/analysis/create', {
      token: analyst.token,
      body: { material: 'Rice', samples: [{ d13C: -27, d2H: -60, d18O: 24 }] },
    });
    expect(withoutThem.body.data.results[0].analysis.elementsUsed).not.toContain('d15N');
    const thailand = withoutThem.body.data.results[0].analysis.regionalProbability.find(
      (r: { region: string }) => r.region === 'TH',
    );
    expect(thailand.probability).toBeLessThan(0.9);
  });

  it('copies them into the clean data set with the sample', async () => {
    const admin = await t.signInAsAdmin();
    const supervisor = await t.userWith(['CanTransferIDFLData']);
    const sample = await sampleAt(t, admin, 'ResultConfirmed', { result: { ...RESULT, nitrogen: 6.2, sulfur: 9.4 } });
    const res = await t.request('POST', '/api/supervisor-lab/transfer-data-of-idfl', {
      token: supervisor.token,
      body: { id: sample.id, countryCode: 'VN', latitude: 10.8, longitude: 106.7 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ d13C: RESULT.carbon, d15N: 6.2, d34S: 9.4 });
  });
});
