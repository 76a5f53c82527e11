import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { AwardIcon, CheckCircle2Icon, DatabaseIcon, ExternalLinkIcon, PrinterIcon, Undo2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '@/shared/role-labels';
import { toast } from '@/app/lib/toast';
import { mayEdit } from '@/shared/workflow/sample-workflow';
import { BackButton } from '@/app/components/back-button';
import { ConfirmDialog } from '@/app/components/confirm-dialog';
import { useStoredFileUrl } from '@/app/lib/api/stored-files';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/app/components/ui/card';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Spinner } from '@/app/components/ui/spinner';
import { translateError } from '@/app/lib/words/i18n';
import { usePermissions } from '@/app/lib/session/use-session';
import { PageFrame } from '@/app/components/page/page-frame';
import { CustodyTimeline } from '@/app/bench/detail/custody-timeline';
import { ReviewSample } from '@/app/bench/detail/review-sample';
import { SampleStatusBadge } from '@/app/bench/sample-status-badge';
import { ReceiptConditionBadge } from '@/app/bench/receipt-condition-badge';
import { SampleOriginCard } from '@/app/bench/detail/sample-origin-card';
import { noticeNoChanges } from '@/app/bench/actions/announce';
import { ConclusionForm } from './conclusion-form';
import { Fact } from '@/app/components/fact';
import { ConclusionSummary } from './sample-facts';
import {
  supervisorQueries,
  useConfirmFinalResult,
  useIssueCertificate,
  useSaveConclusion,
  useUndoReturnResult,
  type SavedOriginAnalysis,
  type SupervisorSampleDetail,
  type ThirdLabEntry,
} from './supervisor-queries';
import { TransferIdflDialog } from './transfer-idfl-dialog';
import { ConfirmBlockers, OriginVerdictCard } from './origin-verdict';
import type { ReactNode } from 'react';
import { finalResultProblems } from '@/shared/certificate-readiness';
import { DetailStatus } from '@/app/components/load-problem';
import { formatIsotope } from '@/app/lib/words/numbers';

type Decision = 'confirm' | 'undo' | 'certificate';

/** Supervisor sample detail (/supervisor-samples/{id}): results, conclusion, sign-off and custody. */
/** The sample's certificates, composed in by the route (a feature of its own). */
type CertificatesSlot = (sample: Pick<SupervisorSampleDetail, 'id' | 'status'>) => ReactNode;

export function SupervisorSamplePage({ id, certificates }: { id: number; certificates?: CertificatesSlot }) {
  const { t } = useTranslation('supervisor');
  const detail = useQuery(supervisorQueries.detail(id));
  // The saved analysis decides what the page says above the results (why Confirm is not offered yet):
  // drawing the page before it arrived moved every card below down under a reader's tap.
  const savedAnalysis = useQuery(supervisorQueries.savedAnalysis(id));

  if (detail.isPending || savedAnalysis.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner className="size-6" />
      </div>
    );
  }
  if (!detail.data) {
    return (
      <PageFrame title={t('detail.title')}>
        <p className="text-sm text-muted-foreground">
          <DetailStatus isLoading={false} error={detail.error} notFound={t('detail.notFound')} />
        </p>
      </PageFrame>
    );
  }
  return <SampleDetail sample={detail.data} savedAnalysis={savedAnalysis} certificates={certificates} />;
}

