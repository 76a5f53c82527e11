import type { ReactNode } from 'react';
import { TableStatusRow } from '@/app/components/table-status-row';
import { Table, TableBody, TableHeader, TableRow } from '@/app/components/ui/table';

/**
 * A column of lower value, shown from 1024 px up: on a bench tablet (820 px) and below it gives way,
 * so the row's status and actions fit without a sideways scroll; the value stays on the record's page.
 */
export const WIDE_ONLY = 'hidden lg:table-cell';

/** A column of long words (names, types, sources): they wrap rather than widen the table past a tablet. */
export const WRAPS = 'min-w-24 whitespace-normal break-words';

/**
 * The words of a row's action button beside its icon: below 1024 px only the icon shows, so a row's
 * actions fit a bench tablet; the words stay the button's accessible name (and its tooltip there).
 */
export function ActionWords({ children }: { children: ReactNode }) {
  return <span className="sr-only lg:not-sr-only">{children}</span>;
}

/** A list's table: its header row, then its rows, or one status row while loading, when empty, or when it could not be loaded. */
export function ListTable<T>({
  head,
  columns,
  isLoading,
  error,
  items,
  row,
}: {
  /** The header cells. */
  head: ReactNode;
  /** How many columns the status row spans. */
  columns: number;
  isLoading: boolean;
  /** The list query's error: the status row then says the list could not be loaded, not "No data". */
  error: unknown;
  items: readonly T[];
  row: (item: T) => ReactNode;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow>{head}</TableRow>
      </TableHeader>
      <TableBody>
        {items.length === 0 ? (
          <TableStatusRow columns={columns} isLoading={isLoading} error={error} />
        ) : (
          items.map((item) => row(item))
        )}
      </TableBody>
    </Table>
  );
}
