import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import { offlineDb } from '@/app/offline/db';
import { syncEvents, type SyncedDetail } from '@/app/offline/sync-events';
import { SAMPLE_LISTS, sampleQueries, type SampleArea, type SampleDetail, type SampleEntry } from '../sample-queries';
import { usePendingSampleChanges } from '../actions/use-sample-action';

/**
 * A sample for a detail screen: the server's detail when it can be reached, else the copy the bench
 * list cached on this device (so a tester can still act on it offline). Refreshes after a drain
 * changed a sample list on the server.
 */
export function useSampleDetail(area: SampleArea, id: number) {
  const queryClient = useQueryClient();
  const { list } = SAMPLE_LISTS[area];
  const detail = useQuery({ ...sampleQueries.detail(area, id), meta: { handlesErrors: true }, retry: false });
  const cached = useLiveQuery(() => offlineDb.listRows.get([list, String(id)]), [list, id]);
  const pending = usePendingSampleChanges(list).get(id);

  useEffect(() => {
    const onSynced = (event: Event) => {
      const { lists } = (event as CustomEvent<SyncedDetail>).detail;
      if (lists.includes(list)) void queryClient.invalidateQueries({ queryKey: sampleQueries.all });
    };
    syncEvents.addEventListener('synced', onSynced);
    return () => syncEvents.removeEventListener('synced', onSynced);
  }, [list, queryClient]);

  const sample: SampleEntry | SampleDetail | undefined = detail.data ?? (cached?.record as SampleEntry | undefined);
  return {
    sample,
    detail: detail.data,
    pending,
    isLoading: detail.isPending && !cached,
    /** The server could not be asked (or refused): what is shown is this device's copy. */
    isCachedCopy: !detail.data && Boolean(cached),
    error: detail.error,
    refetch: detail.refetch,
  };
}
