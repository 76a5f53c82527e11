import { queryOptions } from '@tanstack/react-query';
import { pickListFirstFromServer } from './pick-lists';
import { api, unwrap } from '@/app/lib/api/api-client';

/** Pickers shared by several screens (role and country choices); the countries come from the device's pick lists first. */
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
      // The public country list's failures are not sent to error reporting.
      meta: { notReported: true },
    }),
};
