import { ArrowDownIcon, ArrowUpDownIcon, ArrowUpIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { TableHead } from '@/app/components/ui/table';
import { cn } from '@/app/components/ui/cn';
import type { Ordering } from '@/app/lib/lists/list-search';

export const orderByOf = (ordering: Ordering) => `${ordering.field}:${ordering.direction}`;

/** The next ordering after clicking a column: a new column sorts ascending, the same column flips. */
function nextOrdering(current: Ordering, field: string): Ordering {
  if (current.field !== field) return { field, direction: 'asc' };
  return { field, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** A table header that orders the list by its column when clicked. */
export function SortableHead({
  field,
  ordering,
  onOrder,
  label,
  className,
}: {
  field: string;
  ordering: Ordering;
  onOrder: (next: Ordering) => void;
  label: ReactNode;
  className?: string;
}) {
  const isActive = ordering.field === field;
  const Icon = !isActive ? ArrowUpDownIcon : ordering.direction === 'asc' ? ArrowUpIcon : ArrowDownIcon;
  return (
    <TableHead
      className={className}
      aria-sort={isActive ? (ordering.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
    >
      <button
        type="button"
        className={cn('inline-flex items-center gap-1 text-left hover:text-foreground', isActive && 'text-foreground')}
        onClick={() => onOrder(nextOrdering(ordering, field))}
      >
        {label}
        <Icon className="size-3.5" aria-hidden="true" />
      </button>
    </TableHead>
  );
}
