/**
 * The pick lists bench forms need (countries, staff for "received by" and "sent by"), kept on the
 * device from sign-in on and refreshed while online, so a tablet that never opened a form online can
 * still fill it in offline. Each list is the `data` of its endpoint's answer, kept whole in `meta`.
 */
import { readMeta, writeMeta } from './db.ts';
import type { ApiFetch } from './list-cache.ts';

const PICK_LISTS = {
  countries: '/api/common-country',
  users: '/api/common-user',
} as const;

export type PickListName = keyof typeof PICK_LISTS;

type StoredPickList = { fetchedAt: string; data: unknown };

const keyOf = (name: PickListName) => `pickList:${name}`;

/** How often an open app refreshes the pick lists. */
export const PICK_LIST_REFRESH_MS = 15 * 60_000;

/** Fetches every pick list and keeps it; a list the server refuses (e.g. 403) is left as it was. */
export async function refreshPickLists(fetcher: ApiFetch): Promise<PickListName[]> {
  const kept: PickListName[] = [];
  for (const name of Object.keys(PICK_LISTS) as PickListName[]) {
    try {
      const response = await fetcher(PICK_LISTS[name]);
      if (!response.ok) continue;
      const body = (await response.json()) as { data?: unknown };
      if (body.data === undefined) continue;
      await writeMeta(keyOf(name), { fetchedAt: new Date().toISOString(), data: body.data } satisfies StoredPickList);
      kept.push(name);
    } catch {
      // No network: the copy already on the device stays.
    }
  }
  return kept;
}

export async function readPickList<T>(name: PickListName): Promise<T | undefined> {
  return (await readMeta<StoredPickList>(keyOf(name)))?.data as T | undefined;
}

/**
 * A query function for a pick list: the server's answer when it can be reached (and kept), the
 * device's copy when it cannot. A refusal by the server (an ApiError) is not hidden by the copy.
 */
export async function pickListFirstFromServer<T>(name: PickListName, fromServer: () => Promise<T>): Promise<T> {
  try {
    const data = await fromServer();
    await writeMeta(keyOf(name), { fetchedAt: new Date().toISOString(), data } satisfies StoredPickList).catch(
      () => undefined,
    );
    return data;
  } catch (error) {
    if (error instanceof Error && error.name === 'ApiError') throw error;
    const kept = await readPickList<T>(name);
    if (kept !== undefined) return kept;
    throw error;
  }
}
