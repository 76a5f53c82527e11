import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { csSampleFormSchema } from '@/shared/schemas/sample-entry';
import { CheckboxField } from '@/app/components/checkbox-field';
import { FormDialogFooter } from '@/app/components/form-dialog-footer';
import { DatePicker } from '@/app/components/ui/date-picker';
import { Dialog, DialogContent, DialogHeader, DialogTitle } from '@/app/components/ui/dialog';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Textarea } from '@/app/components/ui/textarea';
import { handleError } from '@/app/lib/handle-error';
import { enqueueMutation } from '@/app/offline/outbox';
import type { SampleEntry } from '@/app/bench/sample-queries';
import { useSampleAction } from '@/app/bench/use-sample-action';
import { UserPicker } from '@/app/bench/user-picker';
import { toNumber } from '@/app/bench/format';
import { CS_SAMPLES } from './cs-lab-constants';
import { noticeQueued } from '@/app/bench/announce';

type SampleForm = z.input<typeof csSampleFormSchema>;

const TEXT_FIELDS = ['localCode', 'bnCode', 'sampleInformation', 'storageArea'] as const;

function blankToNull<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? null : v])) as T;
}

/** Create sample and Edit Sample (client-side lab), both queued through the outbox. */
export function CsSampleFormDialog({
  sample,
  open,
  onOpenChange,
}: {
  /** The sample to edit; none to create one. */
  sample?: SampleEntry;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('cs-lab');
  const { fire } = useSampleAction(CS_SAMPLES.list);
  const [isSaving, setSaving] = useState(false);
  const form = useForm<SampleForm>({
    resolver: zodResolver(csSampleFormSchema),
    values: {
      idflNumber: '',
      sampleType: sample?.sampleType ?? '',
      sampleCode: sample?.sampleCode ?? '',
      source: sample?.source ?? '',
      fromClientInfo: sample?.fromClientInfo ?? '',
      fromIdflInfo: sample?.fromIdflInfo ?? '',
      receivedDate: sample?.receivedDate?.slice(0, 10) ?? null,
      receivedBy: sample?.receivedBy ?? '',
      localCode: sample?.localCode ?? '',
      bnCode: sample?.bnCode ?? '',
      sampleInformation: sample?.sampleInformation ?? '',
      storageArea: sample?.storageArea ?? '',
      initialWeight: sample?.initialWeight ?? null,
      unit: sample?.unit ?? '',
      note: sample?.note ?? '',
      isPaid: sample?.isPaid ?? false,
    },
  });
  const { errors } = form.formState;
  const isCreate = !sample;
  const title = isCreate ? t('form.createTitle') : t('form.editTitle', { idflNumber: sample.idflNumber });

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const { idflNumber, ...rest } = blankToNull(values);
      if (sample) {
        const key = await fire('csUpdate', sample, { body: { ...rest, version: sample.version } });
        if (!key) return;
      } else {
        await enqueueMutation({
          method: 'POST',
          path: '/api/cs-lab/create',
          body: { ...rest, ...(idflNumber ? { idflNumber } : {}) },
          label: t('form.outboxCreate', { sampleCode: values.sampleCode }),
          entity: { list: CS_SAMPLES.list },
        });
        noticeQueued(t('samples:queuedTitle'), t('form.queuedCreate'));
      }
      onOpenChange(false);
    } catch (error) {
      handleError(error);
    } finally {
      setSaving(false);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
        <form noValidate className="grid gap-4" aria-label={title} onSubmit={submit}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
          </DialogHeader>
          <div className="grid gap-4 sm:grid-cols-2">
            {isCreate && (
              <FormField
                id="cs-idfl"
                label={t('form.idflNumber')}
                hint={t('form.idflHint')}
                error={errors.idflNumber?.message}
              >
                <Input id="cs-idfl" autoComplete="off" {...form.register('idflNumber')} />
              </FormField>
            )}
            <FormField id="cs-sample-type" label={t('samples:field.sampleType')} error={errors.sampleType?.message}>
              <Input id="cs-sample-type" {...form.register('sampleType')} />
            </FormField>
            <FormField id="cs-sample-code" label={t('samples:field.sampleCode')} error={errors.sampleCode?.message}>
              <Input id="cs-sample-code" {...form.register('sampleCode')} />
            </FormField>
            <FormField id="cs-source" label={t('samples:field.source')} error={errors.source?.message}>
              <Input id="cs-source" {...form.register('source')} />
            </FormField>
            <Controller
              control={form.control}
              name="receivedDate"
              render={({ field }) => (
                <FormField
                  id="cs-received-date"
                  label={t('samples:field.receivedDate')}
                  error={errors.receivedDate?.message}
                >
                  <DatePicker
                    id="cs-received-date"
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                </FormField>
              )}
            />
            <Controller
              control={form.control}
              name="receivedBy"
              render={({ field }) => (
                <FormField id="cs-received-by" label={t('samples:field.receivedBy')} error={errors.receivedBy?.message}>
                  <UserPicker
                    id="cs-received-by"
                    label={t('samples:field.receivedBy')}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                  />
                </FormField>
              )}
            />
            {TEXT_FIELDS.map((name) => (
              <FormField key={name} id={`cs-${name}`} label={t(`samples:field.${name}`)} error={errors[name]?.message}>
                <Input id={`cs-${name}`} {...form.register(name)} />
              </FormField>
            ))}
            <FormField id="cs-weight" label={t('samples:field.initialWeight')} error={errors.initialWeight?.message}>
              <Input
                id="cs-weight"
                type="number"
                inputMode="decimal"
                step="any"
                min={0}
                {...form.register('initialWeight', { setValueAs: (v) => toNumber(v) ?? null })}
              />
            </FormField>
            <FormField id="cs-unit" label={t('samples:field.unit')} error={errors.unit?.message}>
              <Input id="cs-unit" {...form.register('unit')} />
            </FormField>
            <FormField
              id="cs-client-info"
              className="sm:col-span-2"
              label={t('samples:field.fromClientInfo')}
              error={errors.fromClientInfo?.message}
            >
              <Textarea id="cs-client-info" rows={2} {...form.register('fromClientInfo')} />
            </FormField>
            <FormField
              id="cs-idfl-info"
              className="sm:col-span-2"
              label={t('samples:field.fromIdflInfo')}
              error={errors.fromIdflInfo?.message}
            >
              <Textarea id="cs-idfl-info" rows={2} {...form.register('fromIdflInfo')} />
            </FormField>
            <FormField
              id="cs-note"
              className="sm:col-span-2"
              label={t('samples:field.note')}
              error={errors.note?.message}
            >
              <Textarea id="cs-note" rows={3} {...form.register('note')} />
            </FormField>
            <CheckboxField control={form.control} name="isPaid" id="cs-paid" label={t('samples:field.isPaid')} />
          </div>
          <FormDialogFooter
            onCancel={() => onOpenChange(false)}
            isSaving={isSaving}
            submitLabel={isCreate ? t('form.create') : t('common:save')}
          />
        </form>
      </DialogContent>
    </Dialog>
  );
}
