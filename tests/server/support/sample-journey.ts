import { expect } from 'vitest';
import { statusesBetween, type SampleStatus } from '../../../src/shared/workflow/sample-workflow.ts';
import type { TestApp } from './test-app.ts';

// Drives sample entries through the real API to a given stage, for the workflow tests.

export const SAMPLE_FORM = {
  sampleType: 'Cotton',
  sampleCode: 'SC-001',
  source: 'Client',
  fromClientInfo: 'Acme Textiles, Ho Chi Minh City',
};

export const CHECK_IN = {
  receivedDate: '2026-03-02T09:00:00.000Z',
  receivedBy: 'Lan Nguyen',
  initialWeight: 120,
  unit: 'g',
};

export const RESULT = { carbon: -27.1, hydrogen: -65.4, oxygen: 24.2, notes: 'Within the usual range' };

async function expectOk(res: { status: number; body: any }, what: string) {
  expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
}

export const JOURNEY_ORIGIN_REASON = 'No reference set for this material yet; origin judged by the supervisor.';

export type JourneyOptions = {
  /** Who enters the third lab's result; by default a user of its own, so the admin may confirm. */
  resultToken?: string;
  packageCode?: string;
  form?: Record<string, unknown>;
  /** A New sample to move (such as one of a checked-in booking's) instead of creating one. */
  sampleId?: number;
  /** The third lab's result body; RESULT by default. */
  result?: Record<string, unknown>;
};

/** Creates a sample and moves it, as the given user, through every stage up to `status`. */
export async function sampleAt(t: TestApp, token: string, status: SampleStatus, options: JourneyOptions = {}) {
  const order = statusesBetween('New', 'ResultConfirmed');
  const target = order.indexOf(status);
  if (target < 0) throw new Error(`sampleAt cannot reach ${status}`);
  let sample = options.sampleId
    ? { id: options.sampleId }
    : await expectOk(
        await t.request('POST', '/api/cs-lab/create', { token, body: { ...SAMPLE_FORM, ...options.form } }),
        'create',
      );
  const id = sample.id as number;
  const step = async (method: string, path: string, body?: unknown) => {
    sample = await expectOk(await t.request(method, path, { token, body }), path);
    return sample;
  };
  // A booked sample is received after its booking was made (an earlier receipt is refused): now.
  const receipt = options.sampleId ? { ...CHECK_IN, receivedDate: new Date().toISOString() } : CHECK_IN;
  if (target >= 1) await step('PUT', `/api/cs-lab/check-in?id=${id}&entry=sample`, receipt);
  if (target >= 2) await step('PUT', `/api/cs-lab/transfer-to-tester?id=${id}`);
  if (target >= 3) await step('PUT', `/api/tester-lab/check-in?id=${id}`);
  if (target >= 4) {
    const batch = await expectOk(
      await t.request('POST', '/api/sample-dispatch-batch', {
        token,
        body: { packageName: 'Box', shippmentNumber: 'SHIP-1', sampleEntryIds: [id], packageCode: options.packageCode },
      }),
      'create batch',
    );
    await expectOk(
      await t.request('POST', `/api/sample-dispatch-batch/transfer-to-third-lab?id=${batch.id}`, { token }),
      'send',
    );
  }
  if (target >= 5) await step('PUT', `/api/third-lab/check-in?id=${id}`);
  if (target >= 6) {
    const resultToken = options.resultToken ?? (await t.userWith(['CanUpdateResultThirdLab'])).token;
    await expectOk(
      await t.request('PUT', `/api/third-lab/update-result?id=${id}`, {
        token: resultToken,
        body: options.result ?? RESULT,
      }),
      'result',
    );
    await step('PUT', `/api/third-lab/return-result?id=${id}`);
  }
  if (target >= 7) {
    await step('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${id}`, {
      expectedConclusion: 'Consistent with Vietnam',
      conclusion: 'Consistent with the claimed origin',
      // Confirming needs a saved origin analysis or the laboratory's reason to go without one.
      originReason: JOURNEY_ORIGIN_REASON,
      version: sample.version,
    });
    await step('PUT', `/api/supervisor-lab/confirm-final-result?id=${id}`);
  }
  // The last answer may predate a change made by another step (the package send): read it back when allowed.
  const detail = await t.request('GET', `/api/cs-lab/get-detail/${id}`, { token });
  return (detail.status === 200 ? detail.body.data : sample) as any;
}
