import { expect } from 'vitest';
import type { TestApp } from './test-app.ts';

// A reference set and a saved origin analysis, through the real API, for the tests that confirm and
// certify a sample: the certificate's origin statement is the verdict of the analysis saved to it.

/** Cotton references in three well-separated groups: Vietnam and Thailand by country, Xinjiang by region. */
export async function importCottonReferences(
  t: TestApp,
  token: string,
  material = 'Cotton',
  { withXinjiang = true }: { withXinjiang?: boolean } = {},
) {
  const row = (code: string, country: string, region: string, c: number, h: number, o: number, i: number) =>
    `${code}-${i},${material},${country},${region},${(c + ((i % 3) - 1) * 0.2).toFixed(2)},${h + ((i % 4) - 1.5) * 2},${(o + ((i % 5) - 2) * 0.3).toFixed(2)}`;
  const csv = ['sampleCode,material,countryCode,region,d13C,d2H,d18O']
    .concat(
      Array.from({ length: 15 }, (_, i) => row('V', 'VN', '', -27.1, -65, 24.2, i)),
      Array.from({ length: 15 }, (_, i) => row('T', 'TH', '', -24, -40, 28, i)),
      withXinjiang ? Array.from({ length: 15 }, (_, i) => row('X', 'CN', 'Xinjiang', -25, -95, 20, i)) : [],
    )
    .join('\n');
  const form = new FormData();
  form.set('file', new File([csv], 'references.csv'));
  const res = await t.request('POST', '/api/clean-isotope/import', { token, form });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** Runs and saves an origin analysis of the sample's measured values, then saves it to the sample entry. */
export async function saveOriginAnalysis(
  t: TestApp,
  token: string,
  sample: { idflNumber: string; version: number },
  { material = 'Cotton', claimedOrigin = 'VN' }: { material?: string; claimedOrigin?: string } = {},
) {
  const saved = await t.request('POST', '/api/analysis', {
    token,
    body: { material, analyses: [{ idflNumber: sample.idflNumber, claimedOrigin }] },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const toSample = await t.request(
    'POST',
    `/api/analysis/save-to-sample-entry?idflNumber=${encodeURIComponent(sample.idflNumber)}`,
    { token, body: { analysisId: saved.body.data[0].id, version: sample.version } },
  );
  expect(toSample.status, JSON.stringify(toSample.body)).toBe(200);
  return { analysis: toSample.body.data.analysis, version: toSample.body.data.sampleEntry.version as number };
}
