import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { RefreshCwIcon } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadProblem, useLoadProblem } from '@/app/components/load-problem';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Skeleton } from '@/app/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/app/components/ui/table';
import { onDemand, popupButtonProps } from '@/app/lib/on-demand';
import { usePermissions } from '@/app/lib/session/use-session';
import { hasAnyPermission } from '@/shared/permissions';
import { referenceMaterialQueries, type ValueImpact } from './reference-material-queries';

type ImpactRun = ValueImpact['runs'][number];

// The confirmation (and the recompute) comes when the user reaches for a Recompute button.
const useRecomputeDialog = onDemand(() => import('./recompute-dialog').then((chunk) => chunk.RecomputeDialog));

/** Who may open a run's screen and a sample's (the servers' readers of each). */
const RUN_READERS = ['CanViewMeasurementRun', 'CanImportMeasurementRun', 'CanRecomputeMeasurementRun'] as const;
const SAMPLE_READERS = ['CanViewDetailSampleEntrySupervisor'] as const;

/**
 * What was computed on a value of this material no longer in force: the runs (each recomputed on
 * today's values by who may), the samples they gave values to and the certificates issued for them.
 */
export function ImpactCard({ materialId }: { materialId: number }) {
  const { t } = useTranslation('reference-materials');
  const impact = useQuery(referenceMaterialQueries.impact(materialId));
  const problem = useLoadProblem(impact.error);
  const data = impact.data;
  const isEmpty = data && data.runs.length === 0 && data.samples.length === 0 && data.certificates.length === 0;
  return (
    <Card data-testid="impact">
      <CardHeader>
        <CardTitle>{t('impact.title')}</CardTitle>
        <CardDescription>{t('impact.intro')}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {problem ? (
          <LoadProblem message={problem} />
        ) : !data ? (
          <Skeleton className="h-24 w-full" />
        ) : isEmpty ? (
          <p className="text-sm text-muted-foreground">{t('impact.none')}</p>
        ) : (
          <ImpactTables impact={data} />
        )}
      </CardContent>
    </Card>
  );
}

