// Read by the route's search check on every navigation: a plain check, not zod, because route options
// are in the first bundle every page starts with.

/** The run list's filters: a package and a day of import (the laboratory's day). */
export interface RunListFilters {
  packageId?: number;
  day?: string;
}

/** A link or a typed address with a filter that does not read is shown unfiltered. */
export function readRunListSearch(search: Record<string, unknown>): RunListFilters {
  const filters: RunListFilters = {};
  const packageId = Number(search.packageId);
  if (Number.isSafeInteger(packageId) && packageId > 0) filters.packageId = packageId;
  if (typeof search.day === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(search.day)) filters.day = search.day;
  return filters;
}
