import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import type { CreateUserInput, UpdateUserInput } from '@/shared/schemas/users';
import { api, unwrap } from '@/app/lib/api/api-client';

export type Account = components['schemas']['Account'];
export type AccountFilters = { username?: string; displayName?: string; email?: string; limit: number; offset: number };

function withoutBlanks(filters: AccountFilters) {
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== '' && value !== undefined));
}

export const accountQueries = {
  all: ['accounts'] as const,
  list: (filters: AccountFilters) =>
    queryOptions({
      queryKey: [...accountQueries.all, 'list', withoutBlanks(filters)] as const,
      queryFn: async () => (await unwrap(api.GET('/api/user', { params: { query: withoutBlanks(filters) } }))).data,
      placeholderData: (previous) => previous,
    }),
};

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateUserInput) => unwrap(api.POST('/api/user', { body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all }),
  });
}

export function useUpdateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: UpdateUserInput & { version: number } }) =>
      unwrap(api.PUT('/api/user/{id}', { params: { path: { id } }, body: input })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountQueries.all }),
  });
}

export function useSendPasswordReset() {
  return useMutation({
    mutationFn: (id: number) => unwrap(api.POST('/api/user/{id}/reset-password', { params: { path: { id } } })),
  });
}
