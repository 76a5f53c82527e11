import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { dayjs } from '@/app/lib/words/dates';
import { AlertTriangleIcon, ZapIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { sampleStatuses } from '@/shared/workflow/sample-workflow';
import {
  analysisClassifications,
  bookingStatuses,
  DEFAULT_WAITING_DAYS,
  defaultSummaryWindow,
} from '@/shared/statistics';
import { Badge } from '@/app/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/app/components/ui/card';
import { LabelledControl, LabelledInput } from '@/app/components/labelled-input';
import { DatePicker } from '@/app/components/ui/date-picker';
import { Skeleton } from '@/app/components/ui/skeleton';
import { labTimeZone } from '@/app/lib/words/lab-time-zone';
import { usePermissions } from '@/app/lib/session/use-session';
import { dashboardQueries, type StatisticSummary } from './dashboard-queries';
import { FigureTile } from './figure-tile';
import { formatDuration, stageLists } from './stage-lists';

const WAITING_DAYS_KEY = 'dashboard.waitingDays';

function storedWaitingDays(): number {
  const stored = Number(globalThis.localStorage?.getItem(WAITING_DAYS_KEY));
  return Number.isInteger(stored) && stored >= 1 && stored <= 365 ? stored : DEFAULT_WAITING_DAYS;
}

/** The statistic summary: its period, the period's figures, a tile per stage and the samples needing attention. */
export function SummarySection() {
  const { t } = useTranslation(['dashboard', 'samples', 'bookings']);
  const held = usePermissions();
  const [period, setPeriod] = useState(() => defaultSummaryWindow(labTimeZone()));
  const [waitingDays, setWaitingDays] = useState(storedWaitingDays);
  const summary = useQuery(dashboardQueries.summary({ ...period, waitingDays }));
  const data = summary.data;
  const isLoading = summary.isPending;
  const units = { hours: t('dashboard:units.hours'), days: t('dashboard:units.days') };

  const changeWaitingDays = (value: string) => {
    const days = Number(value);
    if (!Number.isInteger(days) || days < 1 || days > 365) return;
    setWaitingDays(days);
    globalThis.localStorage?.setItem(WAITING_DAYS_KEY, String(days));
  };

  const canOpenBookings = hasAnyPermission(held, ['CanViewAllbooking']);
  const canSeeAnalyses = hasAnyPermission(held, ['CanViewAllAnalysis']);
  const stageTiles = sampleStatuses.filter((status) => hasAnyPermission(held, stageLists[status].permissions));

  return (
    <section className="grid gap-4" aria-labelledby="summary-title">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle id="summary-title">{t('dashboard:summary.title')}</CardTitle>
            <CardDescription>{t('dashboard:summary.description')}</CardDescription>
          </div>
          <div className="flex flex-wrap items-end gap-3">
            <LabelledControl id="summary-from" label={t('dashboard:summary.from')}>
              <DatePicker
                id="summary-from"
                className="w-44"
                value={period.fromDate}
                max={period.toDate}
                onChange={(value) => value && setPeriod((p) => ({ ...p, fromDate: value }))}
              />
            </LabelledControl>
            <LabelledControl id="summary-to" label={t('dashboard:summary.to')}>
              <DatePicker
                id="summary-to"
                className="w-44"
                value={period.toDate}
                min={period.fromDate}
                onChange={(value) => value && setPeriod((p) => ({ ...p, toDate: value }))}
              />
            </LabelledControl>
            <LabelledInput
              id="summary-waiting"
              label={t('dashboard:summary.waitingDays')}
              type="number"
              min={1}
              max={365}
              className="w-24"
              defaultValue={waitingDays}
              onChange={(e) => changeWaitingDays(e.target.value)}
            />
          </div>
        </CardHeader>
        <CardContent className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
          <FigureTile
            testId="figure-received"
            label={t('dashboard:figures.received')}
            value={data?.samples.received}
            isLoading={isLoading}
          />
          <FigureTile
            testId="figure-completed"
            label={t('dashboard:figures.completed')}
            value={data?.samples.completed}
            isLoading={isLoading}
          />
          <FigureTile
            testId="figure-open"
            label={t('dashboard:figures.open')}
            value={data?.samples.open}
            isLoading={isLoading}
          />
          <FigureTile
            testId="figure-overdue"
            label={t('dashboard:figures.overdue', { count: waitingDays })}
            value={data?.samples.overdue}
            tone={data?.samples.overdue ? 'danger' : 'default'}
            isLoading={isLoading}
          />
          <FigureTile
            testId="figure-rush"
            label={t('dashboard:figures.rush')}
            value={data?.samples.rush}
            tone={data?.samples.rush ? 'warning' : 'default'}
            isLoading={isLoading}
          />
          <FigureTile
            testId="figure-third-lab"
            label={t('dashboard:figures.thirdLabTurnaround')}
            value={formatDuration(data?.thirdLabTurnaround.medianHours, units)}
            hint={
              data
                ? t('dashboard:figures.thirdLabHint', {
                    count: data.thirdLabTurnaround.returned,
                    p90: formatDuration(data.thirdLabTurnaround.p90Hours, units),
                  })
                : undefined
            }
            isLoading={isLoading}
          />
        </CardContent>
      </Card>

      {stageTiles.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>{t('dashboard:stages.title')}</CardTitle>
            <CardDescription>{t('dashboard:stages.description')}</CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
            {stageTiles.map((status) => (
              <FigureTile
                key={status}
                testId={`stage-${status}`}
                label={t(`samples:status.${status}`)}
                value={data?.samples.byStage[status] ?? 0}
                isLoading={isLoading}
                link={{ to: stageLists[status].to, search: { status } }}
              />
            ))}
          </CardContent>
        </Card>
      )}

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>{t('dashboard:bookings.title')}</CardTitle>
            <CardDescription>
              {t('dashboard:bookings.description', { count: data?.bookings.rush ?? 0 })}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            <FigureTile
              testId="bookings-total"
              label={t('dashboard:bookings.total')}
              value={data?.bookings.total}
              isLoading={isLoading}
            />
            {bookingStatuses.map((status) => (
              <FigureTile
                key={status}
                testId={`bookings-${status}`}
                label={t(`bookings:status.${status}`)}
                value={data?.bookings.byStatus[status] ?? 0}
                isLoading={isLoading}
                link={canOpenBookings ? { to: '/bookings', search: { status } } : undefined}
              />
            ))}
          </CardContent>
        </Card>
        {canSeeAnalyses && (
          <Card>
            <CardHeader>
              <CardTitle>{t('dashboard:analyses.title')}</CardTitle>
              <CardDescription>
                {t('dashboard:analyses.description', { count: data?.analyses.total ?? 0 })}
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {analysisClassifications.map((classify) => (
                <FigureTile
                  key={classify}
                  testId={`analyses-${classify}`}
                  label={t(`dashboard:classify.${classify}`)}
                  value={data?.analyses.byClassify[classify] ?? 0}
                  isLoading={isLoading}
                />
              ))}
            </CardContent>
          </Card>
        )}
      </div>

      <AttentionCard data={data} isLoading={isLoading} waitingDays={waitingDays} />
    </section>
  );
}

