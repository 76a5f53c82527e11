import { useQueryClient } from '@tanstack/react-query';
import { HandshakeIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog, useDialogSave } from '@/app/components/form-dialog';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent } from '@/app/components/ui/card';
import { FieldError } from '@/app/components/ui/form-field';
import { Label } from '@/app/components/ui/label';
import { Textarea } from '@/app/components/ui/textarea';
import { api, unwrap } from '@/app/lib/api/api-client';
import { toast } from '@/app/lib/toast';
import { usePermissions } from '@/app/lib/session/use-session';
import { ReceiptConditionBadge } from '@/app/bench/receipt-condition-badge';
import { sampleQueries, type SampleEntry } from '@/app/bench/sample-queries';
import { choiceLabelKey } from '@/shared/workflow/custody-catalogue';
import { hasAnyPermission } from '@/shared/permissions';
import {
  isHeldOnReceipt,
  receiptDecisionPermissions,
  receiptDecisions,
  type ReceiptDecision,
} from '@/shared/workflow/sample-workflow';
import { receiptDecisionSchema } from '@/shared/schemas/sample-entry';

/**
 * The client's decision about a sample held on receipt (damaged or insufficient), on the CS sample
 * detail: what was found, the decision so far, and the button that records it. Shown only while the
 * sample is held at the client-side lab.
 */
export function ReceiptDecisionPanel({ sample, queued }: { sample: SampleEntry; queued: boolean }) {
  const { t } = useTranslation('cs-lab');
  const held = usePermissions();
  const [open, setOpen] = useState(false);
  if (sample.status !== 'CsConfirmed' || !isHeldOnReceipt(sample)) return null;
  const mayDecide = hasAnyPermission(held, receiptDecisionPermissions) && !queued;
  return (
    <Card data-testid="receipt-decision-panel" className="border-destructive/50">
      <CardContent className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          <p className="font-medium">
            {t('receiptDecision.heldTitle')}
            <ReceiptConditionBadge sample={sample} />
          </p>
          <p className="text-sm text-muted-foreground">{t('receiptDecision.heldText')}</p>
          {sample.receiptNote && (
            <p className="text-sm">{t('receiptDecision.receiptNote', { note: sample.receiptNote })}</p>
          )}
          {sample.receiptDecisionNote && (
            <p className="text-sm">{t('receiptDecision.decisionNote', { note: sample.receiptDecisionNote })}</p>
          )}
        </div>
        {mayDecide && (
          <Button onClick={() => setOpen(true)}>
            <HandshakeIcon />
            {t('receiptDecision.open')}
          </Button>
        )}
      </CardContent>
      <ReceiptDecisionDialog key={sample.version} sample={sample} open={open} onOpenChange={setOpen} />
    </Card>
  );
}

/**
 * Records the client's decision. Not queued: it answers the client and the server must judge the
 * hold now (another desk may have recorded a decision already), so it needs the network.
 */
function ReceiptDecisionDialog({
  sample,
  open,
  onOpenChange,
}: {
  sample: SampleEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('cs-lab');
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<ReceiptDecision | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { isSaving, save } = useDialogSave(onOpenChange);

  const submit = () =>
    save(async () => {
      const parsed = receiptDecisionSchema.safeParse({ decision: decision ?? undefined, note: note || null });
      if (!parsed.success) {
        setError(parsed.error.issues.find((issue) => issue.path[0] === 'decision')?.message);
        return false;
      }
      await unwrap(
        api.PUT('/api/cs-lab/receipt-decision', { params: { query: { id: sample.id } }, body: parsed.data }),
      );
      toast.success(t('receiptDecision.recordedTitle'), {
        description: t('receiptDecision.recorded', {
          idflNumber: sample.idflNumber,
          decision: t(choiceLabelKey('receiptDecision', parsed.data.decision)),
        }),
      });
      await queryClient.invalidateQueries({ queryKey: sampleQueries.all });
    });

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('receiptDecision.title')}
      description={t('receiptDecision.description', { idflNumber: sample.idflNumber })}
      onSubmit={submit}
      isSaving={isSaving}
      showsProgress
      submitLabel={t('receiptDecision.confirm')}
    >
      <fieldset className="grid gap-2" aria-describedby={error ? 'receipt-decision-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">{t('receiptDecision.legend')}</legend>
        {receiptDecisions.map((choice) => (
          <label key={choice} className="flex items-start gap-2 text-sm">
            <input
              type="radio"
              name="receipt-decision"
              value={choice}
              checked={decision === choice}
              onChange={() => {
                setDecision(choice);
                setError(undefined);
              }}
              className="mt-1"
            />
            <span>
              <span className="font-medium">{t(choiceLabelKey('receiptDecision', choice))}</span>
              <span className="block text-muted-foreground">{t(`receiptDecision.consequence.${choice}`)}</span>
            </span>
          </label>
        ))}
        <FieldError id="receipt-decision-error" message={error} />
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="receipt-decision-note">{t('receiptDecision.note')}</Label>
        <Textarea id="receipt-decision-note" value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      </div>
    </FormDialog>
  );
}
