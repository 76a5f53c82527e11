import { useQuery } from '@tanstack/react-query';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartBox } from '@/app/components/charts/chart-box';
import { BackButton } from '@/app/components/back-button';
import { CHART_COLORS } from '@/app/components/charts/lazy-chart';
import { LoadProblem, useLoadProblem } from '@/app/components/load-problem';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Skeleton } from '@/app/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { PageFrame } from '@/app/components/page/page-frame';
import { formatFixed } from '@/shared/measurement/quantities';
import { handleError } from '@/app/lib/api/handle-error';
import { toast } from '@/app/lib/toast';
import type { CalibrationSeries } from './calibration-chart-canvas';
import { runQueries, useAssignRow, type MeasurementRun, type RunAnalysis, type RunCalibration } from './run-queries';
import { RunQcCard } from './run-qc-card';
import { elementName, permil, scaleName } from './run-words';
import { Fact } from '@/app/components/fact';

const CalibrationChartCanvas = lazy(() => import('./calibration-chart-canvas'));

/** One measurement run: its calibration per element, the rows left to assign and each sample's values. */
export function RunDetailPage({ runId }: { runId: number }) {
  const { t, i18n } = useTranslation('runs');
  const run = useQuery(runQueries.detail(runId));
  const problem = useLoadProblem(run.error);
  const data = run.data;
  return (
    <PageFrame
      title={data ? t('detail.title', { file: data.fileName }) : t('detail.loading')}
      actions={<BackButton to="/thirdlab-runs" label={t('detail.back')} />}
    >
      {problem ? (
        <LoadProblem message={problem} />
      ) : !data ? (
        <Skeleton className="h-64 w-full" />
      ) : (
        <div className="grid gap-4">
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
            <Fact label={t('fields.package')} value={data.packageCode ?? t('noPackage')} />
            <Fact label={t('fields.measuredOn')} value={formatDisplayDate(data.measuredOn, i18n.language)} />
            <Fact label={t('fields.revision')} value={String(data.revision)} />
            <Fact label={t('fields.importedBy')} value={data.importedByName ?? '—'} />
          </dl>
          <RunQcCard qc={data.qc} />
          {data.unmatched.length > 0 && <UnmatchedRows run={data} />}
          {data.calibrations.map((calibration) => (
            <ElementCalibration key={calibration.element} calibration={calibration} />
          ))}
          <SampleValues run={data} />
        </div>
      )}
    </PageFrame>
  );
}

const fixed = (value: number | null | undefined, digits = 2) => formatFixed(value, digits);

/** The anchors' measured against assigned values with the fitted line, and the samples on it. */
function calibrationSeries(calibration: RunCalibration, t: (key: string) => string): CalibrationSeries[] {
  const anchors = calibration.anchors.flatMap((anchor) =>
    anchor.points.map((point) => ({ x: point.corrected, y: anchor.assigned })),
  );
  const samples = calibration.samples.filter((sample) => !sample.extrapolated);
  const extrapolated = calibration.samples.filter((sample) => sample.extrapolated);
  const measured = (list: typeof calibration.samples) =>
    list.flatMap((sample) => sample.points.map((point) => ({ x: point.corrected, y: point.normalised })));
  const xs = [...anchors, ...measured(calibration.samples)].map((point) => point.x);
  const line = xs.length
    ? [Math.min(...xs), Math.max(...xs)].map((x) => ({ x, y: calibration.slope * x + calibration.intercept }))
    : [];
  const series: CalibrationSeries[] = [
    { label: t('chart.fit'), points: line, color: CHART_COLORS[8]!, isLine: true },
    { label: t('chart.anchors'), points: anchors, color: CHART_COLORS[0]!, pointStyle: 'rect' },
    { label: t('chart.samples'), points: measured(samples), color: CHART_COLORS[1]! },
  ];
  if (extrapolated.length)
    series.push({
      label: t('chart.extrapolated'),
      points: measured(extrapolated),
      color: CHART_COLORS[2]!,
      pointStyle: 'triangle',
    });
  if (calibration.checks.length)
    series.push({
      label: t('chart.checks'),
      points: calibration.checks.flatMap((check) =>
        check.points.map((point) => ({ x: point.corrected, y: point.normalised })),
      ),
      color: CHART_COLORS[3]!,
      pointStyle: 'crossRot',
    });
  return series;
}

