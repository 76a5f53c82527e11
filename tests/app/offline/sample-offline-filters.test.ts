// Offline, a bench list filters and sorts the cached samples as its server endpoint would.
import { describe, expect, it } from 'vitest';
import type { ListRow } from '../../../src/app/offline/db.ts';
import { readCachedView } from '../../../src/app/offline/list-cache.ts';
import { SAMPLE_OFFLINE_FILTERS } from '../../../src/app/bench/list/sample-offline-filters.ts';

const rows: ListRow[] = Array.from({ length: 60 }, (_, i) => {
  const n = i + 1;
  return {
    list: 'tester-samples',
    id: String(n),
    record: {
      id: n,
      idflNumber: `IDFL-2026-${String(n).padStart(5, '0')}`,
      sampleCode: `SC-${n}`,
      sampleType: n % 2 ? 'Cotton' : 'Wool',
      source: n % 3 ? 'Client' : 'Internal',
      status: n % 4 ? 'SentToTester' : 'TesterConfirmed',
      receivedDate: `2026-03-${String((n % 28) + 1).padStart(2, '0')}T09:00:00.000Z`,
      receivedBy: n % 5 ? 'Lan Nguyen' : 'Minh Tran',
      sentToTesterBy: n % 2 ? 7 : 8,
      packageCode: null,
    },
  };
});

const read = (query: Record<string, string>) =>
  readCachedView({ rows, query, filters: SAMPLE_OFFLINE_FILTERS }).records.map((r) => r.idflNumber);

describe('offline sample list filters', () => {
  it('finds a sample by its IDFL number, not 50 unrelated rows', () => {
    expect(read({ IDFLNumber: 'idfl-2026-00042', limit: '50', offset: '0', orderBy: 'receivedDate:desc' })).toEqual([
      'IDFL-2026-00042',
    ]);
    expect(read({ search: 'SC-17' })).toEqual(['IDFL-2026-00017']);
  });

  it('honours status lists, sources, dates (a day means the whole day), people and sorting', () => {
    const confirmedWool = read({ status: 'TesterConfirmed', orderBy: 'idflNumber:asc', limit: '3' });
    expect(confirmedWool).toEqual(['IDFL-2026-00004', 'IDFL-2026-00008', 'IDFL-2026-00012']);
    expect(read({ status: 'New,TesterConfirmed', sources: 'Internal', orderBy: 'idflNumber:desc' })).toEqual([
      'IDFL-2026-00060',
      'IDFL-2026-00048',
      'IDFL-2026-00036',
      'IDFL-2026-00024',
      'IDFL-2026-00012',
    ]);
    // receivedDate day = (n % 28) + 1: 2026-03-02 is n = 1, 29 and 57.
    expect(read({ receivedFromDate: '2026-03-02', receivedToDate: '2026-03-02', orderBy: 'idflNumber:asc' })).toEqual([
      'IDFL-2026-00001',
      'IDFL-2026-00029',
      'IDFL-2026-00057',
    ]);
    expect(read({ receivedByUser: 'minh tran', sentToTesterByUser: '8', orderBy: '-idflNumber' })).toEqual([
      'IDFL-2026-00060',
      'IDFL-2026-00050',
      'IDFL-2026-00040',
      'IDFL-2026-00030',
      'IDFL-2026-00020',
      'IDFL-2026-00010',
    ]);
    const page = readCachedView({
      rows,
      query: { orderBy: 'sampleType:asc', limit: '2', offset: '0' },
      filters: SAMPLE_OFFLINE_FILTERS,
    });
    expect(page.total).toBe(60);
    // Same type: newest id first, as the server breaks ties.
    expect(page.records.map((r) => r.id)).toEqual([59, 57]);
  });
});
