import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { csCreateSampleSchema } from '@/shared/schemas/sample-entry';
import { CheckboxField } from '@/app/components/checkbox-field';
import { FormDialog, useDialogSave, type DialogState } from '@/app/components/form-dialog';
import { TextareaField, TextInputField, WeightField } from '@/app/components/form-fields';
import { DatePicker } from '@/app/components/ui/date-picker';
import { FormField } from '@/app/components/ui/form-field';
import { enqueueMutation } from '@/app/offline/outbox';
import type { SampleEntry } from '@/app/bench/sample-queries';
import { useSampleAction } from '@/app/bench/actions/use-sample-action';
import { UserPicker } from '@/app/bench/user-picker';
import { CS_SAMPLES } from './cs-lab-constants';
import { noticeNoChanges, noticeQueued } from '@/app/bench/actions/announce';
import { changedFields } from '@/app/bench/actions/changed-fields';

type SampleForm = z.input<typeof csCreateSampleSchema>;

const LEADING_FIELDS = [
  ['sampleType', 'cs-sample-type'],
  ['sampleCode', 'cs-sample-code'],
  ['source', 'cs-source'],
] as const;
const TEXT_FIELDS = ['localCode', 'bnCode', 'sampleInformation', 'storageArea'] as const;
const NOTE_FIELDS = [
  ['fromClientInfo', 'cs-client-info', 2],
  ['fromIdflInfo', 'cs-idfl-info', 2],
  ['note', 'cs-note', 3],
] as const;

function blankToNull<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v === '' ? null : v])) as T;
}

/** Create sample and Edit Sample (client-side lab), both queued through the outbox. */
export function CsSampleFormDialog({
  sample,
  ...dialog
}: {
  /** The sample to edit; none to create one. */
  sample?: SampleEntry;
} & DialogState) {
  const { t } = useTranslation('cs-lab');
  const { fire } = useSampleAction(CS_SAMPLES.list);
  const { isSaving, save } = useDialogSave(dialog.onOpenChange);
  const form = useForm<SampleForm>({
    resolver: zodResolver(csCreateSampleSchema),
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

  const submit = form.handleSubmit((values) =>
    save(async () => {
      const { idflNumber, ...rest } = blankToNull(values);
      if (sample) {
        // Only what the person changed: the rest of the record stays as stored.
        const changed = changedFields(rest, form.formState.dirtyFields);
        if (Object.keys(changed).length === 0) {
          noticeNoChanges(t('samples:noChanges'), t('samples:noChangesDescription', { idflNumber: sample.idflNumber }));
          return true;
        }
        return Boolean(await fire('csUpdate', sample, { body: { ...changed, version: sample.version } }));
      }
      await enqueueMutation({
        method: 'POST',
        path: '/api/cs-lab/create',
        body: { ...rest, ...(idflNumber ? { idflNumber } : {}) },
        label: t('form.outboxCreate', { sampleCode: values.sampleCode }),
        entity: { list: CS_SAMPLES.list },
      });
      noticeQueued(t('samples:queuedTitle'), t('form.queuedCreate'));
    }),
  );

  return (
    <FormDialog
      {...dialog}
      title={title}
      onSubmit={submit}
      isSaving={isSaving}
      submitLabel={isCreate ? t('form.create') : t('common:save')}
      className="max-h-[90vh] overflow-y-auto sm:max-w-3xl"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        {isCreate && (
          <TextInputField
            form={form}
            name="idflNumber"
            id="cs-idfl"
            label={t('form.idflNumber')}
            hint={t('form.idflHint')}
            autoComplete="off"
          />
        )}
        {LEADING_FIELDS.map(([name, id]) => (
          <TextInputField key={name} form={form} name={name} id={id} label={t(`samples:field.${name}`)} />
        ))}
        <Controller
          control={form.control}
          name="receivedDate"
          render={({ field }) => (
            <FormField
              id="cs-received-date"
              label={t('samples:field.receivedDate')}
              error={errors.receivedDate?.message}
            >
              <DatePicker id="cs-received-date" value={field.value} onChange={field.onChange} onBlur={field.onBlur} />
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
          <TextInputField key={name} form={form} name={name} id={`cs-${name}`} label={t(`samples:field.${name}`)} />
        ))}
        <WeightField
          form={form}
          name="initialWeight"
          id="cs-weight"
          label={t('samples:field.initialWeight')}
          emptyAs={null}
        />
        <TextInputField form={form} name="unit" id="cs-unit" label={t('samples:field.unit')} />
        {NOTE_FIELDS.map(([name, id, rows]) => (
          <TextareaField
            key={name}
            form={form}
            name={name}
            id={id}
            rows={rows}
            className="sm:col-span-2"
            label={t(`samples:field.${name}`)}
          />
        ))}
        <CheckboxField control={form.control} name="isPaid" id="cs-paid" label={t('samples:field.isPaid')} />
      </div>
    </FormDialog>
  );
}
