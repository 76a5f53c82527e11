import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SortableHead } from '@/app/components/sortable-head';
import type { Ordering } from '@/app/lib/lists/list-search';
import { TableStatusRow } from '@/app/components/table-status-row';
import { cn } from '@/app/components/ui/cn';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import type { PendingSampleChange } from '../actions/use-sample-action';
import type { SampleEntry } from '../sample-queries';

export type SampleColumn = {
  key: string;
  header: ReactNode;
  /** The list call's orderBy field, when the column can order the list. */
  orderField?: string;
  className?: string;
  /**
   * A column of lower value on the bench, shown from 1024 px up: on a bench tablet (820 px) and a
   * phone it gives way so the list fits without a sideways scroll; the value stays on the sample's page.
   */
  wideOnly?: boolean;
  /**
   * A column of long words (codes, types, sources, names): they wrap onto more lines rather than
   * widen the list past a bench tablet, as the bookings list's applicant does; the column keeps room
   * for a short word.
   */
  wraps?: boolean;
  cell: (sample: SampleEntry, pending: PendingSampleChange | undefined) => ReactNode;
};

/** A column's classes: its own, wrapping when it `wraps`, and hidden below 1024 px when it is `wideOnly`. */
const columnClass = (column: SampleColumn) =>
  cn(
    column.className,
    column.wraps && 'min-w-24 whitespace-normal break-words',
    column.wideOnly && 'hidden lg:table-cell',
  );

/** A header's words wrap: a column is as wide as its values need, not its header ("Remaining weight (g)"). */
const HEAD_WRAPS = 'whitespace-normal';

/** Above this many rows only the rows in view are rendered (a bench may show hundreds). */
const VIRTUAL_FROM = 60;
const ROW_HEIGHT = 49;

/**
 * The table of a sample list. Rows with a queued change carry `data-pending`; long pages are
 * virtualised in a scroll box so a bench with hundreds of samples stays quick on a tablet.
 */
export function SampleTable({
  items,
  columns,
  pending,
  queuedIds,
  isLoading,
  error,
  ordering,
  onOrder,
}: {
  items: SampleEntry[];
  columns: SampleColumn[];
  pending: Map<number, PendingSampleChange>;
  /** Ids (as strings) with any unsent change, queued creates included (`useOfflineList().pendingIds`). */
  queuedIds?: Set<string>;
  isLoading: boolean;
  /** Why the list could not be loaded (`offlineListError`), so an empty table never reads "No data". */
  error: unknown;
  ordering: Ordering;
  onOrder: (next: Ordering) => void;
}) {
  const { t } = useTranslation('samples');
  const scrollRef = useRef<HTMLDivElement>(null);
  const isVirtual = items.length > VIRTUAL_FROM;
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    // Rows show on the first paint, before the scroll box has been measured.
    initialRect: { width: 0, height: 800 },
    overscan: 10,
    enabled: isVirtual,
  });
  const virtualRows = isVirtual ? virtualizer.getVirtualItems() : [];
  const shown = isVirtual
    ? virtualRows.map((row) => ({ sample: items[row.index]!, index: row.index }))
    : items.map((sample, index) => ({ sample, index }));
  const paddingTop = isVirtual ? (virtualRows[0]?.start ?? 0) : 0;
  const paddingBottom = isVirtual ? virtualizer.getTotalSize() - (virtualRows.at(-1)?.end ?? 0) : 0;

  return (
    <div ref={scrollRef} className={isVirtual ? 'max-h-[70vh] min-w-0 overflow-auto' : 'min-w-0'}>
      <Table>
        <TableHeader className={isVirtual ? 'sticky top-0 z-10 bg-background' : undefined}>
          <TableRow>
            {columns.map((column) =>
              column.orderField ? (
                <SortableHead
                  key={column.key}
                  field={column.orderField}
                  ordering={ordering}
                  onOrder={onOrder}
                  label={column.header}
                  className={cn(HEAD_WRAPS, columnClass(column))}
                />
              ) : (
                <TableHead key={column.key} className={cn(HEAD_WRAPS, columnClass(column))}>
                  {column.header}
                </TableHead>
              ),
            )}
          </TableRow>
        </TableHeader>
        <TableBody>
          {items.length === 0 ? (
            <TableStatusRow columns={columns.length} isLoading={isLoading} error={error} />
          ) : (
            <>
              {paddingTop > 0 && (
                <tr aria-hidden style={{ height: paddingTop }}>
                  <td colSpan={columns.length} />
                </tr>
              )}
              {shown.map(({ sample }) => {
                const change = pending.get(Number(sample.id));
                const isQueued = Boolean(change) || Boolean(queuedIds?.has(String(sample.id)));
                // Refused by the server (a conflict or a rejection): marked where the technician works.
                const refused = change?.state === 'conflict' || change?.state === 'failed';
                return (
                  <TableRow
                    key={String(sample.id)}
                    data-pending={isQueued ? 'true' : undefined}
                    data-sync-state={change?.state}
                    className={refused ? 'border-l-4 border-l-destructive bg-destructive/5' : undefined}
                    title={refused ? t('rowRefused', { reason: change?.error ?? '' }) : undefined}
                    data-idfl={sample.idflNumber}
                    style={isVirtual ? { height: ROW_HEIGHT } : undefined}
                  >
                    {columns.map((column) => (
                      <TableCell key={column.key} className={columnClass(column)}>
                        {column.cell(sample, change)}
                      </TableCell>
                    ))}
                  </TableRow>
                );
              })}
              {paddingBottom > 0 && (
                <tr aria-hidden style={{ height: paddingBottom }}>
                  <td colSpan={columns.length} />
                </tr>
              )}
            </>
          )}
        </TableBody>
      </Table>
    </div>
  );
}
