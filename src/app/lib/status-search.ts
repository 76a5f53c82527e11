import { useSearch } from '@tanstack/react-router';

// A list opened from a dashboard tile arrives with `?status=…`: the list starts filtered by it.

export type StatusSearch = { status?: string; search?: string };

/**
 * A list route's search: an optional status and free-text search (a customer row opens its
 * bookings with `?search=<company>`), anything else dropped.
 */
export function validateStatusSearch(search: Record<string, unknown>): StatusSearch {
  const valid: StatusSearch = {};
  if (typeof search.status === 'string' && search.status) valid.status = search.status;
  if (typeof search.search === 'string' && search.search) valid.search = search.search.slice(0, 200);
  return valid;
}

/** The free text the list was opened with, if any. */
export function useTextSearch(): string {
  return (useSearch({ strict: false }) as StatusSearch).search ?? '';
}

/** The status the list was opened with, when it is one this list can hold. */
export function useStatusSearch(allowed: readonly string[]): string | undefined {
  const search = useSearch({ strict: false }) as StatusSearch;
  return search.status && allowed.includes(search.status) ? search.status : undefined;
}
