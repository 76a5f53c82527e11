// The offline layer is typed against the generated contract (src/shared/api-types.ts): a queued
// change or a cached list that names a path, query or body field the server does not have fails
// `npm run typecheck`. The `@ts-expect-error` lines below are the proof: should any of them become
// valid (the types loosened), the typecheck fails on the unused directive. The calls are never run.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { ListItemOf } from '@/shared/api-contract';
import type { components } from '@/shared/api-types';
import { sampleChangeMutation } from '@/app/bench/actions/sample-requests';
import { useOfflineList } from '@/app/offline/lists';
import { enqueueMutation } from '@/app/offline/outbox';
import { sendOrQueue } from '@/app/offline/send-or-queue';

const label = 'a change';

function typedRequests() {
  // Right: path, query and body as the contract names them.
  void enqueueMutation({ method: 'POST', path: '/api/country', body: { code: 'VN', name: 'Viet Nam' }, label });
  void enqueueMutation({
    method: 'PUT',
    path: '/api/country',
    query: { id: 4 },
    body: { code: 'VN', name: 'Viet Nam', version: 2 },
    label,
  });
  void enqueueMutation({ method: 'DELETE', path: '/api/country', query: { id: 4 }, label });

  // @ts-expect-error a path the server does not have
  void enqueueMutation({ method: 'POST', path: '/api/countries', body: { code: 'VN', name: 'Viet Nam' }, label });
  // @ts-expect-error a method the path does not answer
  void enqueueMutation({ method: 'PATCH', path: '/api/country', body: { code: 'VN', name: 'Viet Nam' }, label });
  // @ts-expect-error a renamed body field (countryName for name)
  void enqueueMutation({ method: 'POST', path: '/api/country', body: { code: 'VN', countryName: 'Viet Nam' }, label });
  // @ts-expect-error a body field of the wrong type
  void enqueueMutation({ method: 'POST', path: '/api/country', body: { code: 'VN', name: 7 }, label });
  // @ts-expect-error the record's id is missing from the query
  void enqueueMutation({ method: 'DELETE', path: '/api/country', label });
  // @ts-expect-error a query parameter the operation does not take
  void enqueueMutation({ method: 'DELETE', path: '/api/country', query: { countryId: 4 }, label });
  // @ts-expect-error the query written into the path instead of beside it
  void enqueueMutation({ method: 'DELETE', path: '/api/country?id=4', label });

  // The administration path (send at once, queue without an answer) takes the same types.
  // @ts-expect-error a renamed body field
  void sendOrQueue({ method: 'POST', path: '/api/country', body: { countryCode: 'VN', name: 'Viet Nam' }, label });

  // A bench change's body is its operation's own.
  sampleChangeMutation('thirdLabResult', 1, { body: { carbon: -25.1 } });
  // The queued result carries each value's uncertainty, as the contract names it.
  sampleChangeMutation('thirdLabResult', 1, { body: { carbon: -25.1, carbonUncertainty: 0.15 } });
  // @ts-expect-error an uncertainty of the wrong type
  sampleChangeMutation('thirdLabResult', 1, { body: { carbon: -25.1, carbonUncertainty: '0.15' } });
  // @ts-expect-error a field the third lab's result does not have
  sampleChangeMutation('thirdLabResult', 1, { body: { carbonValue: -25.1 } });
}

function typedLists() {
  useOfflineList({ list: 'countries', path: '/api/country', query: { code: 'VN', limit: 20, offset: 0 } });
  // @ts-expect-error a list path the server does not have
  useOfflineList({ list: 'countries', path: '/api/countries' });
  // @ts-expect-error a path that answers no page
  useOfflineList({ list: 'summary', path: '/api/third-lab/statistic-summary' });
  // @ts-expect-error a filter the list does not take
  useOfflineList({ list: 'countries', path: '/api/country', query: { countryCode: 'VN' } });
  // @ts-expect-error a paging value of the wrong type
  useOfflineList({ list: 'countries', path: '/api/country', query: { limit: 'all' } });
}

describe('the offline layer is typed against the contract', () => {
  it('derives a cached list row from its endpoint', () => {
    expectTypeOf<ListItemOf<'/api/country'>>().toEqualTypeOf<components['schemas']['Country']>();
    expectTypeOf<ListItemOf<'/api/third-lab/get-all'>>().toEqualTypeOf<components['schemas']['ThirdLabSample']>();
    // The checks are the typecheck's; the functions exist only to be checked.
    expect(typeof typedRequests).toBe('function');
    expect(typeof typedLists).toBe('function');
  });
});
