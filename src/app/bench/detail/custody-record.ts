import { api } from '@/app/lib/api/api-client';
import { ApiError } from '@/app/lib/api/api-error';
import { isLanguage } from '@/shared/language';

// The chain of custody as a document (GET /api/sample-entries/{id}/custody.pdf or .csv), in the
// language the screen shows and the reader's time zone. The request needs the bearer token, so the
// file is fetched and then saved from a blob URL rather than linked.

export type CustodyFormat = 'pdf' | 'csv';

function readerTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

function requestRecord(id: number, format: CustodyFormat, language: string) {
  const query = { lang: isLanguage(language) ? language : ('en' as const), timeZone: readerTimeZone() };
  const options = { params: { path: { id }, query }, parseAs: 'blob' as const };
  return format === 'pdf'
    ? api.GET('/api/sample-entries/{id}/custody.pdf', options)
    : api.GET('/api/sample-entries/{id}/custody.csv', options);
}

/** Downloads a sample's custody record, named as the server names it. */
export async function downloadCustodyRecord(id: number, idflNumber: string, format: CustodyFormat, language: string) {
  const { data, error, response } = await requestRecord(id, format, language);
  if (!response.ok || !data) throw new ApiError(response.status, error);
  const url = URL.createObjectURL(data as Blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `custody-${idflNumber}.${format}`;
  document.body.append(link);
  link.click();
  link.remove();
  // Released later: the download has read the bytes by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
