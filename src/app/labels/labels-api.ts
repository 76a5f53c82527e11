import { api } from '@/app/lib/api/api-client';
import { ApiError } from '@/app/lib/api/api-error';
import type { LabelLayout } from '@/shared/labels';

/** Whose labels to print: one sample entry, every sample of a booking, or a dispatch batch's samples. */
export type LabelSource = { kind: 'sample' | 'booking' | 'dispatch-batch'; id: number };

function requestLabels({ kind, id }: LabelSource, layout: LabelLayout) {
  const options = { params: { path: { id }, query: { layout } }, parseAs: 'blob' as const };
  if (kind === 'sample') return api.GET('/api/labels/sample/{id}', options);
  if (kind === 'booking') return api.GET('/api/labels/booking/{id}', options);
  return api.GET('/api/labels/dispatch-batch/{id}', options);
}

async function fetchLabelsPdf(source: LabelSource, layout: LabelLayout): Promise<Blob> {
  const { data, error, response } = await requestLabels(source, layout);
  if (!response.ok || !data) throw new ApiError(response.status, error);
  return data as Blob;
}

/**
 * Fetches the labels (the request needs the bearer token, so no plain link) and shows them in the
 * tab opened beforehand, while the click still counted as a user gesture. When the browser blocked
 * the tab, the PDF is downloaded instead. Answers whether it had to download.
 */
export async function openLabelsPdf(source: LabelSource, layout: LabelLayout, target: Window | null) {
  let blob: Blob;
  try {
    blob = await fetchLabelsPdf(source, layout);
  } catch (error) {
    target?.close();
    throw error;
  }
  const url = URL.createObjectURL(blob);
  // Released later: the tab (or the download) has read the bytes by then.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  if (target) {
    target.location.href = url;
    return { downloaded: false };
  }
  const link = document.createElement('a');
  link.href = url;
  link.download = `labels-${source.kind}-${source.id}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  return { downloaded: true };
}
