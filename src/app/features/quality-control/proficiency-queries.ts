import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import type { MeasuredElement } from '@/shared/measurement/measurement';
import type { ProficiencyTestInput } from '@/shared/measurement/measurement-uncertainty';
import { api, unwrap } from '@/app/lib/api/api-client';
import { ApiError } from '@/app/lib/api/api-error';
import type { Language } from '@/shared/language';
import { qcQueries } from './qc-queries';

// Proficiency test rounds and the laboratory's measurement uncertainty: read from the server, which
// computes z, its class and U; the screen only words them.

export type ProficiencyTest = components['schemas']['ProficiencyTest'];
export type ElementUncertainty = components['schemas']['ElementUncertainty'];

export const proficiencyQueries = {
  all: ['proficiency-tests'] as const,
  list: (element: MeasuredElement | undefined) =>
    queryOptions({
      queryKey: [...proficiencyQueries.all, 'list', element ?? 'all'] as const,
      queryFn: async () =>
        (await unwrap(api.GET('/api/qc/proficiency-tests', { params: { query: { element, limit: 100 } } }))).data,
    }),
  uncertainty: () =>
    queryOptions({
      queryKey: ['measurement-uncertainty'] as const,
      queryFn: async () => (await unwrap(api.GET('/api/qc/uncertainty', { params: { query: {} } }))).data,
    }),
};

export function useRecordProficiencyTest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ProficiencyTestInput) =>
      (await unwrap(api.POST('/api/qc/proficiency-tests', { body }))).data,
    meta: { handlesErrors: true },
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: proficiencyQueries.all });
      // An unsatisfactory round opens a non-conformity.
      void queryClient.invalidateQueries({ queryKey: qcQueries.all });
    },
  });
}

function fileNameOf(response: Response, fallback: string) {
  const header = response.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) return decodeURIComponent(utf8[1]);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/** Downloads the rounds of one element (or all) as CSV, written in the language the screen shows. */
export async function downloadProficiencyCsv(element: MeasuredElement | undefined, lang: Language) {
  const { data, error, response } = await api.GET('/api/qc/proficiency-tests/export', {
    params: { query: { element, lang } },
    parseAs: 'blob',
  });
  if (!response.ok || !data) throw new ApiError(response.status, error);
  const url = URL.createObjectURL(data as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, 'proficiency-tests.csv');
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return link.download;
}
