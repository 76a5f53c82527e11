import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { changePasswordFormSchema } from '@/shared/schemas/auth';
import { Button } from '@/app/components/ui/button';
import { Dialog, DialogContent, DialogFooter, DialogHeader, DialogTitle } from '@/app/components/ui/dialog';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Spinner } from '@/app/components/ui/spinner';
import { ApiError } from '@/app/lib/api-error';
import { handleError } from '@/app/lib/handle-error';
import { changeOwnPassword } from './auth-api';
import type { ChangePasswordInput } from './types';

export function ChangePasswordDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('auth');
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
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
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) form.reset();
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
          <DialogHeader>
            <DialogTitle>{t('changePassword')}</DialogTitle>
          </DialogHeader>
          <FormField id="change-old" label={t('oldPassword')} error={errors.oldPassword?.message}>
            <Input id="change-old" type="password" autoComplete="current-password" {...form.register('oldPassword')} />
          </FormField>
          <FormField id="change-new" label={t('newPassword')} error={errors.newPassword?.message}>
            <Input id="change-new" type="password" autoComplete="new-password" {...form.register('newPassword')} />
          </FormField>
          <FormField id="change-confirm" label={t('confirmPassword')} error={errors.confirmPassword?.message}>
            <Input
              id="change-confirm"
              type="password"
              autoComplete="new-password"
              {...form.register('confirmPassword')}
            />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending && <Spinner />}
              {t('common:save')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
