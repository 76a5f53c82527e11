import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import type { z } from 'zod';
import { countrySchema } from '@/shared/schemas/countries';
import { CheckboxField } from '@/app/components/checkbox-field';
import { FormDialog, type DialogState } from '@/app/components/form-dialog';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { ServerVerdict, useServerVerdict } from '@/app/components/server-verdict';
import { saveCountryCreate, saveCountryUpdate, type Country } from './country-changes';

type CountryForm = z.input<typeof countrySchema>;

export function CountryFormDialog({
  country,
  ...dialog
}: {
  country?: Country;
} & DialogState) {
  const { t } = useTranslation('countries');
  const [isSaving, setSaving] = useState(false);
  const verdict = useServerVerdict();
  const form = useForm<CountryForm>({
    resolver: zodResolver(countrySchema),
    values: { code: country?.code ?? '', name: country?.name ?? '', protected: country?.protected ?? false },
  });
  const { errors } = form.formState;
  const isCreate = !country;

  const submit = form.handleSubmit(async (values) => {
    setSaving(true);
    try {
      const input = { code: values.code.trim().toUpperCase(), name: values.name.trim(), protected: values.protected };
      verdict.clear();
      const outcome = country ? await saveCountryUpdate(country, input) : await saveCountryCreate(input);
      toast.success(t('common:success'), { description: t(outcome.state === 'applied' ? 'saved' : 'queued') });
      dialog.onOpenChange(false);
    } catch (error) {
      // Refused by the server: said here, on the field it names, in the user's language.
      verdict.show(error, (field, message) => {
        if (field !== 'code' && field !== 'name') return false;
        form.setError(field, { message });
        return true;
      });
    } finally {
      setSaving(false);
    }
  });

  return (
    <FormDialog {...dialog} title={isCreate ? t('createTitle') : t('editTitle')} onSubmit={submit} isSaving={isSaving}>
      <FormField id="country-code" label={t('code')} error={errors.code?.message} hint={t('codeHint')}>
        <Input
          id="country-code"
          autoComplete="off"
          maxLength={3}
          className="uppercase"
          {...form.register('code', { setValueAs: (v: string) => v.toUpperCase() })}
        />
      </FormField>
      <FormField id="country-name" label={t('name')} error={errors.name?.message}>
        <Input id="country-name" autoComplete="off" {...form.register('name')} />
      </FormField>
      <CheckboxField control={form.control} name="protected" id="country-protected" label={t('protected')} />
      <ServerVerdict verdict={verdict} />
    </FormDialog>
  );
}
