import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { components, paths } from '@/shared/api-types';
import type { OriginModel } from '@/shared/origin-model/estimator';
import type { ClassifyAction, TransferAnalysis } from '@/shared/schemas/analysis';
import { api, unwrap } from '@/app/lib/api/api-client';
import { ApiError, isNetworkError } from '@/app/lib/api/api-error';
import { readMeta, writeMeta } from '@/app/offline/db';

/**
 * The origin analysis screens' server calls. The materials and each material's fitted model are kept
 * in IndexedDB (the offline database's `meta` table) so Sample Insights keeps analysing in the
 * browser with the network cut: a fresh copy replaces the kept one whenever the server answers.
 */

export type Analysis = components['schemas']['Analysis'];
export type ModelReport = components['schemas']['ModelReport'];
export type Material =
  paths['/api/analysis/materials']['get']['responses'][200]['content']['application/json']['data'][number];
export type AnalysisListQuery = NonNullable<paths['/api/analysis']['get']['parameters']['query']>;
export type CleanIsotopeQuery = NonNullable<paths['/api/clean-isotope']['get']['parameters']['query']>;
export type SaveAnalysesBody = paths['/api/analysis']['post']['requestBody']['content']['application/json'];
export type RunAnalysisBody = paths['/api/analysis/create']['post']['requestBody']['content']['application/json'];
export type ImportAnswer =
  paths['/api/clean-isotope/import']['post']['responses'][200]['content']['application/json']['data'];
export type ImportRowError = { row: number; column: string; message: string };

/** A material's model as kept on this device. */
export type CachedModel = {
  material: string;
  referenceVersion: string;
  fittedAt: string;
  model: OriginModel;
  /** When this device last received it from the server. */
  cachedAt: string;
  /** True when the server could not be reached and the kept copy is shown. */
  fromCache: boolean;
};

const modelKey = (material: string) => `originModel:${material}`;
const materialsKey = 'originMaterials';

/** Failures that mean "no server": the kept copy stands in. */
function isUnreachable(error: unknown) {
  return isNetworkError(error) || (error instanceof ApiError && error.status >= 500);
}

export const analysisQueries = {
  all: ['analysis'] as const,
  materials: () =>
    queryOptions({
      queryKey: [...analysisQueries.all, 'materials'] as const,
      networkMode: 'always',
      queryFn: async (): Promise<Material[]> => {
        try {
          const data = (await unwrap(api.GET('/api/analysis/materials'))).data;
          await writeMeta(materialsKey, data);
          return data;
        } catch (error) {
          const kept = await readMeta<Material[]>(materialsKey);
          if (kept && isUnreachable(error)) return kept;
          throw error;
        }
      },
    }),
  model: (material: string) =>
    queryOptions({
      queryKey: [...analysisQueries.all, 'model', material] as const,
      networkMode: 'always',
      staleTime: 5 * 60_000,
      retry: false,
      queryFn: async (): Promise<CachedModel> => {
        try {
          const data = (await unwrap(api.GET('/api/analysis/model', { params: { query: { material } } }))).data;
          const entry: CachedModel = {
            material: data.material,
            referenceVersion: data.referenceVersion,
            fittedAt: data.fittedAt,
            model: data.model as unknown as OriginModel,
            cachedAt: new Date().toISOString(),
            fromCache: false,
          };
          await writeMeta(modelKey(material), entry);
          return entry;
        } catch (error) {
          const kept = await readMeta<CachedModel>(modelKey(material));
          if (kept && isUnreachable(error)) return { ...kept, fromCache: true };
          throw error;
        }
      },
    }),
  report: (material: string) =>
    queryOptions({
      queryKey: [...analysisQueries.all, 'report', material] as const,
      staleTime: 10 * 60_000,
      queryFn: async () =>
        (await unwrap(api.GET('/api/analysis/model-report', { params: { query: { material } } }))).data,
    }),
  list: (query: AnalysisListQuery) =>
    queryOptions({
      queryKey: [...analysisQueries.all, 'list', query] as const,
      queryFn: async () => (await unwrap(api.GET('/api/analysis', { params: { query } }))).data,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: [...analysisQueries.all, 'detail', id] as const,
      queryFn: async () => (await unwrap(api.GET('/api/analysis/{id}', { params: { path: { id } } }))).data,
    }),
  cleanList: (query: CleanIsotopeQuery) =>
    queryOptions({
      queryKey: [...analysisQueries.all, 'clean', query] as const,
      queryFn: async () => (await unwrap(api.GET('/api/clean-isotope', { params: { query } }))).data,
    }),
};

export function useMaterials() {
  return useQuery(analysisQueries.materials());
}

export function useOriginModel(material: string | undefined) {
  return useQuery({ ...analysisQueries.model(material ?? ''), enabled: Boolean(material) });
}

/** Analyses on the server (nothing saved); with only an IDFL number it reads the sample entry's values. */
export function useRunAnalysis() {
  return useMutation({
    mutationFn: async (body: RunAnalysisBody) => (await unwrap(api.POST('/api/analysis/create', { body }))).data,
  });
}

function useAnalysisWrite<TInput, TOutput>(send: (input: TInput) => Promise<TOutput>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => queryClient.invalidateQueries({ queryKey: analysisQueries.all }),
  });
}

export function useSaveAnalyses() {
  return useAnalysisWrite(async (body: SaveAnalysesBody) => (await unwrap(api.POST('/api/analysis', { body }))).data);
}

export function useSaveToSampleEntry() {
  return useAnalysisWrite(
    async ({ idflNumber, analysisId }: { idflNumber: string; analysisId: number }) =>
      (
        await unwrap(
          api.POST('/api/analysis/save-to-sample-entry', {
            params: { query: { idflNumber } },
            body: { analysisId },
          }),
        )
      ).data,
  );
}

export function useClassifyAnalysis() {
  return useAnalysisWrite(
    async ({ id, action }: { id: number; action: ClassifyAction }) =>
      (await unwrap(api.PUT('/api/analysis', { params: { query: { id, action } } }))).data,
  );
}

export function useTransferAnalysis() {
  return useAnalysisWrite(
    async ({ id, input }: { id: number; input: TransferAnalysis }) =>
      (await unwrap(api.POST('/api/analysis/transfer-data/{id}', { params: { path: { id } }, body: input }))).data,
  );
}