function ElementCalibration({ calibration }: { calibration: RunCalibration }) {
  const { t } = useTranslation('runs');
  const element = elementName(calibration.element, t);
  const scale = scaleName(calibration.scale);
  const drift = calibration.drift;
  return (
    <Card data-testid={`calibration-${calibration.element}`}>
      <CardHeader>
        <CardTitle>{t('calibration.title', { element, scale })}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ChartBox height={280}>
          <CalibrationChartCanvas
            series={calibrationSeries(calibration, t)}
            xTitle={t('chart.measured', { element })}
            yTitle={t('chart.assigned', { element, scale })}
            ariaLabel={t('chart.label', { element })}
          />
        </ChartBox>
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
          <Fact label={t('calibration.slope')} value={fixed(calibration.slope, 4)} />
          <Fact label={t('calibration.intercept')} value={permil(calibration.intercept)} />
          <Fact label={t('calibration.residualSd')} value={permil(calibration.residualSd)} />
          <Fact
            label={t('calibration.drift')}
            value={
              !drift
                ? t('calibration.driftNotTested')
                : t(drift.significant ? 'calibration.driftCorrected' : 'calibration.driftNone', {
                    slope: fixed(drift.slope, 4),
                    p: fixed(drift.pValue, 3),
                  })
            }
          />
        </dl>
        <Table aria-label={t('calibration.anchorsTable', { element })}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('columns.anchor')}</TableHead>
              <TableHead className="text-right">{t('columns.assigned')}</TableHead>
              <TableHead className="text-right">{t('columns.meanMeasured')}</TableHead>
              <TableHead className="text-right">{t('columns.residuals')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {calibration.anchors.map((anchor) => (
              <TableRow key={anchor.referenceMaterialId}>
                <TableCell className="font-medium">{anchor.name}</TableCell>
                <TableCell className="text-right tabular-nums">{permil(anchor.assigned)}</TableCell>
                <TableCell className="text-right tabular-nums">{permil(anchor.meanMeasured)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {anchor.points.map((point) => fixed(point.residual)).join(', ')}
                </TableCell>
              </TableRow>
            ))}
            {calibration.checks.map((check) => (
              <TableRow key={`check-${check.referenceMaterialId}`}>
                <TableCell>
                  {check.name} <Badge variant="outline">{t('check')}</Badge>
                </TableCell>
                <TableCell className="text-right tabular-nums">{permil(check.assigned)}</TableCell>
                <TableCell className="text-right tabular-nums">{permil(check.value)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {t('checkDifference', { difference: fixed(check.difference) })}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** Each sample's values, element by element, and whether they reached its result. */
function SampleValues({ run }: { run: MeasurementRun }) {
  const { t } = useTranslation('runs');
  const elements = run.calibrations.map((calibration) => calibration.element);
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('results.title')}</CardTitle>
      </CardHeader>
      <CardContent>
        {run.results.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('results.none')}</p>
        ) : (
          <Table aria-label={t('results.title')}>
            <TableHeader>
              <TableRow>
                <TableHead>{t('columns.idflNumber')}</TableHead>
                {elements.map((element) => (
                  <TableHead key={element} className="text-right">
                    {elementName(element, t)}
                  </TableHead>
                ))}
                <TableHead>{t('columns.result')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {run.results.map((result) => (
                <TableRow key={result.sampleEntryId}>
                  <TableCell className="font-mono font-medium">{result.idflNumber}</TableCell>
                  {elements.map((element) => {
                    const value = result.values[element];
                    return (
                      <TableCell key={element} className="text-right tabular-nums">
                        {value ? `${fixed(value.value)} ± ${fixed(value.uncertainty)} ‰` : '—'}
                        {value?.extrapolated && (
                          <Badge variant="warning" className="ml-1" title={t('extrapolatedHint')}>
                            {t('extrapolated')}
                          </Badge>
                        )}
                        {run.qc?.duplicates.some(
                          (flag) => flag.sampleEntryId === result.sampleEntryId && flag.element === element,
                        ) && (
                          <Badge variant="warning" className="ml-1">
                            {t('qc:run.duplicateFlag')}
                          </Badge>
                        )}
                      </TableCell>
                    );
                  })}
                  <TableCell>
                    {result.landed ? (
                      <Badge variant="secondary">{t('results.landed')}</Badge>
                    ) : (
                      <span className="text-sm text-muted-foreground">
                        {result.notLanded
                          ? t(`server:${result.notLanded}`, { defaultValue: t('results.notLanded') })
                          : '—'}
                      </span>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

/** Rows whose identifier named no sample and no reference material: assigned here by hand. */
function UnmatchedRows({ run }: { run: MeasurementRun }) {
  const { t } = useTranslation('runs');
  const samples = useQuery(runQueries.packageSamples(run.packageId));
  const assign = useAssignRow(run.id);
  const [chosen, setChosen] = useState<Record<number, string>>({});
  const save = async (row: RunAnalysis) => {
    const sampleEntryId = Number(chosen[row.analysis]);
    if (!sampleEntryId) return;
    try {
      await assign.mutateAsync({ analysis: row.analysis, sampleEntryId });
      toast.success(t('unmatched.assigned', { identifier: row.identifier }));
    } catch (error) {
      handleError(error);
    }
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('unmatched.title', { count: run.unmatched.length })}</CardTitle>
      </CardHeader>
      <CardContent>
        <Table aria-label={t('unmatched.title', { count: run.unmatched.length })}>
          <TableHeader>
            <TableRow>
              <TableHead>{t('columns.line')}</TableHead>
              <TableHead>{t('columns.identifier')}</TableHead>
              <TableHead>{t('columns.raw')}</TableHead>
              <TableHead>{t('columns.assignTo')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {run.unmatched.map((row) => (
              <TableRow key={row.analysis}>
                <TableCell className="tabular-nums">{row.line}</TableCell>
                <TableCell className="font-mono">{row.identifier}</TableCell>
                <TableCell className="text-xs tabular-nums">
                  {Object.entries(row.raw)
                    .map(([element, value]) => `${elementName(element, t)} ${fixed(value)}`)
                    .join(', ')}
                </TableCell>
                <TableCell>
                  <div className="flex items-center gap-2">
                    <select
                      aria-label={t('unmatched.chooseSample', { identifier: row.identifier })}
                      className="h-9 rounded-md border bg-background px-2 text-sm"
                      value={chosen[row.analysis] ?? ''}
                      onChange={(event) => setChosen({ ...chosen, [row.analysis]: event.target.value })}
                    >
                      <option value="">{t('unmatched.choose')}</option>
                      {(samples.data ?? []).map((sample) => (
                        <option key={sample.id} value={sample.id}>
                          {sample.idflNumber}
                        </option>
                      ))}
                    </select>
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!chosen[row.analysis] || assign.isPending}
                      onClick={() => void save(row)}
                    >
                      {t('unmatched.assign')}
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
