import { queryOptions } from '@tanstack/react-query';
import { pickListFirstFromServer } from '../offline/pick-lists.ts';
import { api, unwrap } from './api-client';

/** Pickers shared by several screens (role and country choices). */
export const lookupQueries = {
  all: ['lookups'] as const,
  roles: () =>
    queryOptions({
      queryKey: [...lookupQueries.all, 'roles'] as const,
      queryFn: async () => (await unwrap(api.GET('/api/roles/get-all-role'))).data,
      staleTime: 5 * 60_000,
    }),
  countries: () =>
    queryOptions({
      queryKey: [...lookupQueries.all, 'countries'] as const,
      // Kept on the device from sign-in on (offline/pick-lists.ts): bench forms fill in offline.
      queryFn: () =>
        pickListFirstFromServer('countries', async () => (await unwrap(api.GET('/api/common-country'))).data),
      staleTime: 5 * 60_000,
      // Spec 8: the public country list's failures are not sent to error reporting.
      meta: { notReported: true },
    }),
};
