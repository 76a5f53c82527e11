import { useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { count, ORDER_BY, type ListSearch, type Ordering } from './list-search';
import { useDebouncedValue } from './use-debounced-value';

// A list screen's side of its route's search (lib/lists/list-search.ts): the filters, page and ordering
// it asks the server for, and the hook that keeps them in the address. Apart from the route's check,
// which every page starts with, so only the list screens load this.

const orderingOf = (orderBy: unknown): Ordering | undefined => {
  if (typeof orderBy !== 'string' || !ORDER_BY.test(orderBy)) return undefined;
  const [field, direction] = orderBy.split(':') as [string, Ordering['direction']];
  return { field, direction };
};

function filtersIn<F extends Record<string, string>>(empty: F, search: ListSearch): F {
  const filters: Record<string, string> = { ...empty };
  for (const name of Object.keys(empty)) {
    const value = search[name];
    if (value !== undefined) filters[name] = String(value);
  }
  return filters as F;
}

/** The search without the blank filters (an empty filter leaves the address). */
function withFilters(search: ListSearch, filters: Record<string, string>): ListSearch {
  const next: ListSearch = { ...search };
  for (const [name, value] of Object.entries(filters)) next[name] = value.trim() ? value : undefined;
  return next;
}

type ListOptions = { pageSize?: number; ordering: Ordering };

/**
 * What a list asks the server for at a route's search: its filters, page and ordering. The screen
 * reads it through `useListSearch`; a route's loader may ask for the same page before the screen's
 * code has even arrived.
 */
export function listViewOf<F extends Record<string, string>>(
  empty: F,
  search: ListSearch,
  { pageSize = 20, ordering: firstOrdering }: ListOptions,
) {
  return {
    settled: filtersIn(empty, search),
    page: { limit: count(search.limit) ?? pageSize, offset: count(search.offset) ?? 0 },
    ordering: orderingOf(search.orderBy) ?? firstOrdering,
  };
}

/**
 * A list screen's filters, page and ordering, kept in the route's search. Typing edits `filters`
 * at once; the address (and so `settled`, what to ask the server for) follows once typing pauses,
 * as one history entry. Changing a filter or the ordering goes back to the first page, since the
 * old offset may lie past the end of the new results.
 */
export function useListSearch<F extends Record<string, string>>(empty: F, options: ListOptions) {
  const { pageSize = 20, ordering: firstOrdering } = options;
  const search = useSearch({ strict: false }) as ListSearch;
  const view = listViewOf(empty, search, options);
  const navigate = useNavigate();
  const go = (change: (current: ListSearch) => ListSearch) => void navigate({ to: '.', search: change as never });

  const addressKey = JSON.stringify(view.settled);
  const settled = useMemo(() => JSON.parse(addressKey) as F, [addressKey]);
  const [filters, setFilters] = useState<F>(settled);
  const typed = useDebouncedValue(filters);
  const typedKey = JSON.stringify(typed);

  // Both keys as last rendered, for the two effects below to tell who moved (effects run in order).
  const seen = useRef({ addressKey, typedKey });
  useEffect(() => {
    seen.current = { addressKey, typedKey };
  });

  // Typing paused on something the address does not hold yet: it becomes the address.
  useEffect(() => {
    if (typedKey === seen.current.addressKey) return;
    go((current) => ({ ...withFilters(current, JSON.parse(typedKey) as F), offset: undefined }));
    // Only a pause in typing moves the address; Back moving the address must not push it back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [typedKey]);

  // The address moved without typing (Back, Forward, a link): the fields show what it holds.
  useEffect(() => {
    if (addressKey !== seen.current.typedKey) setFilters(JSON.parse(addressKey) as F);
  }, [addressKey]);

  const { page, ordering } = view;
  const isFirstOrdering = ordering.field === firstOrdering.field && ordering.direction === firstOrdering.direction;

  return {
    filters,
    settled,
    page,
    ordering,
    isFirstOrdering,
    setPage: (next: { limit: number; offset: number }) =>
      go((current) => ({
        ...current,
        limit: next.limit === pageSize ? undefined : next.limit,
        offset: next.offset || undefined,
      })),
    setOrdering: (next: Ordering) =>
      go((current) => ({ ...current, orderBy: `${next.field}:${next.direction}`, offset: undefined })),
    replaceFilters: (next: F) => setFilters(next),
    setFilter: (name: keyof F, value: string) => setFilters((current) => ({ ...current, [name]: value })),
  };
}
