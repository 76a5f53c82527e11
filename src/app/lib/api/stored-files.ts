import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { api } from './api-client';
import { ApiError } from './api-error';

// Stored files (sample images, attachments, PDF results, certificates) need the bearer token, so a
// screen can neither link to them nor use them as an image source: the bytes are fetched and shown
// from a blob URL, which is released once it is no longer shown.

/** A stored file's bytes. */
async function fetchStoredFile(id: string): Promise<Blob> {
  const { data, error, response } = await api.GET('/api/files/{id}', { params: { path: { id } }, parseAs: 'blob' });
  if (!response.ok || !data) throw new ApiError(response.status, error);
  return data as Blob;
}

/** One query, and one key, for a stored file's bytes wherever a screen shows it; they never change. */
const storedFileQuery = (id: string) =>
  queryOptions({ queryKey: ['files', id] as const, queryFn: () => fetchStoredFile(id), staleTime: Infinity });

/**
 * A stored file as a blob URL for the screen showing it, released when the file changes or the
 * screen closes. `quiet`: a failure is the caller's to show (an image shows its placeholder).
 */
export function useStoredFileUrl(fileId: string | null | undefined, { quiet = false } = {}) {
  const file = useQuery({
    ...storedFileQuery(fileId ?? ''),
    enabled: Boolean(fileId),
    ...(quiet ? { meta: { handlesErrors: true } } : {}),
  });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : undefined), [file.data]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return { url, isLoading: file.isLoading, error: file.error };
}

/**
 * Shows a file in a tab. Open the tab (`window.open('', '_blank')`) inside the click, before the
 * fetch, so that pop-up blockers allow it; the file follows. Without a tab one is opened at the end.
 * The URL is released after a minute: the tab has loaded it by then, and the bytes leave memory.
 */
export async function showInTab(target: Window | null, load: () => Promise<Blob>) {
  let blob: Blob;
  try {
    blob = await load();
  } catch (error) {
    target?.close();
    throw error;
  }
  const url = URL.createObjectURL(blob);
  if (target) target.location.href = url;
  else window.open(url, '_blank', 'noopener');
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Opens a stored file in the tab given (see `showInTab`), or a new one. */
export function openStoredFile(id: string, target: Window | null = window.open('', '_blank')) {
  return showInTab(target, () => fetchStoredFile(id));
}
