// @vitest-environment node
// Changes queued offline to one sample chain: the device's own earlier change is never "someone
// else". Runs the drain against the REAL server (Hono app on PGlite, in-process).
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { drainOutbox, type DrainOptions } from '../../../src/app/offline/drain.ts';
import { chainSafeBatch } from '../../../src/app/offline/drain-chains.ts';
import { enqueueWritten, listMutations } from '../../../src/app/offline/outbox.ts';
import type { OutboxEntry } from '../../../src/app/offline/db.ts';
import { clearOfflineData } from '../../../src/app/offline/session-mirror.ts';
import { sampleAt } from '../../server/support/sample-journey.ts';
import { useTestApp } from '../../server/support/test-app.ts';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

const t = useTestApp();
let token: string;

beforeEach(async () => {
  await clearOfflineData();
  token = await t.signInAsAdmin();
});

function drain() {
  const fetch: DrainOptions['fetch'] = async (url, init) => t.app.request(url, init);
  return drainOutbox({ fetch, auth: { getAccessToken: () => token, refreshAccessToken: async () => null } });
}

function queueCheckIn(id: number) {
  return enqueueWritten({
    method: 'PUT',
    path: `/api/tester-lab/check-in?id=${id}`,
    label: `Check in ${id}`,
    entity: { list: 'tester-samples', id, record: 'sample' },
  });
}

/** An update made from the cached copy, which still carries the version seen before going offline. */
function queueUpdate(id: number, version: number, note: string) {
  return enqueueWritten({
    method: 'PUT',
    path: `/api/tester-lab/update-sample?id=${id}`,
    body: { note, version },
    label: `Update ${id}`,
    entity: { list: 'tester-samples', id, record: 'sample' },
  });
}

async function serverSample(id: number) {
  const res = await t.request('GET', `/api/tester-lab/get-detail/${id}`, { token });
  return res.body.data as { status: string; note: string | null; version: number };
}

describe('queued changes to one sample from one device', () => {
  it('applies a check-in and two updates made offline from the same cached copy, with no conflict', async () => {
    const samples = [await sampleAt(t, token, 'SentToTester'), await sampleAt(t, token, 'SentToTester')];
    for (const sample of samples) await queueCheckIn(sample.id);
    for (const sample of samples) {
      await queueUpdate(sample.id, sample.version, 'first look');
      await queueUpdate(sample.id, sample.version, 'after weighing');
    }

    const result = await drain();
    expect(result).toMatchObject({ outcome: 'synced', done: 6, conflicts: 0, failed: 0 });
    expect((await listMutations()).map((entry) => entry.state)).toEqual(Array(6).fill('done'));
    for (const sample of samples) {
      expect(await serverSample(sample.id)).toMatchObject({
        status: 'TesterConfirmed',
        note: 'after weighing',
        version: sample.version + 3,
      });
    }
  });

  it('still refuses the update when someone else changed the sample before the check-in reached the server', async () => {
    const sample = await sampleAt(t, token, 'SentToTester');
    await queueCheckIn(sample.id);
    await queueUpdate(sample.id, sample.version, 'mine');
    const other = await t.userWith(['CanUpdateSampleEntryTester', 'CanViewDetailSampleEntryTester']);
    const theirs = await t.request('PUT', `/api/tester-lab/update-sample?id=${sample.id}`, {
      token: other.token,
      body: { note: 'theirs', version: sample.version },
    });
    expect(theirs.status).toBe(200);

    const result = await drain();
    expect(result).toMatchObject({ done: 1, conflicts: 1 });
    const [checkIn, update] = await listMutations();
    expect(checkIn?.state).toBe('done');
    expect(update).toMatchObject({ state: 'conflict', body: { note: 'mine', version: sample.version } });
    expect(await serverSample(sample.id)).toMatchObject({ status: 'TesterConfirmed', note: 'theirs' });
  });
});

describe('chainSafeBatch', () => {
  const entry = (seq: number, id: number | undefined, body?: unknown): OutboxEntry => ({
    id: `key-${seq}`,
    seq,
    method: 'PUT',
    path: '/api/x',
    label: 'x',
    createdAt: '',
    state: 'pending',
    attempts: 0,
    ...(body === undefined ? {} : { body }),
    ...(id === undefined ? {} : { entity: { list: 'l', id, record: 'sample' } }),
  });

  it('sends a version-checked change after an earlier change of the same record in a later batch', () => {
    const pending = [entry(1, 1), entry(2, 2), entry(3, 1, { version: 4 }), entry(4, 3)];
    expect(chainSafeBatch(pending, 100).map((e) => e.seq)).toEqual([1, 2]);
    expect(chainSafeBatch([entry(1, 1), entry(2, 1), entry(3, 2)], 100).map((e) => e.seq)).toEqual([1, 2, 3]);
    expect(chainSafeBatch([entry(1, 1), entry(2, 2), entry(3, 3)], 2).map((e) => e.seq)).toEqual([1, 2]);
  });
});
