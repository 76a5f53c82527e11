import type { ReactNode } from 'react';
import { TableStatusRow } from '@/app/components/table-status-row';
import { Table, TableBody, TableHeader, TableRow } from '@/app/components/ui/table';

/** A list's table: its header row, then its rows, or one status row while loading, when empty, or when it could not be loaded. */
export function ListTable<T>({
  head,
  columns,
  isLoading,
  error,
  items,
  row,
  boxClassName,
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
  /** Classes of the table's scroll box (`TABLE_FROM_SM` where cards stand in for it on phones). */
  boxClassName?: string;
}) {
  return (
    <Table boxClassName={boxClassName}>
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
