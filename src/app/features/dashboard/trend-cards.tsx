import { useQuery } from '@tanstack/react-query';
import { dayjs } from '@/app/lib/words/dates';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePredictionWords } from '@/app/lib/words/prediction-words';
import { CHART_COLORS, LazyChart } from '@/app/components/charts/lazy-chart';
import { OptionSelect } from '@/app/components/option-select';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/app/components/ui/card';
import { Skeleton } from '@/app/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { dashboardQueries } from './dashboard-queries';
import { formatDuration } from './stage-lists';
import { formatDisplayDate, monthNamesOf } from '@/app/components/ui/display-date';

const WHOLE_YEAR = 'year';
const BOOKING_COLORS: Record<string, string> = { UnConfirmed: '#d97706', Confirmed: '#16a34a', Cancelled: '#dc2626' };
const CLASSIFY_COLORS: Record<string, string> = {
  Pending: '#64748b',
  Unsatisfied: '#dc2626',
  Neutral: '#d97706',
  Satisfied: '#16a34a',
};
const TOP_ORIGINS = 6;

function EmptyChart({ message }: { message: string }) {
  return <p className="flex h-40 items-center justify-center text-sm text-muted-foreground">{message}</p>;
}

/** Bookings per day of a month, or per month of a year, by status, with a year and month picker. */
export function BookingChartCard() {
  const { t, i18n } = useTranslation(['dashboard', 'bookings']);
  const now = dayjs();
  const [year, setYear] = useState(now.year());
  const [month, setMonth] = useState<number | undefined>(now.month() + 1);
  const chart = useQuery(dashboardQueries.bookingChart({ year, month }));
  const years = Array.from({ length: 6 }, (_, i) => now.year() - i);
  const data = chart.data;
  const labels =
    data?.labels.map((label) =>
      data.bucket === 'day'
        ? String(Number(label.slice(8)))
        : monthNamesOf(i18n.language)[Number(label.slice(5, 7)) - 1]!,
    ) ?? [];
  const isEmpty = data && data.totals.every((n) => n === 0);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle>{t('dashboard:bookingChart.title')}</CardTitle>
          <CardDescription>{t('dashboard:bookingChart.description')}</CardDescription>
        </div>
        <div className="flex gap-2">
          <OptionSelect
            className="w-24"
            label={t('dashboard:bookingChart.year')}
            value={String(year)}
            onValueChange={(v) => setYear(Number(v))}
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
          />
          <OptionSelect
            className="w-36"
            label={t('dashboard:bookingChart.month')}
            value={month ? String(month) : WHOLE_YEAR}
            onValueChange={(v) => setMonth(v === WHOLE_YEAR ? undefined : Number(v))}
            options={[
              { value: WHOLE_YEAR, label: t('dashboard:bookingChart.wholeYear') },
              ...Array.from({ length: 12 }, (_, i) => ({
                value: String(i + 1),
                label: monthNamesOf(i18n.language)[i]!,
              })),
            ]}
          />
        </div>
      </CardHeader>
      <CardContent>
        {!data ? (
          <Skeleton className="h-[260px] w-full" />
        ) : isEmpty ? (
          <EmptyChart message={t('dashboard:bookingChart.empty')} />
        ) : (
          <LazyChart
            kind="stackedBar"
            ariaLabel={t('dashboard:bookingChart.title')}
            labels={labels}
            datasets={data.series.map((s) => ({
              label: t(`bookings:status.${s.status}`),
              data: s.counts,
              color: BOOKING_COLORS[s.status] ?? CHART_COLORS[0]!,
            }))}
          />
        )}
      </CardContent>
    </Card>
  );
}