function SampleDetail({
  sample,
  savedAnalysis,
  certificates,
}: {
  sample: SupervisorSampleDetail;
  savedAnalysis: UseQueryResult<SavedOriginAnalysis | null>;
  certificates?: CertificatesSlot;
}) {
  const { t } = useTranslation('supervisor');
  const held = usePermissions();
  const saveConclusion = useSaveConclusion(sample.id);
  const confirmFinal = useConfirmFinalResult(sample.id);
  const undoReturn = useUndoReturnResult(sample.id);
  const issueCertificate = useIssueCertificate(sample.id);
  // The server's own rule: Confirm is offered once it would be accepted, and the screen says why not yet.
  const confirmProblems = savedAnalysis.isSuccess ? finalResultProblems(sample, savedAnalysis.data) : {};
  const mayConfirm = savedAnalysis.isSuccess && Object.keys(confirmProblems).length === 0;
  const [decision, setDecision] = useState<Decision | null>(null);
  const [isTransferOpen, setTransferOpen] = useState(false);
  // The server's refusal stays on screen beside the buttons (e.g. the four-eyes rule), not only in a toast.
  const [refusal, setRefusal] = useState<string | null>(null);
  const actions = sample.availableActions;
  const canConclude = mayEdit('supervisorConclusion', sample.status, held);
  const canTransfer = mayEdit('transferIdflData', sample.status, held);
  const entries = [...sample.thirdLabEntries].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

  const decide = async () => {
    const chosen = decision;
    setRefusal(null);
    const run = { confirm: confirmFinal, undo: undoReturn, certificate: issueCertificate }[chosen ?? 'confirm'];
    try {
      await run.mutateAsync(undefined);
      toast.success(t('common:success'), {
        description: t(`decisions.${chosen}.done`, { idflNumber: sample.idflNumber }),
      });
    } catch (error) {
      setRefusal(error instanceof Error && error.message ? translateError(error) : t('decisions.failed'));
    }
  };

  return (
    <PageFrame
      title={t('detail.titleOf', { idflNumber: sample.idflNumber })}
      actions={
        <>
          <BackButton to="/supervisor-samples" label={t('detail.back')} variant="outline" />
          <Button variant="outline" asChild>
            <Link to="/supervisor-samples/report-detail/$id" params={{ id: String(sample.id) }}>
              <PrinterIcon />
              {t('detail.report')}
            </Link>
          </Button>
        </>
      }
    >
      <div className="flex flex-wrap items-center gap-2">
        <SampleStatusBadge status={sample.status} certificateRevoked={sample.certificateRevoked} />
        <ReceiptConditionBadge sample={sample} />
        {actions.includes('confirmFinalResult') && (
          <Button
            onClick={() => setDecision('confirm')}
            disabled={!mayConfirm}
            aria-describedby={mayConfirm ? undefined : `confirm-blockers-${sample.id}`}
          >
            <CheckCircle2Icon />
            {t('decisions.confirm.action')}
          </Button>
        )}
        {actions.includes('undoReturnResult') && (
          <Button variant="outline" onClick={() => setDecision('undo')}>
            <Undo2Icon />
            {t('decisions.undo.action')}
          </Button>
        )}
        {actions.includes('issueCertificate') && (
          <Button variant="outline" onClick={() => setDecision('certificate')}>
            <AwardIcon />
            {t('decisions.certificate.action')}
          </Button>
        )}
        {canTransfer && (
          <Button variant="outline" onClick={() => setTransferOpen(true)}>
            <DatabaseIcon />
            {t('transfer.action')}
          </Button>
        )}
      </div>
      {actions.includes('confirmFinalResult') && (
        <ConfirmBlockers id={`confirm-blockers-${sample.id}`} problems={confirmProblems} />
      )}
      {refusal && (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {refusal}
        </p>
      )}

      <Card>
        <CardHeader>
          <CardTitle>{t('results.title')}</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-4">
          {entries.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('results.none')}</p>
          ) : (
            entries.map((entry) => <ThirdLabResult key={entry.id} entry={entry} />)
          )}
        </CardContent>
      </Card>

      <SampleOriginCard sample={sample} />
      <OriginVerdictCard sample={sample} saved={savedAnalysis.data} />

      <Card>
        <CardHeader>
          <CardTitle>{t('conclusion.title')}</CardTitle>
        </CardHeader>
        <CardContent>
          {canConclude ? (
            <ConclusionForm
              key={sample.version}
              defaults={sample}
              isSaving={saveConclusion.isPending}
              onSubmit={async (conclusion) => {
                try {
                  const answer = await saveConclusion.mutateAsync({ ...conclusion, version: sample.version });
                  // The server wrote nothing when the conclusion was saved as it stood: say so, not "saved".
                  if (answer.unchanged) {
                    noticeNoChanges(
                      t('samples:noChanges'),
                      t('samples:noChangesDescription', { idflNumber: sample.idflNumber }),
                    );
                    return;
                  }
                  toast.success(t('common:success'), {
                    description: t('conclusion.saved', { idflNumber: sample.idflNumber }),
                  });
                } catch {
                  // The central handler has shown the server's message.
                }
              }}
            />
          ) : (
            <ConclusionSummary sample={sample} />
          )}
        </CardContent>
      </Card>

      {certificates && (sample.status === 'ResultConfirmed' || sample.status === 'Completed') && (
        <Card>
          <CardContent className="pt-6">{certificates(sample)}</CardContent>
        </Card>
      )}

      <ReviewSample sample={sample} />
      <CustodyTimeline sampleId={sample.id} idflNumber={sample.idflNumber} events={sample.timeline} />

      <ConfirmDialog
        open={decision !== null}
        onOpenChange={(open) => !open && setDecision(null)}
        title={decision && t(`decisions.${decision}.title`)}
        description={decision && t(`decisions.${decision}.prompt`, { idflNumber: sample.idflNumber })}
        confirmLabel={decision && t(`decisions.${decision}.action`)}
        onConfirm={decide}
      />
      {canTransfer && <TransferIdflDialog sample={sample} open={isTransferOpen} onOpenChange={setTransferOpen} />}
    </PageFrame>
  );
}

