import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { OptionSelect } from '@/app/components/option-select';

const PAGE_SIZES = [10, 20, 50, 100] as const;
const PAGE_SIZE_OPTIONS = PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }));

/** Paging for limit/offset lists (every list takes limit and offset). */
export function ListPager({
  total,
  limit,
  offset,
  onChange,
}: {
  total: number;
  limit: number;
  offset: number;
  onChange: (next: { limit: number; offset: number }) => void;
}) {
  const { t } = useTranslation('common');
  const from = total === 0 ? 0 : offset + 1;
  const to = Math.min(offset + limit, total);
  return (
    <div className="flex flex-wrap items-center justify-end gap-3 text-sm">
      <span className="text-muted-foreground">{t('pager.range', { from, to, total })}</span>
      <div className="flex items-center gap-2">
        <span className="text-muted-foreground">{t('pager.rowsPerPage')}</span>
        <OptionSelect
          className="h-8 w-20"
          label={t('pager.rowsPerPage')}
          value={String(limit)}
          onValueChange={(value) => onChange({ limit: Number(value), offset: 0 })}
          options={PAGE_SIZE_OPTIONS}
        />
      </div>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={t('pager.previous')}
        disabled={offset === 0}
        onClick={() => onChange({ limit, offset: Math.max(0, offset - limit) })}
      >
        <ChevronLeftIcon />
      </Button>
      <Button
        variant="outline"
        size="icon"
        className="size-8"
        aria-label={t('pager.next')}
        disabled={offset + limit >= total}
        onClick={() => onChange({ limit, offset: offset + limit })}
      >
        <ChevronRightIcon />
      </Button>
    </div>
  );
}
