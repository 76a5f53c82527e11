import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import { api, unwrap } from '@/app/lib/api/api-client';

export type Customer = components['schemas']['Customer'];
export type CustomerFilters = { search?: string; orderBy?: string; limit: number; offset: number };

function withoutBlanks(filters: CustomerFilters): CustomerFilters {
  return Object.fromEntries(
    Object.entries(filters).filter(([, value]) => value !== '' && value !== undefined),
  ) as CustomerFilters;
}

export const customerQueries = {
  all: ['customers'] as const,
  list: (filters: CustomerFilters) =>
    queryOptions({
      queryKey: [...customerQueries.all, 'list', withoutBlanks(filters)] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/customers', { params: { query: withoutBlanks(filters) } }))).data,
      placeholderData: keepPreviousData,
    }),
};
