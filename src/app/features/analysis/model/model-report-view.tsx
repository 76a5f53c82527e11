import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/app/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { analysisThresholds } from '@/shared/origin-model/verdicts';
import { analysisQueries, type ModelReport } from '../analysis-queries';
import { LotVerdictErrors } from './lot-verdict-errors';
import { RegionCountries } from './region-countries';
import { percent } from '../sample-values';
import { VerdictErrorTable } from './verdict-error-table';

const CalibrationChart = lazy(() => import('../result/analysis-charts').then((m) => ({ default: m.CalibrationChart })));

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="grid gap-0.5 rounded-md border p-3">
      <span className="text-xs text-muted-foreground">{label}</span>
      <span className="text-2xl font-semibold">{value}</span>
      {hint && <span className="text-xs text-muted-foreground">{hint}</span>}
    </div>
  );
}

/** The confusion matrix as a heat map: each true region's row shaded by the share predicted in each column. */
function ConfusionHeatMap({ regions, confusion }: { regions: string[]; confusion: number[][] }) {
  const { t } = useTranslation('analysis');
  return (
    <div className="overflow-x-auto">
      <table className="border-collapse text-xs" aria-label={t('report.confusion')}>
        <thead>
          <tr>
            <th className="p-1 text-start">{t('report.trueRegion')}</th>
            {regions.map((r) => (
              <th key={r} className="h-24 p-1 align-bottom">
                <span className="inline-block origin-bottom-left translate-x-3 -rotate-60 whitespace-nowrap">{r}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {regions.map((truth, i) => {
            const row = confusion[i] ?? [];
            const total = row.reduce((a, b) => a + b, 0) || 1;
            return (
              <tr key={truth}>
                <th className="p-1 text-start font-normal whitespace-nowrap">{truth}</th>
                {row.map((n, j) => {
                  const share = n / total;
                  return (
                    <td
                      key={j}
                      className="size-7 border border-white text-center"
                      style={{
                        background: i === j ? `hsl(142 60% ${95 - share * 60}%)` : `hsl(0 75% ${97 - share * 55}%)`,
                      }}
                      title={t('report.cell', { truth, predicted: regions[j], n })}
                    >
                      {n > 0 ? n : ''}
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

function ReportBody({ report, canEditCountries }: { report: ModelReport; canEditCountries: boolean }) {
  const { t } = useTranslation('analysis');
  const v = report.validation;
  return (
    <div className="grid gap-4" data-testid="model-report">
      <p className="text-sm text-muted-foreground">
        {t('report.about', {
          samples: v.sampleCount,
          regions: v.regions.length,
          method: v.method === 'leave-one-out' ? t('report.leaveOneOut') : t('report.kFold', { folds: v.folds }),
          version: report.referenceVersion,
        })}
      </p>
      <div className="grid gap-2 sm:grid-cols-3">
        <Figure label={t('report.accuracy')} value={percent(v.accuracy)} />
        <Figure label={t('report.logLoss')} value={v.logLoss.toFixed(3)} hint={t('report.logLossHint')} />
        <Figure
          label={t('report.calibrationError')}
          value={percent(v.expectedCalibrationError)}
          hint={t('report.calibrationHint')}
        />
      </div>
      <RegionCountries report={report} canEdit={canEditCountries} />
      {report.baselines.length > 0 && (
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('report.method')}</TableHead>
              <TableHead>{t('report.accuracy')}</TableHead>
              <TableHead>{t('report.logLoss')}</TableHead>
              <TableHead>{t('report.calibrationError')}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            <TableRow>
              <TableCell className="font-medium">{t('report.thisModel')}</TableCell>
              <TableCell>{percent(v.accuracy)}</TableCell>
              <TableCell>{v.logLoss.toFixed(3)}</TableCell>
              <TableCell>{percent(v.expectedCalibrationError)}</TableCell>
            </TableRow>
            {report.baselines.map((b) => (
              <TableRow key={b.name}>
                <TableCell>{t(`report.baseline.${b.name}`)}</TableCell>
                <TableCell>{percent(b.accuracy)}</TableCell>
                <TableCell>{b.logLoss.toFixed(3)}</TableCell>
                <TableCell>{percent(b.expectedCalibrationError)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <div className="grid gap-4 lg:grid-cols-2">
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium">{t('report.calibration')}</h3>
          <Suspense fallback={<Spinner />}>
            <CalibrationChart
              bins={v.calibration}
              labels={{
                accuracy: t('report.accuracy'),
                perfect: t('report.perfect'),
                confidence: t('report.confidence'),
              }}
            />
          </Suspense>
        </div>
        <div className="grid content-start gap-2">
          <h3 className="text-sm font-medium">{t('report.perRegion')}</h3>
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>{t('report.region')}</TableHead>
                <TableHead>{t('report.count')}</TableHead>
                <TableHead>{t('report.sensitivity')}</TableHead>
                <TableHead>{t('report.precision')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {v.perRegion.map((r) => (
                <TableRow key={r.region}>
                  <TableCell>{r.region}</TableCell>
                  <TableCell>{r.count}</TableCell>
                  <TableCell>{percent(r.sensitivity)}</TableCell>
                  <TableCell>{percent(r.precision)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </div>
      <VerdictErrors errors={report.verdictErrors} />
      <LotVerdictErrors lots={report.verdictErrors.lots} />
      <p className="text-xs text-muted-foreground">
        {report.ensemble
          ? t('report.ensemble', {
              trees: report.ensemble.treeCount,
              weight: percent(report.ensemble.treeWeight),
              size: Math.round(report.modelBytes / 1024),
            })
          : t('report.densitiesAlone', { size: Math.round(report.modelBytes / 1024) })}
      </p>
      <div className="grid gap-2">
        <h3 className="text-sm font-medium">{t('report.confusion')}</h3>
        <ConfusionHeatMap regions={v.regions} confusion={v.confusion} />
      </div>
      {report.excludedRegions.length > 0 && (
        <p className="text-xs text-muted-foreground">
          {t('report.excluded', {
            regions: report.excludedRegions.map((r) => `${r.region} (${r.count})`).join(', '),
          })}
        </p>
      )}
    </div>
  );
}

/** How often each verdict is wrong, by claimed region, and how far the likelihood ratios can be quoted. */
function VerdictErrors({ errors }: { errors: ModelReport['verdictErrors'] }) {
  const { t } = useTranslation('analysis');
  const rows = [
    ...errors.claims.map((c) => ({ key: c.region, label: c.region, ...c })),
    { key: '', label: t('report.verdictErrors.allClaims'), ...errors.pooled },
  ];
  return (
    <div className="grid gap-2" data-testid="verdict-errors">
      <h3 className="text-sm font-medium">{t('report.verdictErrors.title')}</h3>
      <p className="text-xs text-muted-foreground">{t('report.verdictErrors.about')}</p>
      <VerdictErrorTable rows={rows} of="samples" />
      <p className="text-xs text-muted-foreground" data-testid="own-region-atypical">
        {t('report.verdictErrors.ownRegionAtypical', {
          atypical: errors.ownRegionAtypical.atypical,
          records: errors.ownRegionAtypical.records,
          share: percent(errors.ownRegionAtypical.share),
          threshold: analysisThresholds.atypicalPValue,
        })}
      </p>
      <p className="text-xs text-muted-foreground">
        {errors.xinjiang
          ? t('report.verdictErrors.xinjiang', {
              falseConsistent: percent(errors.xinjiang.falseConsistentRate),
              falseInconsistent: percent(errors.xinjiang.falseInconsistentRate),
              inconclusive: percent(errors.xinjiang.inconclusiveTrueShare),
            })
          : t('report.verdictErrors.noXinjiang')}
      </p>
      <p className="text-xs text-muted-foreground">{t('report.verdictErrors.cllrHint')}</p>
    </div>
  );
}

/** How far to trust a material's model: its cross-validated figures against simpler methods. */
export function ModelReportView({
  material,
  canEditCountries = false,
}: {
  material: string;
  canEditCountries?: boolean;
}) {
  const { t } = useTranslation('analysis');
  const report = useQuery(analysisQueries.report(material));
  if (report.isLoading)
    return (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner />
        {t('report.computing')}
      </p>
    );
  if (!report.data) return <p className="text-sm text-destructive">{t('report.unavailable')}</p>;
  return <ReportBody report={report.data} canEditCountries={canEditCountries} />;
}
