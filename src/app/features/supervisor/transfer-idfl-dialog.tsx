import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { z } from 'zod';
import { transferIdflDataSchema } from '@/shared/schemas/supervisor';
import { CheckboxField } from '@/app/components/checkbox-field';
import { CountrySelect } from '@/app/components/country-select';
import { FormDialog, type DialogState } from '@/app/components/form-dialog';
import { DecimalField, TextInputField } from '@/app/components/form-fields';
import { FormField } from '@/app/components/ui/form-field';
import { useTransferIdflData } from './supervisor-queries';

// sameId rides along in the form: it is the query flag 'replace the record made earlier from this sample'.
const transferFormSchema = transferIdflDataSchema.extend({ sameId: z.boolean() });
type TransferFormValues = z.input<typeof transferFormSchema>;

/** Transfer the IDFL data of a confirmed sample to the clean isotope data set, where it was sampled. */
export function TransferIdflDialog({
  sample,
  ...dialog
}: {
  sample: { id: number; idflNumber: string; countryCode: string | null };
} & DialogState) {
  const { t } = useTranslation('supervisor');
  const id = useId();
  const transfer = useTransferIdflData();
  const form = useForm<TransferFormValues, unknown, z.output<typeof transferFormSchema>>({
    resolver: zodResolver(transferFormSchema),
    defaultValues: { id: sample.id, countryCode: sample.countryCode ?? '', region: '', sameId: false },
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (dialog.open) form.reset({ id: sample.id, countryCode: sample.countryCode ?? '', region: '', sameId: false });
  }, [dialog.open, sample.id, sample.countryCode, form]);

  const submit = form.handleSubmit(async (values) => {
    const { sameId, ...input } = values;
    try {
      await transfer.mutateAsync({ input, sameId });
    } catch {
      return; // The central handler has shown the server's message.
    }
    toast.success(t('common:success'), { description: t('transfer.done', { idflNumber: sample.idflNumber }) });
    dialog.onOpenChange(false);
  });

  return (
    <FormDialog
      {...dialog}
      title={t('transfer.title')}
      description={t('transfer.description', { idflNumber: sample.idflNumber })}
      onSubmit={submit}
      isSaving={transfer.isPending}
      submitLabel={t('transfer.submit')}
    >
      <FormField id={`${id}-country`} label={`${t('transfer.countryCode')}*`} error={errors.countryCode?.message}>
        <Controller
          control={form.control}
          name="countryCode"
          render={({ field }) => (
            <CountrySelect
              id={`${id}-country`}
              value={field.value}
              onChange={field.onChange}
              placeholder={t('transfer.chooseCountry')}
              invalid={Boolean(errors.countryCode)}
              enabled={dialog.open}
            />
          )}
        />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <DecimalField form={form} name="latitude" id={`${id}-latitude`} label={`${t('transfer.latitude')}*`} />
        <DecimalField form={form} name="longitude" id={`${id}-longitude`} label={`${t('transfer.longitude')}*`} />
      </div>
      <TextInputField form={form} name="region" id={`${id}-region`} label={t('transfer.region')} />
      <CheckboxField control={form.control} name="sameId" id={`${id}-same`} label={t('transfer.sameId')} />
    </FormDialog>
  );
}
