import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import type {
  MeasuredElement,
  ReferenceMaterialInput,
  ReferenceMaterialKind,
  ReferenceValueInput,
} from '@/shared/measurement/measurement';
import { api, unwrap } from '@/app/lib/api/api-client';

/**
 * The reference materials' registry: the list (searched, by kind and element, paged), one material
 * with every version of its values, what was computed on a value no longer in force, and the writes
 * (a new material, a new version of a value, a run recomputed on today's values). They need the
 * network: the server keeps the registry and computes the runs.
 */

export type ReferenceMaterial = components['schemas']['ReferenceMaterial'];
export type ReferenceValue = components['schemas']['ReferenceMaterialValue'];
export type ValueImpact = components['schemas']['ReferenceValueImpact'];

export type MaterialListFilters = { search?: string; kind?: ReferenceMaterialKind; element?: MeasuredElement };

export const referenceMaterialQueries = {
  all: ['reference-materials'] as const,
  list: (filters: MaterialListFilters, page: { limit: number; offset: number }) =>
    queryOptions({
      queryKey: [...referenceMaterialQueries.all, 'list', filters, page] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/reference-materials', { params: { query: { ...filters, ...page } } }))).data,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...referenceMaterialQueries.all, 'detail', id] as const,
      queryFn: async () => (await unwrap(api.GET('/api/reference-materials/{id}', { params: { path: { id } } }))).data,
    }),
  impact: (id: number) =>
    queryOptions({
      queryKey: [...referenceMaterialQueries.all, 'impact', id] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/reference-materials/{id}/impact', { params: { path: { id }, query: {} } }))).data,
    }),
};

export function useCreateReferenceMaterial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReferenceMaterialInput) =>
      (await unwrap(api.POST('/api/reference-materials', { body }))).data,
    meta: { handlesErrors: true },
    onSuccess: (material) => {
      queryClient.setQueryData(referenceMaterialQueries.detail(material.id).queryKey, material);
      void queryClient.invalidateQueries({ queryKey: [...referenceMaterialQueries.all, 'list'] });
    },
  });
}

export function useAddReferenceValue(materialId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReferenceValueInput) =>
      (await unwrap(api.POST('/api/reference-materials/{id}/values', { params: { path: { id: materialId } }, body })))
        .data,
    meta: { handlesErrors: true },
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: referenceMaterialQueries.all }),
  });
}

export function useRecomputeRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (runId: number) =>
      (await unwrap(api.POST('/api/measurement-runs/{id}/recompute', { params: { path: { id: runId } } }))).data,
    meta: { handlesErrors: true },
    onSuccess: () => {
      // The run's screens (features/measurement-runs keeps them under this key) and every impact.
      void queryClient.invalidateQueries({ queryKey: ['measurement-runs'] });
      void queryClient.invalidateQueries({ queryKey: [...referenceMaterialQueries.all, 'impact'] });
    },
  });
}
