import type { APIRequestContext } from '@playwright/test';
import { expect, type StoredLogin } from './fixtures.ts';

// Samples put where a spec needs them, through the real API (as the laboratory staff would).

export type SeededSample = { id: number; idflNumber: string; status: string; version: number };

export function authorised(session: StoredLogin) {
  return { authorization: `Bearer ${session.data.accessToken}` };
}

/** What the client-side lab types for a sample besides its code (a spec may want long, real-looking words). */
export type SampleWords = { sampleType?: string; source?: string };

/** Created, checked in and transferred to the tester by the client-side lab. */
export async function seedSampleSentToTester(
  request: APIRequestContext,
  cs: StoredLogin,
  sampleCode: string,
  { sampleType = 'Cotton', source = 'E2E bench' }: SampleWords = {},
): Promise<SeededSample> {
  const headers = authorised(cs);
  const created = await request.post('/api/cs-lab/create', {
    headers,
    data: { sampleType, sampleCode, source, fromClientInfo: `Seeded ${sampleCode}` },
  });
  expect(created.status()).toBe(201);
  const sample = ((await created.json()) as { data: SeededSample }).data;
  const checkedIn = await request.put(`/api/cs-lab/check-in?id=${sample.id}&entry=sample`, {
    headers,
    data: { receivedDate: new Date().toISOString().slice(0, 10), receivedBy: 'Cam Service', initialWeight: 12.5 },
  });
  expect(checkedIn.status()).toBe(200);
  const transferred = await request.put(`/api/cs-lab/transfer-to-tester?id=${sample.id}`, { headers });
  expect(transferred.status()).toBe(200);
  return ((await transferred.json()) as { data: SeededSample }).data;
}

/** As above, then checked in at the tester lab. */
export async function seedSampleTesterConfirmed(
  request: APIRequestContext,
  cs: StoredLogin,
  tester: StoredLogin,
  sampleCode: string,
  words?: SampleWords,
): Promise<SeededSample> {
  const sample = await seedSampleSentToTester(request, cs, sampleCode, words);
  const checkedIn = await request.put(`/api/tester-lab/check-in?id=${sample.id}`, { headers: authorised(tester) });
  expect(checkedIn.status()).toBe(200);
  return ((await checkedIn.json()) as { data: SeededSample }).data;
}

export async function readTesterSample(request: APIRequestContext, session: StoredLogin, id: number) {
  const response = await request.get(`/api/tester-lab/get-detail/${id}`, { headers: authorised(session) });
  expect(response.status()).toBe(200);
  return (
    (await response.json()) as {
      data: SeededSample & Record<string, unknown> & { timeline: { action: string }[] };
    }
  ).data;
}
