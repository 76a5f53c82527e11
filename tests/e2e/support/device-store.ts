/**
 * What a device keeps in its IndexedDB (src/app/offline/db.ts), read from the page as the app
 * itself would: the cached rows of a list and the outbox.
 */
import type { Page } from '@playwright/test';

export type DeviceOutboxEntry = { id: string; seq: number; state: string; path: string; attempts: number };

type StoreName = 'listRows' | 'outbox';

function readStore<T>(page: Page, store: StoreName) {
  return page.evaluate(async (name) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('isotope-lab-offline');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      return await new Promise<unknown[]>((resolve, reject) => {
        const all = db.transaction(name).objectStore(name).getAll();
        all.onsuccess = () => resolve(all.result);
        all.onerror = () => reject(all.error);
      });
    } finally {
      db.close();
    }
  }, store) as Promise<T[]>;
}

/** The ids of the records of `list` cached on the device. */
export async function cachedIds(page: Page, list: string): Promise<number[]> {
  const rows = await readStore<{ list: string; record: { id: number } }>(page, 'listRows');
  return rows.filter((row) => row.list === list).map((row) => row.record.id);
}

/** The outbox in the order it is sent. */
export async function outboxEntries(page: Page): Promise<DeviceOutboxEntry[]> {
  const entries = await readStore<DeviceOutboxEntry>(page, 'outbox');
  return entries.sort((a, b) => a.seq - b.seq);
}
