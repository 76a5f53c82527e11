import { useState } from 'react';
import { useDebouncedValue } from '@/app/lib/lists/use-debounced-value';

/**
 * A list screen's filters and page. Changing a filter goes back to the first page, since the old
 * offset may lie past the end of the new results; `settled` is what to ask the server for.
 */
export function useListFilters<F extends Record<string, string>>(initial: F, pageSize = 20) {
  const [filters, setFilters] = useState<F>(initial);
  const [page, setPage] = useState({ limit: pageSize, offset: 0 });
  const settled = useDebouncedValue(filters);
  const toFirstPage = () => setPage((current) => ({ ...current, offset: 0 }));
  return {
    filters,
    settled,
    page,
    setPage,
    replaceFilters: (next: F) => {
      setFilters(next);
      toFirstPage();
    },
    setFilter: (name: keyof F, value: string) => {
      setFilters((current) => ({ ...current, [name]: value }));
      toFirstPage();
    },
  };
}
