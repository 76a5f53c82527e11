// A list's filters, page and ordering live in its route's search (`?status=New&offset=20`), so a
// filtered list survives a reload, can be linked to (a dashboard tile opens a list with `?status=…`)
// and Back returns to the filter before. The route checks the search on every navigation, so the
// check is these few lines, not a schema library: the app's entry carries every route's check. What
// the screens read from it (lib/lists/list-view.ts) is apart, so the entry does not carry the screens' hook.

/** A list route's search: its filters as text, and the page and ordering. */
export type ListSearch = { [name: string]: string | number | undefined };

const MAX_TEXT = 200;
/** An ordering for the list calls' `orderBy`: `field:asc` or `field:desc`. */
export type Ordering = { field: string; direction: 'asc' | 'desc' };
/** An ordering as the address writes it: `field:asc` or `field:desc`. */
export const ORDER_BY = /^[A-Za-z][\w.]*:(asc|desc)$/;

/** A page's size or offset as the address gives it (text or number), or undefined when it is none. */
export const count = (value: unknown) => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 0 ? n : undefined;
};

/**
 * The `validateSearch` of a list route: the named filters (non-blank text), `limit`, `offset` and
 * `orderBy` (`field:asc|desc`); anything else is dropped.
 */
export function listSearchOf(filterNames: readonly string[]) {
  return (search: Record<string, unknown>): ListSearch => {
    const valid: ListSearch = {};
    for (const name of filterNames) {
      const value = search[name];
      // The router reads a number-like `?IDFLNumber=2026` as a number: it is still the text typed.
      const text = typeof value === 'number' ? String(value) : value;
      if (typeof text === 'string' && text.trim()) valid[name] = text.slice(0, MAX_TEXT);
    }
    const limit = count(search.limit);
    const offset = count(search.offset);
    if (limit) valid.limit = Math.min(limit, 100);
    if (offset) valid.offset = offset;
    if (typeof search.orderBy === 'string' && ORDER_BY.test(search.orderBy)) valid.orderBy = search.orderBy;
    return valid;
  };
}
