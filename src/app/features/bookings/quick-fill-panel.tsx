import { ZapIcon } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { QuickFillCompanyData, QuickFillLookup } from '@/shared/schemas/booking';
import { Button } from '@/app/components/ui/button';
import { TextInputField } from '@/app/components/form-fields';
import { Spinner } from '@/app/components/ui/spinner';
import { ApiError } from '@/app/lib/api-error';
import { handleError } from '@/app/lib/handle-error';
import { translateMessage } from '@/app/lib/i18n';
import { lazyResolver } from '@/app/lib/lazy-resolver';
import { useQuickFill } from './booking-queries';
import { toastLater } from '@/app/lib/toast-later';

/** The two fields: the applicant's e-mail or phone, and the code mailed to them. */
const QUICK_FILL = {
  request: { name: 'request', id: 'quick-fill-request', autoComplete: 'email' },
  code: { name: 'code', id: 'quick-fill-code', autoComplete: 'one-time-code' },
} as const;

/**
 * Quick data entry (spec 2, 3 Quick-fill): a returning applicant types their e-mail or phone and the
 * code mailed after their first booking, presses Enter, and the applicant block is filled in.
 */
export function QuickFillPanel({ onFill }: { onFill: (data: QuickFillCompanyData) => void }) {
  const { t } = useTranslation('submittal');
  const quickFill = useQuickFill();
  const form = useForm<QuickFillLookup>({
    resolver: lazyResolver(() => import('./booking-resolvers').then((chunk) => chunk.quickFillResolver)),
    defaultValues: { request: '', code: '' },
  });

  const lookUp = form.handleSubmit((lookup) =>
    quickFill.mutate(lookup, {
      onSuccess: (answer) => {
        onFill(answer.data);
        toastLater((toast) =>
          toast.success(t('common:success'), { description: translateMessage(answer.message), position: 'top-right' }),
        );
        form.reset({ request: lookup.request, code: '' });
      },
      onError: (error) => {
        // A wrong or expired code: the server's message once, under the code field (no toast repeating it).
        if (error instanceof ApiError && error.status === 400) {
          form.setError('code', { message: error.errors.code ?? error.message }, { shouldFocus: true });
          return;
        }
        handleError(error);
      },
    }),
  );

  return (
    <section
      aria-labelledby="quick-fill-title"
      className="grid gap-3 rounded-xl border border-primary/30 bg-accent/60 p-5"
    >
      <div className="flex items-start gap-3">
        <ZapIcon className="mt-0.5 size-5 text-primary" aria-hidden="true" />
        <div className="grid gap-1">
          <h2 id="quick-fill-title" className="font-semibold">
            {t('quickFill.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('quickFill.description')}</p>
        </div>
      </div>
      {/* Enter in either field looks the code up (the button is there for touch screens). */}
      <form
        noValidate
        onSubmit={lookUp}
        aria-label={t('quickFill.title')}
        className="grid items-start gap-3 md:grid-cols-[1fr_12rem_auto]"
      >
        <TextInputField form={form} {...QUICK_FILL.request} label={t('quickFill.request')} />
        <TextInputField form={form} {...QUICK_FILL.code} label={t('quickFill.code')} inputMode="numeric" />
        <Button type="submit" variant="secondary" className="md:mt-[1.375rem]" disabled={quickFill.isPending}>
          {quickFill.isPending && <Spinner />}
          {t('quickFill.apply')}
        </Button>
      </form>
    </section>
  );
}
