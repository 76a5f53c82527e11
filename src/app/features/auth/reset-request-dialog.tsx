import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import type { z } from 'zod';
import type { resetPasswordRequestSchema } from '@/shared/schemas/auth';
import { Button } from '@/app/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/app/components/ui/dialog';
import { FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Spinner } from '@/app/components/ui/spinner';
import { translateMessage } from '@/app/lib/words/i18n';
import { onDemandResolver } from '@/app/lib/on-demand';
import { requestPasswordReset } from './auth-api';
import { ForgotPasswordButton } from './forgot-password-button';

type ResetRequest = z.input<typeof resetPasswordRequestSchema>;

/** The forgot-password dialog: asks for the e-mail address a reset link goes to. */
export function ResetRequestDialog({ defaultOpen }: { defaultOpen: boolean }) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(defaultOpen);
  const form = useForm<ResetRequest>({
    resolver: onDemandResolver(() => import('./auth-resolvers').then((chunk) => chunk.resetRequestResolver)),
    defaultValues: { email: '' },
  });
  const mutation = useMutation({
    mutationFn: ({ email }: ResetRequest) => requestPasswordReset(email),
    onSuccess: (answer) => {
      toast.success(t('common:success'), { description: translateMessage(answer.message), position: 'top-right' });
      setOpen(false);
      form.reset();
    },
  });
  const error = form.formState.errors.email?.message;

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <ForgotPasswordButton />
      </DialogTrigger>
      <DialogContent>
        {/* The dialog sits inside the sign-in <form> in React's tree: its submit event would bubble
            there through the portal and validate the sign-in fields too, so it stops here. */}
        <form
          noValidate
          onSubmit={(event) => {
            event.stopPropagation();
            void form.handleSubmit((values) => mutation.mutate(values))(event);
          }}
          className="grid gap-4"
        >
          <DialogHeader>
            <DialogTitle>{t('forgotPasswordTitle')}</DialogTitle>
            <DialogDescription>{t('forgotPasswordDescription')}</DialogDescription>
          </DialogHeader>
          <FormField id="reset-email" label={t('common:email')} error={error}>
            <Input id="reset-email" type="email" autoComplete="email" {...form.register('email')} />
          </FormField>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>
              {t('common:cancel')}
            </Button>
            <Button type="submit" disabled={mutation.isPending}>
              {mutation.isPending && <Spinner />}
              {t('sendResetLink')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