/** Analysis Trends: analyses per week by classify status and by predicted origin. */
export function AnalysisTrendsCard() {
  const { t, i18n } = useTranslation('dashboard');
  const predictionWords = usePredictionWords();
  const [weeks, setWeeks] = useState(12);
  const trends = useQuery(dashboardQueries.analysisTrends(weeks));
  const data = trends.data;
  const labels = data?.weeks.map((w) => formatDisplayDate(w, i18n.language)) ?? [];
  const isEmpty = data && data.byClassify.every((s) => s.total === 0);
  const origins = data?.byPrediction.slice(0, TOP_ORIGINS) ?? [];
  return (
    <Card>
      <PeriodCardHeader
        area="trends"
        value={weeks}
        choices={[4, 12, 26, 52]}
        choiceKey="lastWeeks"
        onChange={setWeeks}
      />
      <CardContent>
        {!data ? (
          <Skeleton className="h-[260px] w-full" />
        ) : isEmpty ? (
          <EmptyChart message={t('trends.empty')} />
        ) : (
          <div className="grid gap-6 xl:grid-cols-2">
            <div>
              <h3 className="mb-2 text-sm font-medium">{t('trends.byClassify')}</h3>
              <LazyChart
                kind="stackedBar"
                ariaLabel={t('trends.byClassify')}
                labels={labels}
                datasets={data.byClassify.map((s) => ({
                  label: t(`classify.${s.classify}`),
                  data: s.counts,
                  color: CLASSIFY_COLORS[s.classify] ?? CHART_COLORS[0]!,
                }))}
              />
            </div>
            <div>
              <h3 className="mb-2 text-sm font-medium">{t('trends.byOrigin')}</h3>
              <LazyChart
                kind="line"
                ariaLabel={t('trends.byOrigin')}
                labels={labels}
                datasets={origins.map((s, i) => ({
                  label: predictionWords(s.origin) ?? t('trends.noPrediction'),
                  data: s.counts,
                  color: CHART_COLORS[i % CHART_COLORS.length]!,
                }))}
              />
            </div>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** Turnaround per stage and end to end: median and 90th percentile, from the chain of custody. */
export function TurnaroundCard() {
  const { t } = useTranslation('dashboard');
  const [days, setDays] = useState(30);
  const turnaround = useQuery(dashboardQueries.turnaround(days));
  const units = { hours: t('units.hours'), days: t('units.days') };
  const data = turnaround.data;
  return (
    <Card>
      <PeriodCardHeader
        area="turnaround"
        value={days}
        choices={[7, 30, 90, 365]}
        choiceKey="lastDays"
        onChange={setDays}
      />
      <CardContent>
        {!data ? (
          <Skeleton className="h-48 w-full" />
        ) : (
          <Table data-testid="turnaround-table">
            <TableHeader>
              <TableRow>
                <TableHead>{t('turnaround.stage')}</TableHead>
                <TableHead className="text-right">{t('turnaround.samples')}</TableHead>
                <TableHead className="text-right">{t('turnaround.median')}</TableHead>
                <TableHead className="text-right">{t('turnaround.p90')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.stages.map((stage) => (
                <TableRow key={stage.stage} className={stage.stage === 'endToEnd' ? 'font-semibold' : undefined}>
                  <TableCell>{t(`turnaround.stages.${stage.stage}`)}</TableCell>
                  <TableCell className="text-right tabular-nums">{stage.samples}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatDuration(stage.medianHours, units)}</TableCell>
                  <TableCell className="text-right tabular-nums">{formatDuration(stage.p90Hours, units)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** A trend card's title and description beside its period picker (the last N weeks or days). */
function PeriodCardHeader({
  area,
  value,
  choices,
  choiceKey,
  onChange,
}: {
  area: 'trends' | 'turnaround';
  value: number;
  choices: readonly number[];
  choiceKey: 'lastWeeks' | 'lastDays';
  onChange: (value: number) => void;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
      <div className="grid gap-1.5">
        <CardTitle>{t(`${area}.title`)}</CardTitle>
        <CardDescription>{t(`${area}.description`)}</CardDescription>
      </div>
      <OptionSelect
        className="w-40"
        label={t(`${area}.range`)}
        value={String(value)}
        onValueChange={(v) => onChange(Number(v))}
        options={choices.map((n) => ({ value: String(n), label: t(`${area}.${choiceKey}`, { count: n }) }))}
      />
    </CardHeader>
  );
}