function ImpactTables({ impact }: { impact: ValueImpact }) {
  const { t, i18n } = useTranslation('reference-materials');
  const held = usePermissions();
  const mayOpenRuns = hasAnyPermission(held, RUN_READERS);
  const mayOpenSamples = hasAnyPermission(held, SAMPLE_READERS);
  const mayRecompute = held.includes('CanRecomputeMeasurementRun');
  const [confirming, setConfirming] = useState<ImpactRun | null>(null);
  const { Component: RecomputeDialog, prefetch, open: fetchDialog } = useRecomputeDialog();
  const runFile = new Map(impact.runs.map((run) => [run.id, run.fileName]));
  const idflNumber = new Map(impact.samples.map((sample) => [sample.sampleEntryId, sample.idflNumber]));
  const sampleLink = (sampleEntryId: number, words: ReactNode) =>
    mayOpenSamples ? (
      <Link
        to="/supervisor-samples/$id"
        params={{ id: String(sampleEntryId) }}
        className="text-primary hover:underline"
      >
        {words}
      </Link>
    ) : (
      words
    );

  return (
    <>
      <section className="grid gap-2" aria-labelledby="impact-runs">
        <h3 id="impact-runs" className="text-sm font-semibold">
          {t('impact.runs')}
        </h3>
        <Table aria-labelledby="impact-runs">
          <TableHeader>
            <TableRow>
              <TableHead>{t('impact.runFile')}</TableHead>
              <TableHead>{t('impact.measuredOn')}</TableHead>
              <TableHead className="text-right">{t('impact.revision')}</TableHead>
              <TableHead>{t('impact.usedAs')}</TableHead>
              {mayRecompute && <TableHead className="text-right">{t('common:actions')}</TableHead>}
            </TableRow>
          </TableHeader>
          <TableBody>
            {impact.runs.map((run) => (
              <TableRow key={run.id} data-testid={`impact-run-${run.id}`}>
                <TableCell className="min-w-32 font-medium break-all whitespace-normal">
                  {mayOpenRuns ? (
                    <Link
                      to="/thirdlab-runs/$runId"
                      params={{ runId: String(run.id) }}
                      className="text-primary hover:underline"
                    >
                      {run.fileName}
                    </Link>
                  ) : (
                    run.fileName
                  )}
                </TableCell>
                <TableCell className="whitespace-nowrap">{formatDisplayDate(run.measuredOn, i18n.language)}</TableCell>
                <TableCell className="text-right tabular-nums">{run.revision}</TableCell>
                <TableCell>{run.asAnchor ? t('impact.asAnchor') : t('impact.asCheck')}</TableCell>
                {mayRecompute && (
                  <TableCell className="text-right">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t('impact.recomputeRun', { file: run.fileName })}
                      {...popupButtonProps('dialog', {
                        prefetch,
                        open: () => {
                          setConfirming(run);
                          fetchDialog();
                        },
                      })}
                      aria-expanded={confirming?.id === run.id}
                      data-state={confirming?.id === run.id ? 'open' : 'closed'}
                    >
                      <RefreshCwIcon aria-hidden="true" />
                      {t('impact.recompute')}
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </section>
      {impact.samples.length > 0 && (
        <section className="grid gap-2" aria-labelledby="impact-samples">
          <h3 id="impact-samples" className="text-sm font-semibold">
            {t('impact.samples')}
          </h3>
          <Table aria-labelledby="impact-samples">
            <TableHeader>
              <TableRow>
                <TableHead>{t('impact.idflNumber')}</TableHead>
                <TableHead>{t('impact.runFile')}</TableHead>
                <TableHead>{t('impact.sampleStatus')}</TableHead>
                <TableHead>{t('impact.values')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {impact.samples.map((sample) => (
                <TableRow key={`${sample.measurementRunId}-${sample.sampleEntryId}`}>
                  <TableCell className="font-mono whitespace-nowrap">
                    {sampleLink(sample.sampleEntryId, sample.idflNumber)}
                  </TableCell>
                  <TableCell className="min-w-32 break-all whitespace-normal">
                    {runFile.get(sample.measurementRunId) ?? '—'}
                  </TableCell>
                  <TableCell>{t(`samples:status.${sample.status}`)}</TableCell>
                  <TableCell className="whitespace-normal">
                    {sample.landed ? t('impact.landed') : t('impact.waiting')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      )}
      {impact.certificates.length > 0 && (
        <section className="grid gap-2" aria-labelledby="impact-certificates">
          <h3 id="impact-certificates" className="text-sm font-semibold">
            {t('impact.certificates')}
          </h3>
          <Table aria-labelledby="impact-certificates">
            <TableHeader>
              <TableRow>
                <TableHead>{t('impact.certificate')}</TableHead>
                <TableHead>{t('impact.issuedOn')}</TableHead>
                <TableHead>{t('impact.certificateState')}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {impact.certificates.map((certificate) => (
                <TableRow key={certificate.id}>
                  <TableCell className="whitespace-nowrap">
                    {sampleLink(
                      certificate.sampleEntryId,
                      t('impact.certificateOf', {
                        idflNumber: idflNumber.get(certificate.sampleEntryId) ?? '—',
                        version: certificate.version,
                      }),
                    )}
                  </TableCell>
                  <TableCell className="whitespace-nowrap">
                    {formatDisplayDate(certificate.issuedAt, i18n.language)}
                  </TableCell>
                  <TableCell>
                    <Badge variant={certificate.status === 'Valid' ? 'default' : 'outline'}>
                      {t(`certificates:status.${certificate.status}`)}
                    </Badge>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </section>
      )}
      {mayRecompute && RecomputeDialog && (
        <RecomputeDialog run={confirming} onOpenChange={(open) => !open && setConfirming(null)} />
      )}
    </>
  );
}
