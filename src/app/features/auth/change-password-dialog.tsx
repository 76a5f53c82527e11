import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { changePasswordFormSchema } from '@/shared/schemas/auth';
import { FormDialog, type DialogState } from '@/app/components/form-dialog';
import { ApiError } from '@/app/lib/api/api-error';
import { handleError } from '@/app/lib/api/handle-error';
import { changeOwnPassword } from './auth-api';
import { PasswordFields } from './password-fields';
import type { ChangePasswordInput } from './types';

export function ChangePasswordDialog({ open, onOpenChange }: DialogState) {
  const { t } = useTranslation('auth');
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const mutation = useMutation({
    mutationFn: changeOwnPassword,
    meta: { handlesErrors: true },
    onSuccess: () => {
      toast.success(t('common:success'), { description: t('passwordChanged') });
      form.reset();
      onOpenChange(false);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || error.status === 401) return handleError(error);
      for (const [field, message] of Object.entries(error.errors)) {
        if (field === 'oldPassword' || field === 'newPassword') form.setError(field, { message });
      }
      toast.error(t('errors:title'), { description: t('passwordChangeFailed') });
    },
  });

  return (
    <FormDialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
      title={t('changePassword')}
      onSubmit={form.handleSubmit((values) => mutation.mutate(values))}
      isSaving={mutation.isPending}
      showsProgress
    >
      <PasswordFields form={form} idPrefix="change" current />
    </FormDialog>
  );
}