function ThirdLabResult({ entry }: { entry: ThirdLabEntry }) {
  const { t, i18n } = useTranslation('supervisor');
  const date = (value: string | null | undefined) => formatDisplayDate(value, i18n.language) || '—';
  // The laboratory is stored by the name of its role (hoanVuLab): shown by the role's label.
  const lab = roleLabel(entry.labName, t);
  return (
    <section className="grid gap-3" aria-label={t('results.entry', { lab })}>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        <Fact label={t('results.carbon')} value={formatIsotope(entry.carbon, entry.carbonUncertainty)} />
        <Fact label={t('results.hydrogen')} value={formatIsotope(entry.hydrogen, entry.hydrogenUncertainty)} />
        <Fact label={t('results.oxygen')} value={formatIsotope(entry.oxygen, entry.oxygenUncertainty)} />
        {entry.nitrogen != null && (
          <Fact label={t('results.nitrogen')} value={formatIsotope(entry.nitrogen, entry.nitrogenUncertainty)} />
        )}
        {entry.sulfur != null && (
          <Fact label={t('results.sulfur')} value={formatIsotope(entry.sulfur, entry.sulfurUncertainty)} />
        )}
        <Fact label={t('results.lab')} value={lab} />
        <Fact label={t('results.receivedDate')} value={date(entry.receivedDate)} />
        <Fact label={t('results.returnedDate')} value={date(entry.resultReturnedDate)} />
      </dl>
      {entry.notes && <p className="text-sm whitespace-pre-wrap">{entry.notes}</p>}
      {entry.reportFileId && <ReportPdf fileId={entry.reportFileId} />}
    </section>
  );
}

/**
 * The PDF result, fetched with the session's token and opened from a blob URL. It is embedded only
 * on request: Chromium's PDF viewer takes the keyboard focus when it loads, which would swallow what
 * the supervisor is typing in the conclusion.
 */
function ReportPdf({ fileId }: { fileId: string }) {
  const { t } = useTranslation('supervisor');
  const file = useStoredFileUrl(fileId);
  const [isEmbedded, setEmbedded] = useState(false);
  if (file.isLoading) return <Spinner className="size-4" />;
  if (!file.url) return <p className="text-sm text-destructive">{t('results.pdfFailed')}</p>;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" asChild>
          <a href={file.url} target="_blank" rel="noopener" data-testid="report-pdf-link">
            <ExternalLinkIcon />
            {t('results.openPdf')}
          </a>
        </Button>
        <Button variant="ghost" size="sm" onClick={() => setEmbedded((shown) => !shown)}>
          {isEmbedded ? t('results.hidePdf') : t('results.showPdf')}
        </Button>
      </div>
      {isEmbedded && (
        <object
          data={file.url}
          type="application/pdf"
          className="h-96 w-full rounded border"
          aria-label={t('results.pdf')}
        >
          <p className="p-2 text-sm text-muted-foreground">{t('results.pdfNotShown')}</p>
        </object>
      )}
    </div>
  );
}
