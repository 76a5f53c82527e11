import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { SlidersHorizontalIcon } from 'lucide-react';
import { lazy, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartBox } from '@/app/components/charts/chart-box';
import { LoadProblem, useLoadProblem } from '@/app/components/load-problem';
import { WRAPS } from '@/app/components/list-table';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Label } from '@/app/components/ui/label';
import { Skeleton } from '@/app/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { PageFrame } from '@/app/components/page/page-frame';
import type { ControlChartLine, ControlChartPoint } from './control-chart-canvas';
import type { ControlChartSearch } from './control-chart-search';
import { controlChartQueries, type ControlChart } from './qc-queries';
import { formatFixed } from '@/shared/measurement/quantities';
import { hasAnyPermission } from '@/shared/permissions';
import { usePermissions } from '@/app/lib/session/use-session';
import { useLimitsWords } from '@/app/lib/words/limits-words';
import { ControlLimitsDialog } from './control-limits-dialog';

const ControlChartCanvas = lazy(() => import('./control-chart-canvas'));

const SELECT = 'h-9 w-full rounded-md border bg-background px-2 text-sm';

const verdictBadge = {
  inControl: 'secondary',
  warning: 'warning',
  rejected: 'destructive',
  notJudged: 'outline',
} as const;

/** A check standard's Levey-Jennings chart: its results run by run against the mean and ±2s/±3s. */
export function ControlChartPage({ search }: { search: ControlChartSearch }) {
  const { t } = useTranslation('qc');
  const id = useId();
  const navigate = useNavigate();
  const list = useQuery(controlChartQueries.list());
  const problem = useLoadProblem(list.error);
  const chosen = search.material && search.element ? `${search.material}:${search.element}` : '';
  const choose = (value: string) => {
    const [material, element] = value.split(':');
    void navigate({
      to: '/control-charts',
      search: value ? { material: Number(material), element: element as ControlChart['element'] } : {},
    });
  };
  return (
    <PageFrame title={t('chart.title')}>
      <p className="mb-4 max-w-3xl text-sm text-muted-foreground">{t('chart.intro')}</p>
      {problem ? (
        <LoadProblem message={problem} />
      ) : !list.data ? (
        <Skeleton className="h-9 w-full max-w-sm" />
      ) : list.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('chart.none')}</p>
      ) : (
        <div className="grid gap-4">
          <div className="grid max-w-sm gap-2">
            <Label htmlFor={`${id}-chart`}>{t('chart.pick')}</Label>
            <select
              id={`${id}-chart`}
              className={SELECT}
              value={chosen}
              onChange={(event) => choose(event.target.value)}
            >
              <option value="">{t('chart.pickNone')}</option>
              {list.data.map((c) => (
                <option key={`${c.referenceMaterialId}:${c.element}`} value={`${c.referenceMaterialId}:${c.element}`}>
                  {t('chart.option', {
                    name: c.name,
                    element: t(`runs:elements.${c.element}`),
                    count: c.results,
                  })}
                </option>
              ))}
            </select>
          </div>
          {search.material && search.element && (
            <ChartView referenceMaterialId={search.material} element={search.element} />
          )}
        </div>
      )}
    </PageFrame>
  );
}

