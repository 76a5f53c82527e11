import { offlineDb } from '@/app/offline/db';
import type { SampleEntry } from './sample-queries';

/**
 * A sample by its IDFL number, from the bench list cached on this device: a scanned label is
 * looked up without the network, so scanning works at a bench that is offline.
 */
export async function findCachedSample(list: string, idflNumber: string): Promise<SampleEntry | undefined> {
  const row = await offlineDb.listRows
    .where('list')
    .equals(list)
    .filter((candidate) => (candidate.record as { idflNumber?: unknown }).idflNumber === idflNumber)
    .first();
  return row?.record as SampleEntry | undefined;
}
