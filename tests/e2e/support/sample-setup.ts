import { expect, type APIRequestContext } from '@playwright/test';
import type { E2eAccount } from './accounts.ts';
import { signInThroughApi } from './fixtures.ts';
import { bookingBody, submitBookingThroughApi } from './page-models/booking-pages.ts';

/**
 * Puts a sample where a spec needs it, through the API as the administrator (the steps before the
 * screen under test are not what it tests): a booking confirmed, the sample through the tester lab
 * and sent to the third lab in a package of its own.
 */

export type AuthHeaders = { authorization: string };

export async function headersOf(request: APIRequestContext, account: E2eAccount): Promise<AuthHeaders> {
  const login = await signInThroughApi(request, account);
  return { authorization: `Bearer ${login.data.accessToken}` };
}

/** One API call that must succeed; answers its data. */
export async function callApi(
  request: APIRequestContext,
  headers: AuthHeaders,
  method: 'PUT' | 'POST',
  path: string,
  data?: unknown,
) {
  const response = await request.fetch(path, { method, headers, ...(data === undefined ? {} : { data }) });
  expect(response.status(), `${method} ${path}: ${await response.text()}`).toBeLessThan(300);
  return ((await response.json()) as { data: unknown }).data;
}

export type SentSample = { id: number; idflNumber: string; packageCode: string; batchId: number };

export async function sendSampleToThirdLab(
  request: APIRequestContext,
  headers: AuthHeaders,
  email: string,
): Promise<SentSample> {
  const booking = await submitBookingThroughApi(request, bookingBody({ email }));
  const confirmed = (await callApi(request, headers, 'PUT', `/api/cs-lab/check-in?id=${booking.id}`)) as {
    sampleEntries: { id: number; idflNumber: string }[];
  };
  const { id, idflNumber } = confirmed.sampleEntries[0]!;
  // Confirming the booking accepts the order; the sample is received (checked in) on its own.
  await callApi(request, headers, 'PUT', `/api/cs-lab/check-in?id=${id}&entry=sample`, {
    receivedDate: new Date().toISOString(),
    receivedBy: 'Lan Nguyen',
    initialWeight: 120,
    unit: 'g',
    receivedCondition: 'intact',
  });
  await callApi(request, headers, 'PUT', `/api/cs-lab/transfer-to-tester?id=${id}`);
  await callApi(request, headers, 'PUT', `/api/tester-lab/check-in?id=${id}`);
  const batch = (await callApi(request, headers, 'POST', '/api/sample-dispatch-batch', {
    packageName: `Package for ${idflNumber}`,
    shippmentNumber: `SHIP-${idflNumber}`,
  })) as { id: number; packageCode: string };
  await callApi(request, headers, 'POST', `/api/tester-lab/transfer-to-third-lab?id=${id}`, {
    packageCode: batch.packageCode,
  });
  await callApi(request, headers, 'POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`);
  return { id, idflNumber, packageCode: batch.packageCode, batchId: batch.id };
}

/** The third lab's whole part, done by whoever `headers` signs in as (the four-eyes rule looks at who). */
export async function returnResult(request: APIRequestContext, headers: AuthHeaders, id: number) {
  await callApi(request, headers, 'PUT', `/api/third-lab/check-in?id=${id}`);
  await callApi(request, headers, 'PUT', `/api/third-lab/update-result?id=${id}`, {
    carbon: -26.4,
    hydrogen: -58.2,
    oxygen: 22.9,
    notes: 'Within the Mekong delta range',
  });
  await callApi(request, headers, 'PUT', `/api/third-lab/return-result?id=${id}`);
}

export async function sampleStatus(request: APIRequestContext, headers: AuthHeaders, id: number): Promise<string> {
  const response = await request.get(`/api/supervisor-lab/get-detail/${id}`, { headers });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { status: string } }).data.status;
}
