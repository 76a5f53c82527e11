import { useEffect } from 'react';
import { toast } from 'sonner';
import { i18n } from '@/app/lib/i18n';
import { offlineDb } from '@/app/offline/db';
import { syncEvents, type SyncedDetail } from '@/app/offline/sync-events';

/**
 * A bench action on a sample that the server refused as a conflict (someone else moved the sample
 * first) stays on the sync page; this also says so where the person is working, once per change.
 */
export function useSampleConflictToast(list: string) {
  useEffect(() => {
    const told = new Set<string>();
    const onSynced = (event: Event) => {
      const detail = (event as CustomEvent<SyncedDetail>).detail;
      if (!detail.conflicts && !detail.failed) return;
      void offlineDb.outbox
        .where('state')
        .anyOf(['conflict', 'failed'])
        .filter((entry) => entry.entity?.list === list)
        .toArray()
        .then((entries) => {
          for (const entry of entries) {
            if (told.has(entry.id)) continue;
            told.add(entry.id);
            toast.error(i18n.t('third-lab:conflict.title'), {
              id: `outbox-${entry.id}`,
              description: i18n.t('third-lab:conflict.description', {
                label: entry.label,
                message: entry.lastError ?? '',
              }),
            });
          }
        });
    };
    syncEvents.addEventListener('synced', onSynced);
    return () => syncEvents.removeEventListener('synced', onSynced);
  }, [list]);
}
