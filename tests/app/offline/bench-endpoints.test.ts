import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SAMPLE_ENDPOINTS, sampleChangeOf, sampleChangeRequest } from '@/shared/workflow/sample-endpoints';

type OpenApi = { paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>> };

const contract = JSON.parse(readFileSync('openapi/openapi.json', 'utf8')) as OpenApi;

describe('bench actions and the contract', () => {
  it.each(Object.entries(SAMPLE_ENDPOINTS))('%s calls an operation the contract has', (name, endpoint) => {
    const operation = contract.paths[endpoint.path]?.[endpoint.method.toLowerCase()];
    expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
    const query = endpoint.query({ id: 7, packageCode: 'PKG-1' });
    const declared = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
    for (const field of Object.keys(query)) expect(declared, `${name}: ${field}`).toContain(field);
  });

  it('reads a queued request back as the change that made it', () => {
    for (const name of Object.keys(SAMPLE_ENDPOINTS) as (keyof typeof SAMPLE_ENDPOINTS)[]) {
      const { method, path } = sampleChangeRequest(name, 7, { packageCode: 'PKG 1' });
      expect(sampleChangeOf(method, path)).toBe(name);
    }
  });

  it('writes the query as before: the id, then the rest, encoded', () => {
    expect(sampleChangeRequest('csCheckIn', 5).path).toBe('/api/cs-lab/check-in?id=5&entry=sample');
    expect(sampleChangeRequest('undoThirdLabTransaction', 0, { packageCode: 'P 1/2' }).path).toBe(
      '/api/third-lab/undo-sample-transaction?packageCode=P%201%2F2',
    );
    expect(() => sampleChangeRequest('undoThirdLabTransaction', 0)).toThrow();
  });
});
