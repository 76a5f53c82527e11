import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { dispatchBatchFormSchema } from '@/shared/schemas/dispatch-batch';
import { FormDialog, useDialogSave, type DialogState } from '@/app/components/form-dialog';
import { TextareaField, TextInputField } from '@/app/components/form-fields';
import { RushBadge } from '@/app/components/rush-badge';
import { ReceiptConditionBadge } from '@/app/bench/receipt-condition-badge';
import { Checkbox } from '@/app/components/ui/checkbox';
import { useOfflineList } from '@/app/offline/lists';
import { formatWeight } from '@/app/bench/format';
import { SAMPLE_LISTS } from '@/app/bench/sample-queries';
import type { DispatchBatchListItem } from '@/app/bench/dispatch-constants';
import { dispatchQueries, queueBatchCreate, queueBatchUpdate } from './dispatch-queries';
import { noticeQueued } from '@/app/bench/actions/announce';

type BatchForm = z.input<typeof dispatchBatchFormSchema>;

function toggle(ids: number[], id: number, on: boolean) {
  return on ? [...new Set([...ids, id])] : ids.filter((x) => x !== id);
}

/**
 * Create or update a Draft package: its name, shipment number and notes, the tester-confirmed
 * samples to add and (when editing) the samples to take out.
 */
export function BatchFormDialog({
  batch,
  ...dialog
}: {
  batch?: DispatchBatchListItem;
} & DialogState) {
  const { t } = useTranslation('dispatch');
  const { isSaving, save } = useDialogSave(dialog.onOpenChange);
  const [adding, setAdding] = useState<number[]>([]);
  const [removing, setRemoving] = useState<number[]>([]);
  const available = useOfflineList({
    list: SAMPLE_LISTS.tester.list,
    path: SAMPLE_LISTS.tester.path,
    query: { status: 'TesterConfirmed', limit: 200, offset: 0, orderBy: 'idflNumber:asc' },
    enabled: dialog.open,
  });
  const packed = useQuery({ ...dispatchQueries.packingList(batch?.id ?? 0), enabled: dialog.open && Boolean(batch) });
  const candidates = available.items.filter((sample) => !sample.dispatchBatchId && sample.status === 'TesterConfirmed');
  const form = useForm<BatchForm>({
    resolver: zodResolver(dispatchBatchFormSchema),
    values: {
      packageName: batch?.packageName ?? '',
      shippmentNumber: batch?.shippmentNumber ?? '',
      notes: batch?.notes ?? '',
    },
  });
  const title = batch ? t('form.editTitle', { packageCode: batch.packageCode }) : t('form.createTitle');

  const submit = form.handleSubmit((values) =>
    save(async () => {
      const fields = {
        packageName: values.packageName,
        shippmentNumber: values.shippmentNumber,
        notes: values.notes || null,
      };
      if (batch) {
        await queueBatchUpdate(batch, {
          ...fields,
          ...(adding.length ? { addSampleEntryIds: adding } : {}),
          ...(removing.length ? { removeSampleEntryIds: removing } : {}),
        });
      } else {
        await queueBatchCreate({ ...fields, ...(adding.length ? { sampleEntryIds: adding } : {}) });
      }
      noticeQueued(t('samples:queuedTitle'), t('queued'));
    }),
  );

  return (
    <FormDialog
      {...dialog}
      title={title}
      onSubmit={submit}
      isSaving={isSaving}
      submitLabel={batch ? t('common:save') : t('form.create')}
      className="max-h-[90vh] overflow-y-auto sm:max-w-2xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInputField form={form} name="packageName" id="batch-name" label={t('field.packageName')} />
        <TextInputField form={form} name="shippmentNumber" id="batch-shipment" label={t('field.shippmentNumber')} />
        <TextareaField form={form} name="notes" id="batch-notes" className="sm:col-span-2" label={t('field.notes')} />
      </div>
      {batch && (packed.data?.samples.length ?? 0) > 0 && (
        <fieldset className="grid gap-2">
          <legend className="mb-1 text-sm font-medium">{t('form.inPackage')}</legend>
          {packed.data!.samples.map((sample) => (
            <label key={sample.id} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={removing.includes(sample.id)}
                onCheckedChange={(v) => setRemoving((ids) => toggle(ids, sample.id, v === true))}
                aria-label={t('form.remove', { idflNumber: sample.idflNumber })}
              />
              <span className="font-mono">{sample.idflNumber}</span>
              <RushBadge rush={sample.rushService} />
              <ReceiptConditionBadge sample={sample} />
              <span className="text-muted-foreground">{t('form.removeHint')}</span>
            </label>
          ))}
        </fieldset>
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">{t('form.addSamples')}</legend>
        {candidates.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('form.noCandidates')}</p>
        ) : (
          <div className="grid max-h-60 gap-1 overflow-y-auto">
            {candidates.map((sample) => (
              <label key={sample.id} className="flex items-center gap-2 text-sm">
                <Checkbox
                  checked={adding.includes(sample.id)}
                  onCheckedChange={(v) => setAdding((ids) => toggle(ids, sample.id, v === true))}
                  aria-label={t('form.add', { idflNumber: sample.idflNumber })}
                />
                <span className="font-mono">{sample.idflNumber}</span>
                <RushBadge rush={sample.rushService} />
                <ReceiptConditionBadge sample={sample} />
                <span className="text-muted-foreground">
                  {sample.sampleType} · {formatWeight(sample.sentWeight ?? sample.remainingWeight)}
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
    </FormDialog>
  );
}
