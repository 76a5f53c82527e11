import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { z } from 'zod';
import { resetPasswordConfirmSchema } from '@/shared/schemas/auth';
import { Button } from '@/app/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/app/components/ui/card';
import { Spinner } from '@/app/components/ui/spinner';
import { translateMessage } from '@/app/lib/words/i18n';
import { confirmPasswordReset } from './auth-api';
import { BrandLogo } from '@/app/components/brand';
import { useDocumentTitle } from '@/app/lib/use-document-title';
import { PasswordFields } from './password-fields';

const resetFormSchema = resetPasswordConfirmSchema
  .extend({ confirmPassword: z.string().max(200) })
  .refine((v) => v.newPassword === v.confirmPassword, { message: 'Passwords do not match', path: ['confirmPassword'] });
type ResetForm = z.input<typeof resetFormSchema>;

/** Opened from the e-mailed link `/auth/reset-password?token=...`. */
export function ResetPasswordPage({ token }: { token: string }) {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('resetTitle'));
  const navigate = useNavigate();
  const form = useForm<ResetForm>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { token, newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const mutation = useMutation({
    mutationFn: (values: ResetForm) => confirmPasswordReset(values.token, values.newPassword),
    onSuccess: async (answer) => {
      toast.success(t('common:success'), { description: translateMessage(answer.message), position: 'top-right' });
      await navigate({ to: '/auth/login', replace: true });
    },
  });

  return (
    <div className="flex min-h-svh items-center justify-center bg-muted p-6">
      <Card className="w-full max-w-sm">
        <CardHeader>
          <BrandLogo className="mb-2 size-10" />
          <CardTitle>{t('resetTitle')}</CardTitle>
          <CardDescription>{t('resetDescription')}</CardDescription>
        </CardHeader>
        <CardContent>
          <form noValidate className="grid gap-4" onSubmit={form.handleSubmit((values) => mutation.mutate(values))}>
            {errors.token?.message && (
              <p role="alert" className="text-sm text-destructive">
                {translateMessage(errors.token.message)}
              </p>
            )}
            <PasswordFields form={form} idPrefix="reset" />
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending && <Spinner />}
              {t('setPassword')}
            </Button>
            <Link to="/auth/login" className="text-center text-sm text-primary underline-offset-4 hover:underline">
              {t('backToLogin')}
            </Link>
          </form>
        </CardContent>
      </Card>
    </div>
  );
}