type AttentionSample = StatisticSummary['samples']['longWaiting'][number];

/** Rush samples and those waiting longer than the chosen days, highlighted, oldest first. */
function AttentionCard({
  data,
  isLoading,
  waitingDays,
}: {
  data?: StatisticSummary;
  isLoading: boolean;
  waitingDays: number;
}) {
  const { t } = useTranslation(['dashboard', 'samples']);
  const held = usePermissions();
  const renderList = (samples: AttentionSample[], empty: string, testId: string) => {
    if (isLoading) return <Skeleton className="h-24 w-full" />;
    if (samples.length === 0) return <p className="py-4 text-sm text-muted-foreground">{empty}</p>;
    return (
      <ul className="divide-y" data-testid={testId}>
        {samples.map((sample) => {
          const list = stageLists[sample.status as keyof typeof stageLists];
          const days = sample.statusChangedAt ? dayjs().diff(dayjs(sample.statusChangedAt), 'day') : null;
          const label = <span className="font-mono font-medium">{sample.idflNumber}</span>;
          return (
            <li key={sample.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
              <span className="flex items-center gap-2">
                {list && hasAnyPermission(held, list.permissions) ? (
                  <Link to={list.to} search={{ status: sample.status }} className="underline-offset-4 hover:underline">
                    {label}
                  </Link>
                ) : (
                  label
                )}
                {sample.rush && (
                  <Badge variant="warning">
                    <ZapIcon />
                    {t('dashboard:attention.rush')}
                  </Badge>
                )}
              </span>
              <span className="flex items-center gap-2 text-muted-foreground">
                <span>{t(`samples:status.${sample.status}`)}</span>
                {days !== null && (
                  <Badge variant={days >= waitingDays ? 'destructive' : 'outline'}>
                    {t('dashboard:attention.days', { count: days })}
                  </Badge>
                )}
              </span>
            </li>
          );
        })}
      </ul>
    );
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <AlertTriangleIcon className="size-5 text-amber-500" />
          {t('dashboard:attention.title')}
        </CardTitle>
        <CardDescription>{t('dashboard:attention.description', { count: waitingDays })}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="mb-1 font-medium">{t('dashboard:attention.longWaiting', { count: waitingDays })}</h3>
          {renderList(data?.samples.longWaiting ?? [], t('dashboard:attention.noneWaiting'), 'long-waiting')}
        </div>
        <div>
          <h3 className="mb-1 font-medium">{t('dashboard:attention.rushSamples')}</h3>
          {renderList(data?.samples.rushSamples ?? [], t('dashboard:attention.noneRush'), 'rush-samples')}
        </div>
      </CardContent>
    </Card>
  );
}
