import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import { api, unwrap } from '@/app/lib/api/api-client';
import type { RunListFilters } from './run-list-search';

/**
 * The third lab's measurement runs: the list (by package and by day), one run's calibration, and
 * the two writes (importing a run file, assigning a row the import could not match). Unlike the
 * bench actions these need the network: the server computes the calibration.
 */

export type MeasurementRun = components['schemas']['MeasurementRun'];
export type RunCalibration = components['schemas']['RunCalibration'];
export type RunAnalysis = components['schemas']['RunAnalysis'];

export const runQueries = {
  all: ['measurement-runs'] as const,
  list: (filters: RunListFilters) =>
    queryOptions({
      queryKey: [...runQueries.all, 'list', filters] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/measurement-runs', { params: { query: { ...filters, limit: 100 } } }))).data,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...runQueries.all, 'detail', id] as const,
      queryFn: async () => (await unwrap(api.GET('/api/measurement-runs/{id}', { params: { path: { id } } }))).data,
    }),
  /** The samples at the third lab, newest first: where a run's packages and rows are chosen from. */
  worklist: () =>
    queryOptions({
      queryKey: [...runQueries.all, 'worklist'] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/third-lab/get-all', { params: { query: { limit: 100 } } }))).data.items,
    }),
  /** The packages sent to the third lab, to measure a run for. */
  packages: () =>
    queryOptions({
      ...runQueries.worklist(),
      select: (samples: WorklistSample[]) => {
        const packages = new Map<number, string>();
        for (const sample of samples)
          if (sample.dispatchBatchId && sample.packageCode) packages.set(sample.dispatchBatchId, sample.packageCode);
        return [...packages].map(([id, code]) => ({ id, code })).sort((a, b) => b.id - a.id);
      },
    }),
  /** The samples an unmatched row may be assigned to: the run's package's, else every one at the lab. */
  packageSamples: (packageId: number | null) =>
    queryOptions({
      ...runQueries.worklist(),
      select: (samples: WorklistSample[]) =>
        samples.filter((sample) => packageId == null || sample.dispatchBatchId === packageId),
    }),
};

type WorklistSample = components['schemas']['ThirdLabSample'];

export type RunUpload = {
  file: File;
  packageId?: number;
  measuredOn?: string;
  /** Per element, the anchors' names as the lab types them. */
  anchors?: Record<string, string[]>;
  checks?: string[];
};

export function useUploadRun() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (upload: RunUpload) =>
      (
        await unwrap(
          api.POST('/api/measurement-runs', {
            body: {} as never,
            bodySerializer: () => {
              const form = new FormData();
              form.append('file', upload.file);
              if (upload.packageId) form.append('packageId', String(upload.packageId));
              if (upload.measuredOn) form.append('measuredOn', upload.measuredOn);
              if (upload.anchors && Object.keys(upload.anchors).length)
                form.append('anchors', JSON.stringify(upload.anchors));
              if (upload.checks?.length) form.append('checks', JSON.stringify(upload.checks));
              return form;
            },
          }),
        )
      ).data,
    onSuccess: (run) => {
      queryClient.setQueryData(runQueries.detail(run.id).queryKey, run);
      void queryClient.invalidateQueries({ queryKey: [...runQueries.all, 'list'] });
    },
  });
}

export function useAssignRow(runId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { analysis: number; sampleEntryId?: number; referenceMaterialId?: number }) =>
      (await unwrap(api.POST('/api/measurement-runs/{id}/assign', { params: { path: { id: runId } }, body }))).data,
    onSuccess: (run) => {
      queryClient.setQueryData(runQueries.detail(run.id).queryKey, run);
      void queryClient.invalidateQueries({ queryKey: [...runQueries.all, 'list'] });
    },
  });
}
