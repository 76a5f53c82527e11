import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Spinner } from '@/app/components/ui/spinner';
import { ApiError } from '@/app/lib/api/api-error';
import { handleError } from '@/app/lib/api/handle-error';
import { loadMessageTexts, translateError, translateMessage } from '@/app/lib/words/i18n';
import { storeSession } from '@/app/lib/session/session';
import { LanguageSwitch } from '@/app/components/language/language-switch';
import type { SignInInput } from './types';
import { BrandLogo } from '@/app/components/brand';
import { ForgotPasswordDialog } from './forgot-password-dialog';
import { LabIllustration } from './lab-illustration';
import { useSignInForm } from './use-sign-in-form';
import { useDocumentTitle } from '@/app/lib/use-document-title';
import { toastLater } from '@/app/lib/toast-later';

/** The sign-in screen: form on one side, illustration on the other. */
export function LoginPage() {
  const { t } = useTranslation('auth');
  useDocumentTitle(t('signIn'));
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const signInMutation = useMutation({
    // The API client and the server's messages come with the first sign-in, not with the page.
    mutationFn: (credentials: SignInInput) =>
      Promise.all([import('./auth-api'), loadMessageTexts()]).then(([chunk]) => chunk.signIn(credentials)),
    meta: { handlesErrors: true },
    onSuccess: async (login) => {
      setFailure(null);
      storeSession(login);
      toastLater((toast) =>
        toast.success(t('common:success'), { description: translateMessage(login.message), position: 'top-right' }),
      );
      // Where to land depends on the menu and its icons: fetched now, not with the sign-in page.
      const { landingPathAfterSignIn } = await import('./landing');
      await navigate({ to: landingPathAfterSignIn(), replace: true });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status !== 401 && error.status < 500 && error.message) {
        setFailure(translateError(error));
      } else if (error instanceof ApiError && error.status === 401) {
        setFailure(error.message || 'Incorrect e-mail/username or password.');
      } else {
        handleError(error);
      }
    },
  });
  const form = useSignInForm((values) => signInMutation.mutate(values));
  const { errors } = form;

  return (
    <div className="grid min-h-svh lg:grid-cols-2">
      <div className="flex flex-col gap-4 p-6 md:p-10">
        <div className="flex items-center justify-between">
          <div className="flex items-center gap-2 font-semibold">
            <BrandLogo className="size-8" />
            <span>{t('common:productName')}</span>
          </div>
          <LanguageSwitch />
        </div>
        <div className="flex flex-1 items-center justify-center">
          <form
            className="flex w-full max-w-sm flex-col gap-6"
            noValidate
            aria-label={t('signInForm')}
            onSubmit={form.onSubmit}
          >
            <div className="flex flex-col gap-2 text-center">
              <h1 className="text-2xl font-bold">{t('title')}</h1>
              <p className="text-sm text-balance text-muted-foreground">{t('description')}</p>
            </div>
            {failure && (
              <p
                role="alert"
                className="rounded-md border border-destructive/30 bg-destructive/10 p-3 text-sm text-destructive"
              >
                {translateMessage(failure)}
              </p>
            )}
            <FormField id="login-email" label={t('emailLabel')} error={errors.email}>
              <Input
                id="login-email"
                autoComplete="username"
                autoFocus
                placeholder={t('emailPlaceholder')}
                aria-invalid={errors.email ? true : undefined}
                {...form.field('email')}
              />
            </FormField>
            <FormField id="login-password" label={t('passwordLabel')} error={errors.password}>
              <Input
                id="login-password"
                type="password"
                autoComplete="current-password"
                aria-invalid={errors.password ? true : undefined}
                {...form.field('password')}
              />
            </FormField>
            <div className="flex justify-end">
              <ForgotPasswordDialog />
            </div>
            <Button type="submit" className="w-full" disabled={signInMutation.isPending}>
              {signInMutation.isPending && <Spinner />}
              {t('login')}
            </Button>
          </form>
        </div>
      </div>
      <div className="relative hidden flex-col items-center justify-center gap-6 bg-gradient-to-br from-teal-50 to-emerald-100 p-10 lg:flex">
        <LabIllustration className="w-full max-w-md" />
        <p className="max-w-md text-center text-lg font-medium text-teal-900">{t('illustrationCaption')}</p>
      </div>
    </div>
  );
}
