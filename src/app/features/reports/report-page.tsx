import { useQuery } from '@tanstack/react-query';
import { DownloadIcon, FileSpreadsheetIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sampleStatuses } from '@/shared/workflow/sample-workflow';
import { CHART_COLORS, LazyChart } from '@/app/components/charts/lazy-chart';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/app/components/ui/card';
import { cn } from '@/app/components/ui/cn';
import { Skeleton } from '@/app/components/ui/skeleton';
import { WIDE_ONLY, WRAPS } from '@/app/components/list-table';
import { RushBadge } from '@/app/components/rush-badge';
import { Table, TableBody, TableCell, TableFooter, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { handleError } from '@/app/lib/api/handle-error';
import { isLanguage } from '@/shared/language';
import { useDebouncedValue } from '@/app/lib/lists/use-debounced-value';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { PageFrame } from '@/app/components/page/page-frame';
import { ReportFilterBar } from './report-filters';
import {
  downloadReport,
  emptyReportFilters,
  reportQueries,
  type ReportFilters,
  type ReportFormat,
  type ReportKind,
} from './report-queries';

const grams = (value: number | null | undefined) => (value == null ? '—' : String(Number(value.toFixed(3))));

/** Report screens (/report-by-source, /report-by-status): filters, preview table and chart, downloads. */
export function ReportPage({ kind }: { kind: ReportKind }) {
  const { t, i18n } = useTranslation(['reports', 'layout', 'samples']);
  const [filters, setFilters] = useState<ReportFilters>(emptyReportFilters);
  const settled = useDebouncedValue(filters);
  const preview = useQuery(reportQueries.preview(kind, settled));
  const [download, setDownload] = useState<{ format: ReportFormat; bytes: number } | null>(null);
  const title = t(kind === 'source' ? 'layout:pages.sampleBySource' : 'layout:pages.sampleByStatus');
  const groupLabel = (key: string | null) =>
    key == null ? t('reports:none') : kind === 'status' ? t(`samples:status.${key}`) : key;
  const set = (name: keyof ReportFilters, value: string) => setFilters((current) => ({ ...current, [name]: value }));

  const start = async (format: ReportFormat) => {
    setDownload({ format, bytes: 0 });
    try {
      const lang = isLanguage(i18n.language) ? i18n.language : 'en';
      await downloadReport(kind, settled, format, lang, (bytes) => setDownload({ format, bytes }));
    } catch (error) {
      handleError(error);
    } finally {
      setDownload(null);
    }
  };

  const data = preview.data;
  const downloadButtons = (
    <div className="flex flex-wrap items-center gap-2">
      {(['xlsx', 'csv'] as const).map((format) => (
        <Button
          key={format}
          variant={format === 'xlsx' ? 'default' : 'outline'}
          disabled={download !== null}
          onClick={() => void start(format)}
          data-testid={`download-${format}`}
        >
          {format === 'xlsx' ? <FileSpreadsheetIcon /> : <DownloadIcon />}
          {t(`reports:download.${format}`)}
        </Button>
      ))}
    </div>
  );

  return (
    <PageFrame title={title} actions={downloadButtons}>
      {download && (
        <div
          role="status"
          className="grid gap-1 rounded-md border bg-muted/40 px-4 py-2 text-sm"
          data-testid="download-progress"
        >
          <span>
            {t('reports:download.progress', {
              format: download.format.toUpperCase(),
              size: (download.bytes / 1024).toFixed(1),
            })}
          </span>
          <div className="h-1.5 overflow-hidden rounded bg-muted">
            <div className="h-full w-1/3 animate-pulse rounded bg-primary" />
          </div>
        </div>
      )}
      <Card>
        <CardContent>
          <ReportFilterBar kind={kind} filters={filters} onChange={set} />
        </CardContent>
      </Card>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t(`reports:summary.${kind}`)}</CardTitle>
            <CardDescription>{t('reports:summary.description')}</CardDescription>
          </CardHeader>
          <CardContent>
            {!data || data.groups.length === 0 ? (
              <NoReportYet isLoading={!data} />
            ) : (
              <Table data-testid="report-groups">
                <TableHeader>
                  <TableRow>
                    <TableHead className={WRAPS}>{t(`reports:columns.${kind}`)}</TableHead>
                    <TableHead className="text-right whitespace-normal">{t('reports:columns.samples')}</TableHead>
                    {kind === 'status' && (
                      <TableHead className="text-right whitespace-normal">{t('reports:columns.medianDays')}</TableHead>
                    )}
                    <TableHead className="text-right whitespace-normal">{t('reports:columns.initialWeight')}</TableHead>
                    <TableHead className="text-right whitespace-normal">{t('reports:columns.sentWeight')}</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.groups.map((group) => (
                    <TableRow key={group.key ?? ''}>
                      <TableCell className={WRAPS}>{groupLabel(group.key)}</TableCell>
                      <TableCell className="text-right tabular-nums">{group.samples}</TableCell>
                      {kind === 'status' && (
                        <TableCell className="text-right tabular-nums" title={t('reports:file.medianNote')}>
                          {group.medianDays == null ? '—' : String(Number(group.medianDays.toFixed(1)))}
                        </TableCell>
                      )}
                      <TableCell className="text-right tabular-nums">{grams(group.initialWeight)}</TableCell>
                      <TableCell className="text-right tabular-nums">{grams(group.sentWeight)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
                <TableFooter>
                  <TableRow className="font-semibold">
                    <TableCell>{t('reports:total')}</TableCell>
                    <TableCell className="text-right tabular-nums" data-testid="report-total-samples">
                      {data.total.samples}
                    </TableCell>
                    {kind === 'status' && <TableCell />}
                    <TableCell className="text-right tabular-nums">{grams(data.total.initialWeight)}</TableCell>
                    <TableCell className="text-right tabular-nums">{grams(data.total.sentWeight)}</TableCell>
                  </TableRow>
                </TableFooter>
              </Table>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t('reports:chart')}</CardTitle>
          </CardHeader>
          <CardContent>
            {!data || data.groups.length === 0 ? (
              <NoReportYet isLoading={!data} skeletonClassName="h-[260px]" />
            ) : (
              <LazyChart
                kind={kind === 'source' ? 'stackedBar' : 'bar'}
                ariaLabel={t('reports:chart')}
                labels={data.groups.map((g) => groupLabel(g.key))}
                datasets={
                  kind === 'source'
                    ? // A bar per source, stacked by the statuses its samples are in.
                      sampleStatuses
                        .filter((status) => data.groups.some((g) => g.byStatus?.some((s) => s.status === status)))
                        .map((status, index) => ({
                          label: t(`samples:status.${status}`),
                          data: data.groups.map((g) => g.byStatus?.find((s) => s.status === status)?.samples ?? 0),
                          color: CHART_COLORS[index % CHART_COLORS.length]!,
                        }))
                    : [
                        {
                          label: t('reports:columns.samples'),
                          data: data.groups.map((g) => g.samples),
                          color: CHART_COLORS[0]!,
                        },
                      ]
                }
              />
            )}
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle>{t('reports:rows.title')}</CardTitle>
          <CardDescription>
            {data ? t('reports:rows.description', { shown: data.rows.length, count: data.total.samples }) : null}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {!data || data.rows.length === 0 ? (
            <NoReportYet isLoading={!data} />
          ) : (
            <Table data-testid="report-rows">
              <TableHeader>
                <TableRow>
                  <TableHead>{t('reports:columns.idflNumber')}</TableHead>
                  <TableHead className={WIDE_ONLY}>{t('reports:columns.sampleCode')}</TableHead>
                  <TableHead>{t('reports:columns.source')}</TableHead>
                  <TableHead>{t('reports:columns.status')}</TableHead>
                  <TableHead>{t('reports:columns.receivedDate')}</TableHead>
                  <TableHead className={WIDE_ONLY}>{t('reports:columns.receivedBy')}</TableHead>
                  <TableHead className={cn('text-right', WIDE_ONLY)}>{t('reports:columns.initialWeight')}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {data.rows.map((row) => (
                  <TableRow key={row.id}>
                    <TableCell className="font-mono">
                      {row.idflNumber}
                      <RushBadge rush={row.rushService} />
                    </TableCell>
                    <TableCell className={WIDE_ONLY}>{row.sampleCode ?? '—'}</TableCell>
                    <TableCell className={WRAPS}>{row.source ?? '—'}</TableCell>
                    <TableCell className="whitespace-normal">{t(`samples:status.${row.status}`)}</TableCell>
                    <TableCell>{row.receivedDate ? formatDisplayDate(row.receivedDate, i18n.language) : '—'}</TableCell>
                    <TableCell className={WIDE_ONLY}>{row.receivedBy ?? '—'}</TableCell>
                    <TableCell className={cn('text-right tabular-nums', WIDE_ONLY)}>
                      {grams(row.initialWeight)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>
    </PageFrame>
  );
}

/** A report part while the preview loads (a placeholder of its size), or when it has nothing to show. */
function NoReportYet({ isLoading, skeletonClassName = 'h-40' }: { isLoading: boolean; skeletonClassName?: string }) {
  const { t } = useTranslation('reports');
  if (isLoading) return <Skeleton className={cn(skeletonClassName, 'w-full')} />;
  return <p className="py-6 text-center text-sm text-muted-foreground">{t('empty')}</p>;
}
