import { ChevronDownIcon, ChevronUpIcon } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { cn } from '@/app/components/ui/cn';

/** The grid a list's filters stand in: one column on a phone, two on a bench tablet, four from 1024 px. */
const FILTER_GRID = 'grid gap-3 sm:grid-cols-2 lg:grid-cols-4';

/** How many of these filter values are in use (a blank or whitespace-only value is not). */
export function filtersInUse(values: readonly unknown[]): number {
  return values.filter((value) => (typeof value === 'string' ? value.trim() !== '' : value != null)).length;
}

/**
 * A list's filters: the first few always in view, the rest folded into a "More filters" panel, so a
 * list with many filters (the tester's has eleven) keeps its rows above the fold on a bench tablet.
 * The toggle says how many folded filters are in use, so a narrowed list is never a mystery; the
 * panel starts open when one is (a link or a reload that carries them). The folded filters stay
 * mounted while hidden, so their controls keep their own state.
 */
export function MoreFilters({
  label,
  first,
  more,
  moreInUse,
  after,
  className = FILTER_GRID,
}: {
  /** The filters' name for assistive technology (the region is a search landmark). */
  label: string;
  /** The filters always shown. */
  first: ReactNode;
  /** The filters folded into the panel. */
  more: ReactNode;
  /** How many of the folded filters are in use. */
  moreInUse: number;
  /** Shown under the filters, such as a "Clear filters" button. */
  after?: ReactNode;
  /** The grid classes of both the first filters and the panel. */
  className?: string;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(moreInUse > 0);
  const panel = useId();
  return (
    <div className="grid gap-3" role="search" aria-label={label}>
      <div className={className}>{first}</div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          aria-expanded={open}
          aria-controls={panel}
          data-testid="more-filters"
          onClick={() => setOpen((current) => !current)}
        >
          {open ? <ChevronUpIcon /> : <ChevronDownIcon />}
          {open ? t('fewerFilters') : moreInUse > 0 ? t('moreFiltersInUse', { count: moreInUse }) : t('moreFilters')}
        </Button>
        {after}
      </div>
      <div id={panel} hidden={!open} className={cn(className, 'rounded-md border p-3', !open && 'hidden')}>
        {more}
      </div>
    </div>
  );
}
