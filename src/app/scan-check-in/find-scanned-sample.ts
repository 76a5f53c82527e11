import { offlineDb, type OutboxState } from '@/app/offline/db';
import { withQuery, type ApiFetch } from '@/app/offline/list-cache';
import { currentOutboxOwner, isOwnedBy } from '@/app/offline/outbox';
import { sampleChangeOf } from '@/shared/workflow/sample-endpoints';
import { statusAfter } from '@/app/bench/actions/sample-requests';
import type { SampleStatus } from '@/shared/workflow/sample-workflow';
import { SCANNABLE_LISTS, type CheckInStageDefinition } from './check-in-stages';

/** A sample found for a scanned label, as this device knows it. */
export type ScannedSample = {
  id: number;
  idflNumber: string;
  /** The status the server last told this device. */
  status: string;
  /** Where the queued (not yet applied) changes of this device take the sample, if any. */
  queuedStatus?: SampleStatus;
  version?: number;
  /** Where the record came from: a cached list, or the server just now. */
  from: 'cache' | 'server';
};

export type SampleLookup =
  | { found: true; sample: ScannedSample }
  /** Neither the device nor the server knows it (or the server does not show it to this user). */
  | { found: false; reason: 'unknown' }
  /** Not on the device, and the server cannot be asked now. */
  | { found: false; reason: 'unreachable' };

type SampleRecord = { id?: unknown; idflNumber?: unknown; status?: unknown; updatedAt?: unknown; version?: unknown };

function sameIdfl(record: SampleRecord, idflNumber: string): boolean {
  return typeof record.idflNumber === 'string' && record.idflNumber.trim().toUpperCase() === idflNumber;
}

function toScanned(record: SampleRecord, from: ScannedSample['from']): ScannedSample | undefined {
  const id = Number(record.id);
  if (!Number.isInteger(id) || typeof record.idflNumber !== 'string' || typeof record.status !== 'string') {
    return undefined;
  }
  const sample: ScannedSample = { id, idflNumber: record.idflNumber, status: record.status, from };
  if (typeof record.version === 'number') sample.version = record.version;
  return sample;
}

/**
 * The freshest cached copy of the sample among every sample list on the device. Two benches' copies
 * can disagree (one was synced later): the newest `updatedAt` wins, the scanning bench's own list
 * on a tie.
 */
async function findCachedSample(idflNumber: string, ownList: string): Promise<ScannedSample | undefined> {
  const rows = await offlineDb.listRows
    .where('list')
    .anyOf([...SCANNABLE_LISTS])
    .filter((row) => sameIdfl(row.record as SampleRecord, idflNumber))
    .toArray();
  const updatedAt = (record: SampleRecord) => (typeof record.updatedAt === 'string' ? record.updatedAt : '');
  rows.sort((a, b) => {
    const byTime = updatedAt(b.record).localeCompare(updatedAt(a.record));
    if (byTime !== 0) return byTime;
    return Number(b.list === ownList) - Number(a.list === ownList);
  });
  for (const row of rows) {
    const sample = toScanned(row.record as SampleRecord, 'cache');
    if (sample) return sample;
  }
  return undefined;
}

// A refused (failed) change may still be retried, so it still counts; a conflict will not apply as is.
const QUEUED_STATES: readonly OutboxState[] = ['pending', 'sending', 'failed'];

/** Where this user's queued changes take the sample (the last transition among them), if anywhere. */
async function queuedStatusOf(sampleId: number): Promise<SampleStatus | undefined> {
  const owner = currentOutboxOwner();
  const entries = await offlineDb.outbox
    .where('state')
    .anyOf([...QUEUED_STATES])
    .toArray();
  let status: SampleStatus | undefined;
  for (const entry of entries.sort((a, b) => a.seq - b.seq)) {
    if (!entry.entity || !SCANNABLE_LISTS.includes(entry.entity.list)) continue;
    if (String(entry.entity.id) !== String(sampleId) || !isOwnedBy(entry, owner)) continue;
    const change = sampleChangeOf(entry.method, entry.path);
    const to = change ? statusAfter(change) : undefined;
    if (to) status = to;
  }
  return status;
}

/** The bench's list asked for this IDFL number (the filter matches parts, so the exact one is picked). */
async function askServer(
  idflNumber: string,
  stage: CheckInStageDefinition,
  fetcher: ApiFetch,
): Promise<ScannedSample | undefined> {
  const response = await fetcher(withQuery(stage.path, { IDFLNumber: idflNumber, limit: 20 }), {
    headers: { accept: 'application/json' },
  });
  // A list this user may not see knows nothing for them: the label is unknown here.
  if (response.status === 403 || response.status === 404) return undefined;
  // A gateway with no server behind it is the same as no network.
  if ([502, 503, 504].includes(response.status)) throw new TypeError(`The server answered ${response.status}`);
  if (!response.ok) throw new Error(`The server answered ${response.status}`);
  const body = (await response.json()) as { data?: { items?: SampleRecord[] } };
  const record = body.data?.items?.find((item) => sameIdfl(item, idflNumber));
  return record ? toScanned(record, 'server') : undefined;
}

export type FindScannedSampleOptions = {
  stage: CheckInStageDefinition;
  fetcher: ApiFetch;
  /** Whether the server may be asked (navigator.onLine by default). */
  isOnline?: boolean;
};

/**
 * The sample behind a scanned IDFL number: from the device's cached lists first (so the bench works
 * with the network down), else from the server when it can be reached; with this device's queued
 * changes applied, so a label scanned twice is not checked in twice.
 */
export async function findScannedSample(idflNumber: string, options: FindScannedSampleOptions): Promise<SampleLookup> {
  const wanted = idflNumber.trim().toUpperCase();
  const isOnline = options.isOnline ?? globalThis.navigator?.onLine !== false;
  let sample = await findCachedSample(wanted, options.stage.list);
  if (!sample) {
    if (!isOnline) return { found: false, reason: 'unreachable' };
    try {
      sample = await askServer(wanted, options.stage, options.fetcher);
    } catch (error) {
      // No answer at all (the network dropped under us) is the same as being offline.
      if (error instanceof TypeError) return { found: false, reason: 'unreachable' };
      throw error;
    }
    if (!sample) return { found: false, reason: 'unknown' };
  }
  const queuedStatus = await queuedStatusOf(sample.id);
  return { found: true, sample: queuedStatus ? { ...sample, queuedStatus } : sample };
}
