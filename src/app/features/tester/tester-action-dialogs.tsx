import { useState } from 'react';
import { isDispatchBatchOpen } from '@/shared/workflow/record-workflows';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { mayEdit } from '@/shared/workflow/sample-workflow';
import { FieldError, FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/app/components/ui/select';
import { usePermissions } from '@/app/lib/session/use-session';
import { useOfflineList } from '@/app/offline/lists';
import { SampleStepDialog, type SampleStepProps } from '@/app/bench/actions/sample-step-dialog';
import type { SampleEntry } from '@/app/bench/sample-queries';
import { useSampleAction } from '@/app/bench/actions/use-sample-action';
import { DISPATCH_BATCHES } from '@/app/bench/dispatch-constants';
import { TESTER_SAMPLES } from './tester-constants';

/** Confirm Received at the tester lab: the sample reviewed, then the confirmation. Works offline. */
export function TesterCheckInDialog(props: SampleStepProps) {
  const { fire } = useSampleAction(TESTER_SAMPLES.list);
  const checkIn = async (sample: SampleEntry) => Boolean(await fire('testerCheckIn', sample));
  return <SampleStepDialog {...props} words="tester:checkIn" review onConfirm={checkIn} />;
}

/** Undo: the sample goes back to the client-side lab (CsConfirmed). */
export function TesterUndoDialog(props: SampleStepProps) {
  const { fire } = useSampleAction(TESTER_SAMPLES.list);
  const undo = async (sample: SampleEntry) => Boolean(await fire('undoTester', sample));
  return <SampleStepDialog {...props} words="tester:undo" prompt="prompt" onConfirm={undo} />;
}

const PACKAGE_CODE_REQUIRED = 'Package code is required';

/** Whether this user may put this sample into a package now (TesterConfirmed, not already packed). */
export function useCanAddToBatch(sample: SampleEntry | undefined) {
  const held = usePermissions();
  return Boolean(sample && !sample.dispatchBatchId && mayEdit('addToDispatchBatch', sample.status, held));
}

/**
 * Add to a dispatch batch (transfer to the third lab): the sample joins a Draft package and leaves
 * when the package is sent. The Draft packages come from the cached package list, so it works offline.
 */
export function AddToBatchDialog({ sample, onOpenChange }: SampleStepProps) {
  const { t } = useTranslation('tester');
  const held = usePermissions();
  const { fire } = useSampleAction(TESTER_SAMPLES.list);
  const canListBatches = hasAnyPermission(held, ['CanViewAllDispatchBatch']);
  const drafts = useOfflineList({
    list: DISPATCH_BATCHES.list,
    path: DISPATCH_BATCHES.path,
    query: { status: 'Draft', limit: 100, offset: 0 },
    enabled: canListBatches && sample !== null,
  });
  const [packageCode, setPackageCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const choices = drafts.items.filter((batch) => typeof batch.id === 'number' && isDispatchBatchOpen(batch.status));

  return (
    <SampleStepDialog
      sample={sample}
      onOpenChange={(open) => {
        if (!open) {
          setPackageCode('');
          setError(undefined);
        }
        onOpenChange(open);
      }}
      words="tester:addToBatch"
      onConfirm={async (chosen) => {
        const code = packageCode.trim();
        if (!code) {
          setError(PACKAGE_CODE_REQUIRED);
          return false;
        }
        return Boolean(await fire('addToDispatchBatch', chosen, { body: { packageCode: code }, packageCode: code }));
      }}
    >
      {canListBatches && choices.length > 0 ? (
        <div className="grid gap-2">
          <Select value={packageCode} onValueChange={(value) => (setPackageCode(value), setError(undefined))}>
            <SelectTrigger aria-label={t('addToBatch.packageCode')} className="w-full">
              <SelectValue placeholder={t('addToBatch.choose')} />
            </SelectTrigger>
            <SelectContent>
              {choices.map((batch) => (
                <SelectItem key={batch.id} value={batch.packageCode}>
                  {batch.packageCode} · {batch.packageName}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FieldError message={error} />
        </div>
      ) : (
        <FormField id="add-to-batch-code" label={t('addToBatch.packageCode')} error={error}>
          <Input
            id="add-to-batch-code"
            placeholder="PKG-2026-00001"
            value={packageCode}
            onChange={(e) => (setPackageCode(e.target.value), setError(undefined))}
          />
        </FormField>
      )}
    </SampleStepDialog>
  );
}
