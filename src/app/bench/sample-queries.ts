import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import { benches, benchNames, type Bench } from '@/shared/workflow/benches';
import { api, unwrap } from '@/app/lib/api/api-client';
import { pickListFirstFromServer } from '@/app/offline/pick-lists';

export type SampleEntry = components['schemas']['SampleEntry'];
export type SampleDetail = components['schemas']['SampleEntryDetail'];
export type TimelineEvent = components['schemas']['TimelineEvent'];

/** The benches that show sample entries with a detail call of their own (the bench table's). */
export type SampleArea = { [B in Bench]: (typeof benches)[B]['api']['detail'] extends null ? never : B }[Bench];

const sampleAreas = benchNames.filter((bench): bench is SampleArea => benches[bench].api.detail !== null);

/** Offline list names (`entity.list` of outbox entries) and list endpoints, one per bench. */
export const SAMPLE_LISTS = Object.fromEntries(
  sampleAreas.map((area) => [area, { list: benches[area].offlineList, path: benches[area].api.list.path }]),
) as {
  [A in SampleArea]: { list: (typeof benches)[A]['offlineList']; path: (typeof benches)[A]['api']['list']['path'] };
};

/** `entity.record` of sample changes: one sample's changes chain whichever bench list queued them. */
export const SAMPLE_RECORD = 'sample';

export const SAMPLE_LIST_NAMES: readonly string[] = Object.values(SAMPLE_LISTS).map((entry) => entry.list);

/** The detail calls of the bench table: each must be a path of the contract, or this fails the typecheck. */
type DetailPath = NonNullable<(typeof benches)[SampleArea]['api']['detail']>['path'];

/** One sample's detail, by its bench's own call (the bench table's; never another bench's). */
async function fetchDetail(area: SampleArea, id: number): Promise<SampleDetail> {
  const path: DetailPath = benches[area].api.detail.path;
  return (await unwrap(api.GET(path, { params: { path: { id } } }))).data as SampleDetail;
}

export const sampleQueries = {
  all: ['samples'] as const,
  detail: (area: SampleArea, id: number) =>
    queryOptions({
      queryKey: [...sampleQueries.all, 'detail', area, id] as const,
      queryFn: () => fetchDetail(area, id),
    }),
  timeline: (id: number) =>
    queryOptions({
      queryKey: [...sampleQueries.all, 'timeline', id] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/sample-entries/{id}/timeline', { params: { path: { id } } }))).data,
    }),
  /** Staff for the "received by" and "sent by" pickers. */
  users: () =>
    queryOptions({
      queryKey: [...sampleQueries.all, 'users'] as const,
      // Kept on the device from sign-in on (offline/pick-lists.ts): bench forms fill in offline.
      queryFn: () => pickListFirstFromServer('users', async () => (await unwrap(api.GET('/api/common-user'))).data),
      staleTime: 5 * 60_000,
    }),
};
