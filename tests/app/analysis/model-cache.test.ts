import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

// The network is down: fetch rejects as a browser's does when no answer comes back. The API client
// takes fetch when it is made, so the stub goes in before the modules load.
vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
const { analysisQueries } = await import('@/app/features/analysis/analysis-queries');
const { offlineDb, writeMeta } = await import('@/app/offline/db');

const kept = {
  material: 'Tap water',
  referenceVersion: 'abc123',
  fittedAt: '2026-11-20T08:00:00.000Z',
  model: { elements: ['d2H'], center: [0], scale: [1], regions: [], referenceCount: 0, excludedRegions: [] },
  cachedAt: '2026-11-20T08:00:05.000Z',
  fromCache: false,
};

describe("a material's model on this device", () => {
  beforeEach(async () => {
    await offlineDb.meta.clear();
  });

  it('is the kept copy, marked as such, when the server cannot be reached', async () => {
    await writeMeta('originModel:Tap water', kept);
    const client = new QueryClient();
    const model = await client.fetchQuery(analysisQueries.model('Tap water'));
    expect(model).toEqual({ ...kept, fromCache: true });
  });

  it('is an error when the server cannot be reached and nothing was kept', async () => {
    const client = new QueryClient();
    await expect(client.fetchQuery(analysisQueries.model('Rice'))).rejects.toThrow(TypeError);
  });

  it('keeps the materials list for offline use too', async () => {
    await writeMeta('originMaterials', [
      { material: 'Tap water', recordCount: 3876, regionCount: 30, lastUpdated: '2026-11-20' },
    ]);
    const client = new QueryClient();
    const materials = await client.fetchQuery(analysisQueries.materials());
    expect(materials.map((m) => m.material)).toEqual(['Tap water']);
  });
});
