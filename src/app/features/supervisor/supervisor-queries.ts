import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import { benchStatuses } from '@/shared/workflow/benches';
import type { Conclusion, TransferIdflData } from '@/shared/schemas/supervisor';
import { api, unwrap } from '@/app/lib/api/api-client';

/**
 * Result Overview (the supervisor lab). The list is cached for offline reading; the supervisor's
 * decisions (conclusion, final confirmation, undo, transfer) are sent at once, not queued: they are
 * judged against the latest result (four eyes, a returned result not yet undone), and the person
 * must see the server's verdict while deciding.
 */

export type SupervisorSampleDetail = components['schemas']['SampleEntryDetail'];
export type ThirdLabEntry = components['schemas']['ThirdLabEntry'];

export type SavedOriginAnalysis = components['schemas']['SavedOriginAnalysis'];

/** The states the supervisor sees (the server's own filter): at the third lab or past it. */
export const SUPERVISOR_STATUSES = benchStatuses.supervisor;

export const supervisorQueries = {
  all: ['supervisor'] as const,
  detail: (id: number) =>
    queryOptions({
      queryKey: [...supervisorQueries.all, 'detail', id] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/supervisor-lab/get-detail/{id}', { params: { path: { id } } }))).data,
    }),
  /** The origin analysis saved to the sample (null when none): confirming and the certificate rest on it. */
  savedAnalysis: (id: number) =>
    queryOptions({
      queryKey: [...supervisorQueries.all, 'saved-analysis', id] as const,
      queryFn: async (): Promise<SavedOriginAnalysis | null> =>
        (await unwrap(api.GET('/api/supervisor-lab/origin-analysis/{id}', { params: { path: { id } } }))).data ?? null,
    }),
};

function useSampleDecision<TInput, TAnswer>(send: (input: TInput) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: supervisorQueries.all }),
  });
}

export function useSaveConclusion(id: number) {
  return useSampleDecision((input: Conclusion & { version: number }) =>
    unwrap(api.PUT('/api/supervisor-lab/conclusion-lab/update', { params: { query: { id } }, body: input })),
  );
}

export function useConfirmFinalResult(id: number) {
  return useSampleDecision(() =>
    unwrap(api.PUT('/api/supervisor-lab/confirm-final-result', { params: { query: { id } } })),
  );
}

export function useUndoReturnResult(id: number) {
  return useSampleDecision(() =>
    unwrap(api.PUT('/api/supervisor-lab/undo-return-result', { params: { query: { id } } })),
  );
}

export function useTransferIdflData() {
  return useSampleDecision(({ input, sameId }: { input: TransferIdflData; sameId: boolean }) =>
    unwrap(
      api.POST('/api/supervisor-lab/transfer-data-of-idfl', {
        params: { query: sameId ? { sameId: 'true' } : {} },
        body: input,
      }),
    ),
  );
}

export function useIssueCertificate(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    // No `supersedes`: this is the first certificate, so a double click asks twice for version 1.
    mutationFn: () => unwrap(api.PUT('/api/issue-certificate', { params: { query: { id } } })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: supervisorQueries.all }),
        queryClient.invalidateQueries({ queryKey: ['certificates'] }),
      ]),
  });
}
