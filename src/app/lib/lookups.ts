import { queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import { api, unwrap } from './api-client';

export type RoleChoice = components['schemas']['Role'];
export type CountryChoice = components['schemas']['CountryChoice'];

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
      queryFn: async () => (await unwrap(api.GET('/api/common-country'))).data,
      staleTime: 5 * 60_000,
      // Spec 8: the public country list's failures are not sent to error reporting.
      meta: { notReported: true },
    }),
};
