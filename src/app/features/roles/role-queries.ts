import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import type { RoleInput } from '@/shared/schemas/roles';
import { api, unwrap } from '@/app/lib/api/api-client';
import { lookupQueries } from '@/app/offline/lookups';

export type Role = components['schemas']['Role'];
export type RoleFilters = { search?: string; limit: number; offset: number };

export const roleQueries = {
  all: ['roles'] as const,
  list: ({ search, limit, offset }: RoleFilters) =>
    queryOptions({
      queryKey: [...roleQueries.all, 'list', { search: search || undefined, limit, offset }] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/roles', { params: { query: { search: search || undefined, limit, offset } } })))
          .data,
      placeholderData: (previous) => previous,
    }),
  permissions: () =>
    queryOptions({
      queryKey: [...roleQueries.all, 'permissions'] as const,
      queryFn: async () => (await unwrap(api.GET('/api/roles/permissions'))).data,
      staleTime: Infinity,
    }),
};

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    /** `role` is the one being edited, as last read: its version guards against a stale write. */
    mutationFn: ({ role, input }: { role?: { id: number; version: number }; input: RoleInput }) =>
      role === undefined
        ? unwrap(api.POST('/api/roles', { body: input }))
        : unwrap(
            api.PUT('/api/roles', { params: { query: { id: role.id } }, body: { ...input, version: role.version } }),
          ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: roleQueries.all });
      await queryClient.invalidateQueries({ queryKey: lookupQueries.roles().queryKey });
    },
  });
}
