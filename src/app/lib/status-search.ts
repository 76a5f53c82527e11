import { useSearch } from '@tanstack/react-router';

// A list opened from a dashboard tile arrives with `?status=…`: the list starts filtered by it.

export type StatusSearch = { status?: string };

/** A list route's search: an optional status, anything else dropped. */
export function validateStatusSearch(search: Record<string, unknown>): StatusSearch {
  return typeof search.status === 'string' && search.status ? { status: search.status } : {};
}

/** The status the list was opened with, when it is one this list can hold. */
export function useStatusSearch(allowed: readonly string[]): string | undefined {
  const search = useSearch({ strict: false }) as StatusSearch;
  return search.status && allowed.includes(search.status) ? search.status : undefined;
}