function ChartView({
  referenceMaterialId,
  element,
}: {
  referenceMaterialId: number;
  element: ControlChart['element'];
}) {
  const { t, i18n } = useTranslation('qc');
  const chart = useQuery(controlChartQueries.chart(referenceMaterialId, element));
  const limitsWords = useLimitsWords();
  const canSetTargets = hasAnyPermission(usePermissions(), ['CanSetQcControlLimits']);
  const [settingTargets, setSettingTargets] = useState(false);
  const problem = useLoadProblem(chart.error);
  if (problem) return <LoadProblem message={problem} />;
  const data = chart.data;
  if (!data) return <Skeleton className="h-80 w-full" />;
  const elementWord = t(`runs:elements.${element}`);
  const lastRun = data.points.at(-1)?.measurementRunId;
  const runLabel = (p: ControlChart['points'][number]) =>
    t('runLink', { run: p.measurementRunId, file: p.runFileName });
  const points: ControlChartPoint[] = data.points.map((p, i) => ({
    x: i + 1,
    y: p.value,
    label: `${runLabel(p)} · ${formatDisplayDate(p.runMeasuredOn, i18n.language)}`,
    excluded: p.excluded,
    latest: p.measurementRunId === lastRun,
  }));
  const lines: ControlChartLine[] = data.lines
    ? [
        { label: t('chart.mean'), y: data.lines.mean, color: '#16a34a' },
        { label: t('chart.plus2s'), y: data.lines.plus2s, color: '#d97706', dashed: true },
        { label: t('chart.minus2s'), y: data.lines.minus2s, color: '#d97706', dashed: true },
        { label: t('chart.plus3s'), y: data.lines.plus3s, color: '#dc2626' },
        { label: t('chart.minus3s'), y: data.lines.minus3s, color: '#dc2626' },
      ]
    : [];
  return (
    <div className="grid gap-4" data-testid="control-chart">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm">{limitsWords(data.limits, data.baselineResults)}</p>
        {canSetTargets && (
          <Button variant="outline" onClick={() => setSettingTargets(true)}>
            <SlidersHorizontalIcon />
            {t('targets.open')}
          </Button>
        )}
      </div>
      {canSetTargets && (
        <ControlLimitsDialog
          key={`${data.referenceMaterialId}:${data.element}`}
          chart={data}
          open={settingTargets}
          onOpenChange={setSettingTargets}
        />
      )}
      <ChartBox height={320}>
        <ControlChartCanvas
          points={points}
          lines={lines}
          pointsLabel={t('chart.results', { name: data.name })}
          xTitle={t('chart.xTitle')}
          yTitle={t('chart.yTitle', { element: elementWord })}
          ariaLabel={t('chart.label', { name: data.name, element: elementWord })}
        />
      </ChartBox>
      <p className="text-xs text-muted-foreground">{t('chart.legend')}</p>
      <Table aria-label={t('chart.tableLabel', { name: data.name, element: elementWord })}>
        <TableHeader>
          <TableRow>
            <TableHead>{t('chart.columns.number')}</TableHead>
            <TableHead>{t('chart.columns.run')}</TableHead>
            <TableHead>{t('chart.columns.date')}</TableHead>
            <TableHead className="text-right">{t('chart.columns.value')}</TableHead>
            <TableHead className="text-right">{t('chart.columns.z')}</TableHead>
            <TableHead>{t('chart.columns.verdict')}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {data.points.map((p, i) => (
            <TableRow key={`${p.measurementRunId}-${p.position}-${i}`} data-testid="control-chart-point">
              <TableCell>{i + 1}</TableCell>
              <TableCell className={WRAPS}>
                <Link
                  to="/thirdlab-runs/$runId"
                  params={{ runId: String(p.measurementRunId) }}
                  className="text-primary underline-offset-2 hover:underline"
                >
                  {runLabel(p)}
                </Link>
                {p.measurementRunId === lastRun && (
                  <span className="ml-2 text-xs whitespace-nowrap text-muted-foreground">{t('chart.latest')}</span>
                )}
              </TableCell>
              <TableCell>{formatDisplayDate(p.runMeasuredOn, i18n.language)}</TableCell>
              <TableCell className="text-right tabular-nums">{formatFixed(p.value, 3)} ‰</TableCell>
              <TableCell className="text-right tabular-nums">{p.z === null ? '—' : formatFixed(p.z, 1)}</TableCell>
              <TableCell className={WRAPS}>
                <Badge variant={verdictBadge[p.verdict]}>{t(`verdict.${p.verdict}`)}</Badge>
                {p.excluded && <div className="mt-1 text-xs text-muted-foreground">{t('chart.excluded')}</div>}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  );
}
