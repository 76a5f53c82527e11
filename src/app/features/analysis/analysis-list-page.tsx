import { getRouteApi, Link } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { EyeIcon, SendIcon, TagIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePredictionWords } from '@/app/lib/words/prediction-words';
import { toast } from '@/app/lib/toast';
import { ATYPICAL_PREDICTION, isAtypicalPrediction } from '@/shared/origin-prediction';
import { analysisStatuses, classifyActions, classifyValues, type ClassifyAction } from '@/shared/schemas/analysis';
import { FilterInput } from '@/app/components/filter-input';
import { ListPager } from '@/app/components/list-pager';
import { ActionWords, ListTable, WIDE_ONLY, WRAPS } from '@/app/components/list-table';
import { filtersInUse, MoreFilters } from '@/app/components/more-filters';
import { cn } from '@/app/components/ui/cn';
import { FilterSelect } from '@/app/components/option-select';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/app/components/ui/dropdown-menu';
import { DatePicker } from '@/app/components/ui/date-picker';
import { formatMoment } from '@/app/components/ui/display-date';
import { TableCell, TableHead, TableRow } from '@/app/components/ui/table';
import { PageFrame } from '@/app/components/page/page-frame';
import type { AnalysisListSearch } from './analysis-list-search';
import { analysisQueries, useClassifyAnalysis, type Analysis, type AnalysisListQuery } from './analysis-queries';
import { AnalysisDetailDialog } from './analysis-detail-dialog';
import { percent } from './sample-values';
import { TransferAnalysisDialog } from './transfer-analysis-dialog';
import { VerdictBadge } from './result/verdict-badge';

const route = getRouteApi('/_authenticated/analysis/analysis-list');
const pageSize = 20;

const classifyVariant = {
  Pending: 'outline',
  Unsatisfied: 'destructive',
  Neutral: 'secondary',
  Satisfied: 'default',
} as const;

/** A sample code in the list: it wraps at any character rather than widen the table past a tablet. */
const SAMPLE_CODE = 'min-w-32 break-all whitespace-normal';

