// The cached lists: merging the outbox's pending changes into a list, reading a view offline.
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../../src/app/offline/db.ts';
import { canonicalQuery, mergePendingChanges, readCachedView } from '../../../src/app/offline/list-cache.ts';

function entry(overrides: Partial<OutboxEntry> & Pick<OutboxEntry, 'id' | 'seq' | 'method'>): OutboxEntry {
  return {
    path: '/api/country',
    label: overrides.id,
    createdAt: '2026-05-01T00:00:00.000Z',
    state: 'pending',
    attempts: 0,
    entity: { list: 'countries' },
    ...overrides,
  };
}

describe('merging pending changes into a list', () => {
  const records = [
    { id: 1, code: 'VN', name: 'Vietnam', version: 4 },
    { id: 2, code: 'TH', name: 'Thailand', version: 1 },
  ];

  it('shows a queued create first, marked pending, and counts it', () => {
    const merged = mergePendingChanges<{ id: string | number; code: string }>({
      list: 'countries',
      records,
      total: 2,
      entries: [entry({ id: 'k1', seq: 1, method: 'POST', body: { code: 'LA', name: 'Laos' } })],
    });
    expect(merged.items.map((r) => r.code)).toEqual(['LA', 'VN', 'TH']);
    expect(merged.items[0]?.id).toBe('pending:k1');
    expect(merged.total).toBe(3);
    expect(merged.pendingIds).toEqual(new Set(['pending:k1']));
    expect(merged.pending.get('pending:k1')).toMatchObject({ key: 'k1', state: 'pending', action: 'create' });
  });

  it('overlays queued updates in order (not the stale version) and marks deletes; other lists and done changes are ignored', () => {
    const merged = mergePendingChanges<{ id: number; name: string; version: number }>({
      list: 'countries',
      records,
      total: 2,
      entries: [
        entry({
          id: 'u2',
          seq: 2,
          method: 'PUT',
          body: { name: 'Viet Nam', version: 4 },
          entity: { list: 'countries', id: 1 },
        }),
        entry({
          id: 'u1',
          seq: 1,
          method: 'PUT',
          body: { name: 'VN first', version: 3 },
          entity: { list: 'countries', id: 1 },
        }),
        entry({
          id: 'd1',
          seq: 3,
          method: 'DELETE',
          entity: { list: 'countries', id: 2 },
          state: 'failed',
          lastError: 'in use',
        }),
        entry({ id: 'x', seq: 4, method: 'PUT', body: { name: 'other' }, entity: { list: 'users', id: 1 } }),
        entry({
          id: 'old',
          seq: 5,
          method: 'PUT',
          body: { name: 'applied' },
          entity: { list: 'countries', id: 2 },
          state: 'done',
        }),
      ],
    });
    expect(merged.items).toEqual([
      { id: 1, code: 'VN', name: 'Viet Nam', version: 4 },
      { id: 2, code: 'TH', name: 'Thailand', version: 1 },
    ]);
    expect(merged.total).toBe(2);
    expect(merged.pendingIds).toEqual(new Set(['1', '2']));
    expect(merged.pending.get('1')).toMatchObject({ key: 'u2', action: 'update', state: 'pending' });
    expect(merged.pending.get('2')).toMatchObject({ key: 'd1', action: 'delete', state: 'failed', error: 'in use' });
  });

  it('leaves queued creates off pages after the first', () => {
    const merged = mergePendingChanges({
      list: 'countries',
      records,
      total: 12,
      includeCreates: false,
      entries: [entry({ id: 'k1', seq: 1, method: 'POST', body: { code: 'LA' } })],
    });
    expect(merged.items).toHaveLength(2);
    expect(merged.total).toBe(13);
  });

  it('reads a view as the server gave it, else filters and pages the whole cached list', () => {
    const rows = [
      { list: 'countries', id: '1', record: { id: 1, code: 'VN', name: 'Vietnam' } },
      { list: 'countries', id: '2', record: { id: 2, code: 'TH', name: 'Thailand' } },
      { list: 'countries', id: '3', record: { id: 3, code: 'LA', name: 'Laos' } },
    ];
    expect(readCachedView({ rows, view: { ids: ['3', '1'], total: 7 } })).toEqual({
      records: [rows[2]!.record, rows[0]!.record],
      total: 7,
      fromServer: true,
    });
    expect(readCachedView({ rows, query: { name: 'LAND' } }).records).toEqual([rows[1]!.record]);
    expect(readCachedView({ rows, query: { search: 'la' } }).records.map((r) => r.code)).toEqual(['TH', 'LA']);
    expect(readCachedView({ rows, query: { limit: 1, offset: 1 } })).toMatchObject({ total: 3, fromServer: false });
  });

  it('gives the same key to the same query whatever the order or empty filters', () => {
    expect(canonicalQuery({ name: 'x', code: '', limit: 20, offset: 0 })).toBe(
      canonicalQuery({ offset: 0, limit: 20, name: 'x' }),
    );
  });
});
