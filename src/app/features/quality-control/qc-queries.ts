import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import type { ControlLimitInput } from '@/shared/measurement/qc';
import { api, unwrap } from '@/app/lib/api/api-client';

// Non-conformities: the list a supervisor reviews, and the release (online only: it is signed with
// the supervisor's password, checked by the server).

export type Nonconformity = components['schemas']['Nonconformity'];

export const qcQueries = {
  all: ['nonconformities'] as const,
  list: (status: 'open' | 'released' | undefined) =>
    queryOptions({
      queryKey: [...qcQueries.all, 'list', status ?? 'all'] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/qc/nonconformities', { params: { query: { status, limit: 100 } } }))).data,
    }),
};

export function useReleaseNonconformity(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { justification: string; password: string }) =>
      (await unwrap(api.POST('/api/qc/nonconformities/{id}/release', { params: { path: { id } }, body }))).data,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: qcQueries.all });
      void queryClient.invalidateQueries({ queryKey: ['measurement-runs'] });
      void queryClient.invalidateQueries({ queryKey: ['proficiency-tests'] });
    },
  });
}

export type ControlChart = components['schemas']['ControlChart'];

/** The check standards' control charts: which exist, and one chart with its points and limits. */
export const controlChartQueries = {
  all: ['control-charts'] as const,
  list: () =>
    queryOptions({
      queryKey: [...controlChartQueries.all, 'list'] as const,
      queryFn: async () => (await unwrap(api.GET('/api/qc/control-charts'))).data,
    }),
  chart: (referenceMaterialId: number, element: ControlChart['element']) =>
    queryOptions({
      queryKey: [...controlChartQueries.all, 'chart', referenceMaterialId, element] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/qc/control-charts/chart', { params: { query: { referenceMaterialId, element } } })))
          .data,
    }),
};

/** Sets a chart's target limits; every chart is read again, as the lines and the list's words may change. */
export function useSetControlLimit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ControlLimitInput) => (await unwrap(api.PUT('/api/qc/control-limits', { body }))).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: controlChartQueries.all }),
  });
}
