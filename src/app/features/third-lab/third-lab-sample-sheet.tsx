import { Dialog as SheetPrimitive } from 'radix-ui';
import { FileTextIcon, PackageOpenIcon, SendIcon, XIcon, PackageCheckIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { noticeNoChanges } from '@/app/bench/actions/announce';
import { toast } from '@/app/lib/toast';
import { actionsFor, mayEdit } from '@/shared/workflow/sample-workflow';
import { RushBadge } from '@/app/components/rush-badge';
import { ReceiptConditionBadge } from '@/app/bench/receipt-condition-badge';
import { Badge } from '@/app/components/ui/badge';
import { Button } from '@/app/components/ui/button';
import { dialogOverlayClass } from '@/app/components/ui/dialog';
import { formatDisplayDate } from '@/app/components/ui/display-date';
import { Separator } from '@/app/components/ui/separator';
import { handleError } from '@/app/lib/api/handle-error';
import { openStoredFile } from '@/app/lib/api/stored-files';
import { usePermissions } from '@/app/lib/session/use-session';
import type { PendingMark } from '@/app/offline/lists';
import { SampleStatusBadge } from '@/app/bench/sample-status-badge';
import { uncertaintyFields } from '@/shared/schemas/third-lab';
import { ResultForm } from './result-form';
import {
  hasAllIsotopes,
  isotopesOf,
  shownIsotopes,
  queueResultUpdate,
  useUploadResultPdf,
  type ThirdLabSample,
} from './third-lab-queries';
import { formatGrams, formatIsotope } from '@/app/lib/words/numbers';
import { Fact } from '@/app/components/fact';

export type ThirdLabStep = 'receive' | 'return' | 'undo';

/** A sample at the third lab, opened from the list: what arrived, the result, and the next step. */
export function ThirdLabSampleSheet({
  sample,
  pending,
  onClose,
  onStep,
}: {
  sample: ThirdLabSample | null;
  pending?: PendingMark;
  onClose: () => void;
  onStep: (step: ThirdLabStep, sample: ThirdLabSample) => void;
}) {
  const { t, i18n } = useTranslation('third-lab');
  const held = usePermissions();
  const upload = useUploadResultPdf();
  const actions = sample ? actionsFor(sample.status, held) : [];
  const canEnterResult = sample ? mayEdit('thirdLabResult', sample.status, held) : false;
  const date = (value: string | null | undefined) => formatDisplayDate(value, i18n.language) || '—';

  return (
    <SheetPrimitive.Root open={Boolean(sample)} onOpenChange={(open) => !open && onClose()}>
      <SheetPrimitive.Portal>
        <SheetPrimitive.Overlay className={dialogOverlayClass} />
        <SheetPrimitive.Content
          className="fixed inset-y-0 right-0 z-50 flex h-full w-full max-w-xl flex-col gap-4 overflow-y-auto border-l bg-background p-6 shadow-lg"
          aria-describedby={undefined}
        >
          {sample && (
            <>
              <div className="flex items-start justify-between gap-2">
                <div className="grid gap-1">
                  <SheetPrimitive.Title className="font-mono text-lg font-semibold">
                    {sample.idflNumber}
                  </SheetPrimitive.Title>
                  <div className="flex flex-wrap items-center gap-2">
                    <SampleStatusBadge status={sample.status} />
                    <RushBadge rush={sample.rushService} />
                    <ReceiptConditionBadge sample={sample} />
                    {pending && (
                      <Badge
                        variant={pending.state === 'conflict' || pending.state === 'failed' ? 'destructive' : 'warning'}
                      >
                        {t(`pending.${pending.state}`)}
                      </Badge>
                    )}
                  </div>
                </div>
                <SheetPrimitive.Close asChild>
                  <Button variant="ghost" size="icon" aria-label={t('common:close')}>
                    <XIcon />
                  </Button>
                </SheetPrimitive.Close>
              </div>

              <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                <Fact label={t('columns.sampleType')} value={sample.sampleType} />
                <Fact label={t('columns.sampleCode')} value={sample.sampleCode} />
                <Fact label={t('columns.bnCode')} value={sample.bnCode} />
                <Fact label={t('columns.packageCode')} value={sample.packageCode} />
                <Fact label={t('columns.sentDate')} value={date(sample.thirdLabEntry?.sentDate ?? sample.sentDate)} />
                <Fact label={t('columns.receivedDate')} value={date(sample.thirdLabEntry?.receivedDate)} />
                <Fact label={t('columns.resultReturnedDate')} value={date(sample.thirdLabEntry?.resultReturnedDate)} />
                <Fact
                  label={t('columns.sentWeight')}
                  value={sample.sentWeight != null ? formatGrams(sample.sentWeight) : null}
                />
              </dl>

              <div className="flex flex-wrap gap-2">
                {actions.includes('thirdLabCheckIn') && (
                  <Button onClick={() => onStep('receive', sample)}>
                    <PackageCheckIcon />
                    {t('actions.confirmReceived')}
                  </Button>
                )}
                {actions.includes('returnResult') && (
                  <Button onClick={() => onStep('return', sample)} disabled={!hasAllIsotopes(sample)}>
                    <SendIcon />
                    {t('actions.returnResult')}
                  </Button>
                )}
                {actions.includes('undoThirdLabTransaction') && sample.packageCode && (
                  <Button variant="outline" onClick={() => onStep('undo', sample)}>
                    <PackageOpenIcon />
                    {t('actions.undoPackage')}
                  </Button>
                )}
                {sample.thirdLabEntry?.reportFileId && (
                  <Button
                    variant="outline"
                    onClick={() => void openStoredFile(sample.thirdLabEntry.reportFileId as string).catch(handleError)}
                  >
                    <FileTextIcon />
                    {t('actions.openReport')}
                  </Button>
                )}
              </div>
              {actions.includes('returnResult') && !hasAllIsotopes(sample) && (
                <p className="text-sm text-muted-foreground">{t('result.enterBeforeReturn')}</p>
              )}

              <Separator />
              {canEnterResult ? (
                <ResultForm
                  key={`${sample.id}-${sample.thirdLabEntry?.version ?? 0}`}
                  defaults={resultDefaults(sample)}
                  uploadPdf={(file) => upload.mutateAsync(file)}
                  onSubmit={async (values) => {
                    try {
                      // The result as it stands saved again: nothing to send, and the lab is told so.
                      if (sameResult(values, resultDefaults(sample))) {
                        noticeNoChanges(
                          t('samples:noChanges'),
                          t('samples:noChangesDescription', { idflNumber: sample.idflNumber }),
                        );
                        return;
                      }
                      await queueResultUpdate(sample, values);
                      toast.success(t('common:success'), {
                        description: t('result.queued', { idflNumber: sample.idflNumber }),
                      });
                    } catch (error) {
                      handleError(error);
                    }
                  }}
                />
              ) : (
                <ResultSummary sample={sample} />
              )}
            </>
          )}
        </SheetPrimitive.Content>
      </SheetPrimitive.Portal>
    </SheetPrimitive.Root>
  );
}

function resultDefaults(sample: ThirdLabSample) {
  return {
    ...isotopesOf(sample),
    notes: sample.thirdLabEntry?.notes,
    reportFileId: sample.thirdLabEntry?.reportFileId,
  };
}

/** Whether a result form's values are the result as it stands (blank and none alike). */
function sameResult(values: Record<string, unknown>, stored: Record<string, unknown>) {
  const norm = (value: unknown) => (value === '' || value === undefined ? null : value);
  return Object.keys(values).every((key) => norm(values[key]) === norm(stored[key]));
}

function ResultSummary({ sample }: { sample: ThirdLabSample }) {
  const { t } = useTranslation('third-lab');
  const values = isotopesOf(sample);
  return (
    <section className="grid gap-2" aria-label={t('result.title')}>
      <h3 className="font-medium">{t('result.title')}</h3>
      <dl className="grid grid-cols-3 gap-2 text-sm">
        {shownIsotopes(values).map((field) => (
          <Fact
            key={field}
            label={t(`result.${field}`)}
            value={formatIsotope(values[field], values[uncertaintyFields[field]])}
          />
        ))}
      </dl>
      {sample.thirdLabEntry?.notes && <p className="text-sm whitespace-pre-wrap">{sample.thirdLabEntry.notes}</p>}
    </section>
  );
}