/** Analysis Results: the history of saved analyses, classified and transferred from here. */
export function AnalysisListPage() {
  const { t, i18n } = useTranslation('analysis');
  const predictionWords = usePredictionWords();
  const search = route.useSearch();
  const navigate = route.useNavigate();
  const limit = search.limit ?? pageSize;
  const offset = search.offset ?? 0;
  const query: AnalysisListQuery = {
    ...Object.fromEntries(Object.entries(search).filter(([key]) => key !== 'limit' && key !== 'offset')),
    limit,
    offset,
  };
  const list = useQuery(analysisQueries.list(query));
  const classify = useClassifyAnalysis();
  const [transferring, setTransferring] = useState<Analysis | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [draftSearch, setDraftSearch] = useState(search.search ?? '');

  const setFilter = (name: keyof AnalysisListSearch, value: string | undefined) =>
    void navigate({ search: (current) => ({ ...current, [name]: value || undefined, offset: undefined }) });

  const doClassify = (row: Analysis, action: ClassifyAction) =>
    classify.mutate(
      { id: row.id, action },
      { onSuccess: () => toast.success(t('list.classified', { classify: t(`classify.${classifyActions[action]}`) })) },
    );

  const date = (iso: string) => formatMoment(iso, i18n.language);

  return (
    <PageFrame
      title={t('list.title')}
      actions={
        <Button variant="outline" asChild>
          <Link to="/analysis/analyze">{t('analyze.title')}</Link>
        </Button>
      }
    >
      <Card>
        <CardContent className="grid gap-4">
          <MoreFilters
            label={t('list.filters')}
            moreInUse={filtersInUse([
              search.analysisFromDate,
              search.analysisToDate,
              search.countryCode,
              search.sources,
            ])}
            first={
              <>
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    setFilter('search', draftSearch.trim());
                  }}
                >
                  <FilterInput label={t('list.search')} value={draftSearch} onChange={setDraftSearch} />
                </form>
                <FilterInput
                  label={t('list.material')}
                  value={search.material ?? ''}
                  onChange={(v) => setFilter('material', v)}
                />
                <FilterInput
                  label={t('list.prediction')}
                  value={search.prediction ?? ''}
                  onChange={(v) => setFilter('prediction', v)}
                />
                <div className="grid grid-cols-2 gap-2">
                  <FilterSelect
                    label={t('list.classify')}
                    anyLabel={t('list.anyClassify')}
                    value={search.classify}
                    onValueChange={(v) => setFilter('classify', v || undefined)}
                    options={classifyValues.map((c) => ({ value: c, label: t(`classify.${c}`) }))}
                  />
                  <FilterSelect
                    label={t('list.status')}
                    anyLabel={t('list.anyStatus')}
                    value={search.status}
                    onValueChange={(v) => setFilter('status', v || undefined)}
                    options={analysisStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))}
                  />
                </div>
              </>
            }
            more={
              <>
                <DatePicker
                  id="analysis-from-date"
                  aria-label={t('list.fromDate')}
                  value={search.analysisFromDate}
                  onChange={(value) => setFilter('analysisFromDate', value)}
                />
                <DatePicker
                  id="analysis-to-date"
                  aria-label={t('list.toDate')}
                  value={search.analysisToDate}
                  onChange={(value) => setFilter('analysisToDate', value)}
                />
                <FilterInput
                  label={t('list.countryCode')}
                  value={search.countryCode ?? ''}
                  onChange={(v) => setFilter('countryCode', v)}
                />
                <FilterInput
                  label={t('list.sources')}
                  value={search.sources ?? ''}
                  onChange={(v) => setFilter('sources', v)}
                />
              </>
            }
          />
          <div className="overflow-x-auto">
            <ListTable
              columns={9}
              isLoading={list.isLoading}
              error={list.error}
              items={list.data?.items ?? []}
              head={
                <>
                  <TableHead className={WIDE_ONLY}>{t('list.date')}</TableHead>
                  <TableHead>{t('list.sample')}</TableHead>
                  <TableHead className={WIDE_ONLY}>{t('list.material')}</TableHead>
                  <TableHead>{t('list.prediction')}</TableHead>
                  <TableHead className="whitespace-normal">{t('list.claimed')}</TableHead>
                  <TableHead className={WIDE_ONLY}>{t('list.xinjiang')}</TableHead>
                  <TableHead>{t('list.classify')}</TableHead>
                  <TableHead className={WRAPS}>{t('list.status')}</TableHead>
                  <TableHead>{t('list.actions')}</TableHead>
                </>
              }
              row={(row) => (
                <TableRow key={row.id} data-testid={`analysis-row-${row.id}`}>
                  <TableCell className={cn('whitespace-nowrap text-muted-foreground', WIDE_ONLY)}>
                    {date(row.analysisDate)}
                  </TableCell>
                  {/* An IDFL number stays whole; a client's sample code (long, as a lot's are) breaks anywhere. */}
                  <TableCell className="font-mono">
                    {row.idflNumber ?? <div className={SAMPLE_CODE}>{row.sampleCode ?? `#${row.id}`}</div>}
                    {row.idflNumber && row.sampleCode && (
                      <div className={cn(SAMPLE_CODE, 'text-xs text-muted-foreground')}>{row.sampleCode}</div>
                    )}
                  </TableCell>
                  <TableCell className={WIDE_ONLY}>{row.material ?? '—'}</TableCell>
                  <TableCell className={WRAPS}>
                    <span className="font-medium">{predictionWords(row.prediction) ?? '—'}</span>
                    <div className="text-xs text-muted-foreground">
                      {percent(row.topProbability)}
                      {row.isAtypical &&
                        !isAtypicalPrediction(row.prediction) &&
                        ` · ${predictionWords(ATYPICAL_PREDICTION)}`}
                    </div>
                  </TableCell>
                  <TableCell>{row.claimedVerdict ? <VerdictBadge verdict={row.claimedVerdict} /> : '—'}</TableCell>
                  <TableCell className={WIDE_ONLY}>
                    {row.xinjiangVerdict ? <VerdictBadge verdict={row.xinjiangVerdict} /> : '—'}
                  </TableCell>
                  <TableCell>
                    <Badge variant={classifyVariant[row.classify]}>{t(`classify.${row.classify}`)}</Badge>
                  </TableCell>
                  <TableCell className={WRAPS}>{t(`status.${row.status}`, { defaultValue: row.status })}</TableCell>
                  <TableCell>
                    <div className="flex gap-1">
                      <Button variant="ghost" size="sm" onClick={() => setViewing(row.id)}>
                        <EyeIcon />
                        <ActionWords>{t('detail.view')}</ActionWords>
                      </Button>
                      <DropdownMenu>
                        <DropdownMenuTrigger asChild>
                          <Button variant="outline" size="sm" aria-label={t('list.classifyRow', { id: row.id })}>
                            <TagIcon />
                            <ActionWords>{t('list.classifyAction')}</ActionWords>
                          </Button>
                        </DropdownMenuTrigger>
                        <DropdownMenuContent>
                          {(Object.keys(classifyActions) as ClassifyAction[]).map((action) => (
                            <DropdownMenuItem key={action} onSelect={() => doClassify(row, action)}>
                              {t(`classify.${classifyActions[action]}`)}
                            </DropdownMenuItem>
                          ))}
                        </DropdownMenuContent>
                      </DropdownMenu>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={row.classify !== 'Satisfied'}
                        title={row.classify !== 'Satisfied' ? t('list.transferNeedsSatisfied') : undefined}
                        onClick={() => setTransferring(row)}
                      >
                        <SendIcon />
                        <ActionWords>{t('list.transfer')}</ActionWords>
                      </Button>
                    </div>
                  </TableCell>
                </TableRow>
              )}
            />
          </div>
          <div className="flex flex-wrap items-center justify-between gap-2">
            {list.data && offset + limit < list.data.total ? (
              <Button
                variant="link"
                onClick={() => void navigate({ search: (current) => ({ ...current, limit: limit + pageSize }) })}
              >
                {t('list.viewMore')}
              </Button>
            ) : (
              <span />
            )}
            <ListPager
              total={list.data?.total ?? 0}
              limit={limit}
              offset={offset}
              onChange={(next) => void navigate({ search: (current) => ({ ...current, ...next }) })}
            />
          </div>
        </CardContent>
      </Card>
      <AnalysisDetailDialog id={viewing} onOpenChange={(open) => !open && setViewing(null)} />
      <TransferAnalysisDialog analysis={transferring} onOpenChange={(open) => !open && setTransferring(null)} />
    </PageFrame>
  );
}
