import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { ElementStatus, OriginAnalysis } from '@/shared/origin-model/analysis';
import { Spinner } from '@/app/components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { elementLabel } from '../sample-values';
import { formatFixed } from '@/shared/measurement/quantities';

const ElementZChart = lazy(() => import('./analysis-charts').then((m) => ({ default: m.ElementZChart })));

/** How many of the most probable regions the table compares (all of them would not fit a tablet). */
const regionsShown = 6;

const statusClass: Record<ElementStatus, string> = {
  within: 'bg-green-50 text-green-900',
  borderline: 'bg-amber-50 text-amber-900',
  outside: 'bg-red-50 text-red-900',
};

/** Element Status by Region: the sample's value against each region's range, as a table and a chart. */
export function ElementStatusView({ analysis }: { analysis: OriginAnalysis }) {
  const { t } = useTranslation('analysis');
  const regions = analysis.regionalProbability.slice(0, regionsShown).map((r) => r.region);
  const rows = analysis.elementStatus.map((row) => ({
    ...row,
    regions: regions.flatMap((region) => row.regions.filter((r) => r.region === region)),
  }));
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('elementStatus.none')}</p>;
  return (
    <div className="grid gap-4">
      <div className="overflow-x-auto">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead>{t('elementStatus.element')}</TableHead>
              <TableHead>{t('elementStatus.value')}</TableHead>
              {regions.map((region) => (
                <TableHead key={region}>{region}</TableHead>
              ))}
            </TableRow>
          </TableHeader>
          <TableBody>
            {rows.map((row) => (
              <TableRow key={row.element}>
                <TableCell className="font-medium">{elementLabel(row.element)}</TableCell>
                <TableCell className="font-mono">{formatFixed(row.value, 2)}</TableCell>
                {row.regions.map((r) => (
                  <TableCell key={r.region} className={statusClass[r.status]}>
                    <div className="text-xs font-medium">{t(`elementStatus.status.${r.status}`)}</div>
                    <div className="font-mono text-xs">
                      {formatFixed(r.low, 1)} … {formatFixed(r.high, 1)} (z {formatFixed(r.z, 1)})
                    </div>
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
      <p className="text-xs text-muted-foreground">{t('elementStatus.legend')}</p>
      <Suspense fallback={<Spinner />}>
        <ElementZChart rows={rows} label={t('elementStatus.chart')} />
      </Suspense>
    </div>
  );
}
