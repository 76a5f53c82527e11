import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { RESULT, sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// The third lab reports each δ value with its expanded uncertainty where it has one (ISO/IEC 17025
// §7.8.3): entered with the result, kept on its third-lab entry, shown in the sample's detail and
// named in the chain of custody by its label.

const t = useTestApp();

const UNCERTAINTIES = { carbonUncertainty: 0.15, hydrogenUncertainty: 1.5, oxygenUncertainty: 0.3 };
const OUT_OF_RANGE = 'Enter an uncertainty from 0.01 to 100 ‰';

async function custodyRows(id: number, token: string, lang: 'en' | 'vi') {
  const res = await t.request('GET', `/api/sample-entries/${id}/custody.csv?lang=${lang}`, { token });
  expect(res.status).toBe(200);
  return Papa.parse<string[]>(await res.raw.text(), { skipEmptyLines: true }).data;
}

describe('[THIRD LAB] result uncertainty', () => {
  it('saves each value with its uncertainty, shows it in the detail and names it in the custody record', async () => {
    const admin = await t.signInAsAdmin();
    const lab = await t.userWith(['CanUpdateResultThirdLab']);
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const res = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: lab.token,
      body: { ...RESULT, ...UNCERTAINTIES },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ ...RESULT, ...UNCERTAINTIES, resultEnteredBy: lab.id });

    const detail = (await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: admin })).body.data;
    expect(detail.thirdLabEntries[0]).toMatchObject(UNCERTAINTIES);
    const update = detail.timeline.find((event: any) => event.action === 'updateResult');
    expect(update.changes.carbonUncertainty).toEqual({ from: null, to: 0.15 });

    const english = await custodyRows(sample.id, admin, 'en');
    const carbon = english.find((row) => row[8] === 'Carbon (δ13C) uncertainty');
    // Plain numbers, the unit in its own column: a spreadsheet can compute with them.
    expect(carbon?.slice(9, 12)).toEqual(['', '0.15', '‰']);
    expect(english.find((row) => row[8] === 'Hydrogen (δ2H) uncertainty')?.[10]).toBe('1.5');
    const vietnamese = await custodyRows(sample.id, admin, 'vi');
    expect(vietnamese.find((row) => row[8] === 'Độ không đảm bảo đo của Oxy (δ18O)')?.[10]).toBe('0.3');

    // A result saved again without them leaves the values without uncertainty: the old one does
    // not stay attached to a value it was not reported with.
    const again = await t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, {
      token: lab.token,
      body: { ...RESULT, carbon: -27.3 },
    });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({
      carbon: -27.3,
      carbonUncertainty: null,
      hydrogenUncertainty: null,
      oxygenUncertainty: null,
    });
  });

  it('applies a result queued offline with its uncertainties through the outbox sync', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const body = { ...RESULT, ...UNCERTAINTIES, carbonUncertainty: null };
    const queued = {
      key: 'outbox-uncertainty-1',
      method: 'PUT',
      path: `/api/third-lab/update-result?id=${sample.id}`,
      body,
    };
    const res = await t.request('POST', '/api/sync', { token: admin, body: { mutations: [queued] } });
    expect(res.status).toBe(200);
    expect(res.body.data.results[0]).toMatchObject({ status: 200, body: { data: body } });
    const refused = await t.request('POST', '/api/sync', {
      token: admin,
      body: { mutations: [{ ...queued, key: 'outbox-uncertainty-2', body: { ...body, oxygenUncertainty: 500 } }] },
    });
    expect(refused.body.data.results[0]).toMatchObject({
      status: 400,
      body: { errors: { oxygenUncertainty: OUT_OF_RANGE } },
    });
  });

  it('refuses an uncertainty that is zero or negative, too large or not a number, each with its field message', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ThirdLabConfirmed');
    const save = (extra: Record<string, unknown>) =>
      t.request('PUT', `/api/third-lab/update-result?id=${sample.id}`, { token: admin, body: { ...RESULT, ...extra } });

    const negative = await save({ carbonUncertainty: -0.2 });
    expect(negative.status).toBe(400);
    expect(negative.body.errors).toEqual({ carbonUncertainty: OUT_OF_RANGE });
    const zero = await save({ hydrogenUncertainty: 0 });
    expect(zero.body.errors).toEqual({ hydrogenUncertainty: OUT_OF_RANGE });
    const tooLarge = await save({ oxygenUncertainty: 250 });
    expect(tooLarge.status).toBe(400);
    expect(tooLarge.body.errors).toEqual({ oxygenUncertainty: OUT_OF_RANGE });
    const text = await save({ carbonUncertainty: 'about 0.2' });
    expect(text.status).toBe(400);
    expect(text.body.errors).toEqual({ carbonUncertainty: 'Enter a number' });

    // Nothing of the refused saves was kept.
    const detail = (await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: admin })).body.data;
    expect(detail.thirdLabEntries[0]).toMatchObject({
      carbon: null,
      carbonUncertainty: null,
      hydrogenUncertainty: null,
      oxygenUncertainty: null,
    });
  });
});
