import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { roleLabel } from '@/shared/role-labels';
import { toast } from '@/app/lib/toast';
import { z } from 'zod';
import { createUserSchema, updateUserSchema } from '@/shared/schemas/users';
import { CheckboxField } from '@/app/components/checkbox-field';
import { FormDialog, type DialogState } from '@/app/components/form-dialog';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/app/components/ui/select';
import { ApiError } from '@/app/lib/api/api-error';
import { translateMessage } from '@/app/lib/words/i18n';
import { lookupQueries } from '@/app/offline/lookups';
import { useCreateAccount, useUpdateAccount, type Account } from './account-queries';

const NO_COUNTRY = 'none';

// One form for both: the password is asked only when creating, and `active` only when editing.
const accountFormSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  password: z.string(),
  roleId: z.number().nullable(),
  countryId: z.number().nullable(),
  active: z.boolean(),
});
type AccountForm = z.infer<typeof accountFormSchema>;

function validateWith(isCreate: boolean) {
  return accountFormSchema.superRefine((values, ctx) => {
    const result = isCreate
      ? createUserSchema.safeParse({ ...values, roleId: values.roleId ?? undefined })
      : updateUserSchema.safeParse({ ...values, roleId: values.roleId ?? undefined });
    if (result.success) return;
    for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
  });
}

export function AccountFormDialog({
  account,
  ...dialog
}: {
  /** The account to edit; undefined to create one. */
  account?: Account;
} & DialogState) {
  const { t } = useTranslation('accounts');
  const isCreate = !account;
  const roles = useQuery({ ...lookupQueries.roles(), enabled: dialog.open });
  const countries = useQuery({ ...lookupQueries.countries(), enabled: dialog.open });
  const createAccount = useCreateAccount();
  const updateAccount = useUpdateAccount();
  const form = useForm<AccountForm>({
    resolver: zodResolver(validateWith(isCreate)),
    values: {
      username: account?.username ?? '',
      displayName: account?.displayName ?? '',
      email: account?.email ?? '',
      password: '',
      roleId: account?.role.id ?? null,
      countryId: account?.country?.id ?? null,
      active: account?.active ?? true,
    },
  });
  const { errors } = form.formState;
  const isSaving = createAccount.isPending || updateAccount.isPending;

  const showServerErrors = (error: unknown) => {
    if (!(error instanceof ApiError)) return;
    for (const [field, message] of Object.entries(error.errors)) {
      if (field in form.getValues()) form.setError(field as keyof AccountForm, { message });
    }
  };

  const submit = form.handleSubmit(async (values) => {
    const roleId = values.roleId ?? 0;
    try {
      const answer = isCreate
        ? await createAccount.mutateAsync({
            username: values.username,
            displayName: values.displayName,
            email: values.email,
            password: values.password,
            roleId,
            countryId: values.countryId,
          })
        : await updateAccount.mutateAsync({
            id: account.id,
            input: {
              displayName: values.displayName,
              email: values.email,
              roleId,
              countryId: values.countryId,
              active: values.active,
              version: account.version,
            },
          });
      toast.success(t('common:success'), { description: translateMessage(answer.message) });
      dialog.onOpenChange(false);
    } catch (error) {
      showServerErrors(error);
    }
  });

  return (
    <FormDialog
      {...dialog}
      title={isCreate ? t('createTitle') : t('editTitle')}
      onSubmit={submit}
      isSaving={isSaving}
      showsProgress
    >
      <FormField id="account-username" label={t('username')} error={errors.username?.message}>
        <Input id="account-username" autoComplete="off" disabled={!isCreate} {...form.register('username')} />
      </FormField>
      <FormField id="account-display-name" label={t('displayName')} error={errors.displayName?.message}>
        <Input id="account-display-name" autoComplete="off" {...form.register('displayName')} />
      </FormField>
      <FormField id="account-email" label={t('email')} error={errors.email?.message}>
        <Input id="account-email" type="email" autoComplete="off" {...form.register('email')} />
      </FormField>
      {isCreate && (
        <FormField id="account-password" label={t('password')} error={errors.password?.message}>
          <Input id="account-password" type="password" autoComplete="new-password" {...form.register('password')} />
        </FormField>
      )}
      <FormField id="account-role" label={t('role')} error={errors.roleId?.message}>
        <Controller
          control={form.control}
          name="roleId"
          render={({ field }) => (
            <Select value={field.value ? String(field.value) : ''} onValueChange={(v) => field.onChange(Number(v))}>
              <SelectTrigger id="account-role" aria-invalid={errors.roleId ? true : undefined}>
                <SelectValue placeholder={t('chooseRole')} />
              </SelectTrigger>
              <SelectContent>
                {(roles.data ?? []).map((role) => (
                  <SelectItem key={role.id} value={String(role.id)}>
                    {roleLabel(role.name, t)}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      <FormField id="account-country" label={t('country')} error={errors.countryId?.message}>
        <Controller
          control={form.control}
          name="countryId"
          render={({ field }) => (
            <Select
              value={field.value ? String(field.value) : NO_COUNTRY}
              onValueChange={(v) => field.onChange(v === NO_COUNTRY ? null : Number(v))}
            >
              <SelectTrigger id="account-country">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={NO_COUNTRY}>{t('noCountry')}</SelectItem>
                {(countries.data ?? []).map((country) => (
                  <SelectItem key={country.id} value={String(country.id)}>
                    {country.code} · {country.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </FormField>
      {!isCreate && <CheckboxField control={form.control} name="active" id="account-active" label={t('active')} />}
    </FormDialog>
  );
}
