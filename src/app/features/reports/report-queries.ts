import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { components } from '@/shared/api-types';
import { api, unwrap } from '@/app/lib/api/api-client';
import { ApiError } from '@/app/lib/api/api-error';
import type { Language } from '@/shared/language';

/** The two sample-entry reports: their preview (JSON) and their files (XLSX, CSV), read with progress. */

export type ReportKind = 'source' | 'status';
type ReportPreview = components['schemas']['SampleReportPreview'];
export type ReportFormat = 'xlsx' | 'csv';

export type ReportFilters = {
  receivedByUser: string;
  receivedFromDate: string;
  receivedToDate: string;
  /** Sources (by-source report) or statuses (by-status report), comma-separated. */
  values: string;
};

export const emptyReportFilters: ReportFilters = {
  receivedByUser: '',
  receivedFromDate: '',
  receivedToDate: '',
  values: '',
};

function queryOf(kind: ReportKind, filters: ReportFilters) {
  const base = {
    receivedByUser: filters.receivedByUser.trim() || undefined,
    receivedFromDate: filters.receivedFromDate || undefined,
    receivedToDate: filters.receivedToDate || undefined,
  };
  const values = filters.values.trim() || undefined;
  return kind === 'source' ? { ...base, sources: values } : { ...base, status: values };
}

function requestReport(kind: ReportKind, filters: ReportFilters, format: ReportFormat, lang: Language) {
  const query = { ...queryOf(kind, filters), format, lang };
  if (kind === 'source') return api.GET('/api/report/sample-entry-source', { params: { query }, parseAs: 'stream' });
  return api.GET('/api/report/sample-by-status', { params: { query }, parseAs: 'stream' });
}

export const reportQueries = {
  all: ['reports'] as const,
  preview: (kind: ReportKind, filters: ReportFilters) =>
    queryOptions({
      queryKey: [...reportQueries.all, kind, filters] as const,
      queryFn: async () => {
        const query = { ...queryOf(kind, filters), format: 'json' as const };
        const answer =
          kind === 'source'
            ? await unwrap(api.GET('/api/report/sample-entry-source', { params: { query } }))
            : await unwrap(api.GET('/api/report/sample-by-status', { params: { query } }));
        return (answer as { data: ReportPreview }).data;
      },
      placeholderData: keepPreviousData,
    }),
};

function fileNameOf(response: Response, fallback: string) {
  const header = response.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8?.[1]) return decodeURIComponent(utf8[1]);
  return /filename="([^"]+)"/i.exec(header)?.[1] ?? fallback;
}

/**
 * Downloads a report file, written in `lang` (the language the screen shows). The server streams it
 * as it reads the rows, so its size is not known in advance: `onProgress` hears the bytes received so far.
 */
export async function downloadReport(
  kind: ReportKind,
  filters: ReportFilters,
  format: ReportFormat,
  lang: Language,
  onProgress: (bytes: number) => void,
) {
  const { data, error, response } = await requestReport(kind, filters, format, lang);
  if (!response.ok || !data) throw new ApiError(response.status, error);
  const reader = (data as ReadableStream<Uint8Array>).getReader();
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value as Uint8Array<ArrayBuffer>);
    received += value.byteLength;
    onProgress(received);
  }
  const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, `report.${format}`);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { bytes: received, name: link.download };
}
