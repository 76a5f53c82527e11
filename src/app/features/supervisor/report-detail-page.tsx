import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeftIcon, PrinterIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '@/shared/role-labels';
import { Button } from '@/app/components/ui/button';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Spinner } from '@/app/components/ui/spinner';
import { CustodyTimeline } from '@/app/bench/detail/custody-timeline';
import { SampleStatusBadge } from '@/app/bench/sample-status-badge';
import { Fact } from '@/app/components/fact';
import { ConclusionSummary } from './sample-facts';
import { supervisorQueries } from './supervisor-queries';
import { useDocumentTitle } from '@/app/lib/use-document-title';
import { DetailStatus } from '@/app/components/load-problem';
import { formatIsotope } from '@/app/lib/words/numbers';
import { formatMoment } from '@/app/components/ui/display-date';

/**
 * Supervisor report detail (/supervisor-samples/report-detail/{id}): the sample's results,
 * conclusion and chain of custody on one page, laid out to print (the buttons do not print).
 */
export function ReportDetailPage({ id }: { id: number }) {
  const { t, i18n } = useTranslation('supervisor');
  const detail = useQuery(supervisorQueries.detail(id));
  useDocumentTitle(detail.data ? t('report.heading', { idflNumber: detail.data.idflNumber }) : undefined);
  const date = (value: string | null | undefined) => formatDisplayDate(value, i18n.language) || '—';

  if (detail.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner className="size-6" />
      </div>
    );
  }
  const sample = detail.data;
  if (!sample) {
    return (
      <p className="text-sm text-muted-foreground">
        <DetailStatus isLoading={false} error={detail.error} notFound={t('detail.notFound')} />
      </p>
    );
  }
  const entries = [...sample.thirdLabEntries].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  // δ15N and δ34S are measured for some materials only: their columns when an entry has them.
  const hasNitrogen = entries.some((entry) => entry.nitrogen != null);
  const hasSulfur = entries.some((entry) => entry.sulfur != null);

  return (
    <article
      className="mx-auto grid w-full max-w-4xl gap-6 bg-background print:max-w-none"
      aria-label={t('report.title')}
    >
      <div className="flex flex-wrap justify-between gap-2 print:hidden">
        <Button variant="outline" asChild>
          <Link to="/supervisor-samples/$id" params={{ id: String(sample.id) }}>
            <ArrowLeftIcon />
            {t('report.back')}
          </Link>
        </Button>
        <Button onClick={() => window.print()}>
          <PrinterIcon />
          {t('report.print')}
        </Button>
      </div>

      <header className="grid gap-1 border-b pb-4">
        <p className="text-sm text-muted-foreground">{t('common:productName')}</p>
        <h1 className="text-2xl font-semibold">{t('report.heading', { idflNumber: sample.idflNumber })}</h1>
        <div className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <SampleStatusBadge status={sample.status} certificateRevoked={sample.certificateRevoked} />
          <span>{t('report.printedAt', { date: formatMoment(new Date().toISOString(), i18n.language) })}</span>
        </div>
      </header>

      <section className="grid gap-2">
        <h2 className="text-lg font-medium">{t('detail.general')}</h2>
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
          <Fact label={t('detail.booking')} value={sample.booking?.bookingNumber} />
          <Fact label={t('detail.client')} value={sample.booking?.applicantCompany} />
          <Fact label={t('columns.sampleType')} value={sample.sampleType} />
          <Fact label={t('detail.sampleCode')} value={sample.sampleCode} />
          <Fact label={t('columns.source')} value={sample.source} />
          <Fact label={t('detail.country')} value={sample.countryCode} />
          <Fact label={t('detail.receivedDate')} value={date(sample.receivedDate)} />
          <Fact label={t('columns.sentToThirdLab')} value={date(sample.sentDate)} />
          <Fact label={t('detail.confirmedAt')} value={date(sample.finalResultConfirmedAt)} />
        </dl>
      </section>

      <section className="grid gap-2">
        <h2 className="text-lg font-medium">{t('results.title')}</h2>
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('results.none')}</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b text-left text-muted-foreground">
                <th className="py-1 font-medium">{t('results.lab')}</th>
                <th className="py-1 font-medium">{t('results.carbon')}</th>
                <th className="py-1 font-medium">{t('results.hydrogen')}</th>
                <th className="py-1 font-medium">{t('results.oxygen')}</th>
                {hasNitrogen && <th className="py-1 font-medium">{t('results.nitrogen')}</th>}
                {hasSulfur && <th className="py-1 font-medium">{t('results.sulfur')}</th>}
                <th className="py-1 font-medium">{t('results.returnedDate')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((entry) => (
                <tr key={entry.id} className="border-b">
                  <td className="py-1">{roleLabel(entry.labName, t)}</td>
                  <td className="py-1 tabular-nums">{formatIsotope(entry.carbon, entry.carbonUncertainty)}</td>
                  <td className="py-1 tabular-nums">{formatIsotope(entry.hydrogen, entry.hydrogenUncertainty)}</td>
                  <td className="py-1 tabular-nums">{formatIsotope(entry.oxygen, entry.oxygenUncertainty)}</td>
                  {hasNitrogen && (
                    <td className="py-1 tabular-nums">{formatIsotope(entry.nitrogen, entry.nitrogenUncertainty)}</td>
                  )}
                  {hasSulfur && (
                    <td className="py-1 tabular-nums">{formatIsotope(entry.sulfur, entry.sulfurUncertainty)}</td>
                  )}
                  <td className="py-1">{date(entry.resultReturnedDate)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {entries[0]?.notes && <p className="text-sm whitespace-pre-wrap">{entries[0].notes}</p>}
      </section>

      <section className="grid gap-2">
        <h2 className="text-lg font-medium">{t('conclusion.title')}</h2>
        <ConclusionSummary sample={sample} />
      </section>

      <section className="break-inside-avoid-page">
        <CustodyTimeline sampleId={sample.id} idflNumber={sample.idflNumber} events={sample.timeline} />
      </section>
    </article>
  );
}
