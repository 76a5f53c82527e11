import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import type { GuidelinesInput } from '@/shared/schemas/guidelines';
import { api, unwrap } from '@/app/lib/api/api-client';

export type Guidelines = components['schemas']['SubmissionGuidelines'];

export const guidelinesQueries = {
  all: ['guidelines'] as const,
  current: () =>
    queryOptions({
      queryKey: [...guidelinesQueries.all, 'current'] as const,
      queryFn: async () => (await unwrap(api.GET('/api/guidelines'))).data,
    }),
};

export function useSaveGuidelines() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: GuidelinesInput & { version: number }) => unwrap(api.PUT('/api/guidelines', { body: input })),
    onSuccess: (answer) => queryClient.setQueryData(guidelinesQueries.current().queryKey, answer.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: guidelinesQueries.all }),
  });
}
