import { ZapIcon } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QuickFillCompanyData, QuickFillLookup } from '@/shared/schemas/booking';
import { Button } from '@/app/components/ui/button';
import { controlPropsOf, FormField } from '@/app/components/ui/form-field';
import { Input } from '@/app/components/ui/input';
import { Spinner } from '@/app/components/ui/spinner';
import { ApiError } from '@/app/lib/api/api-error';
import { schemaCheck, useFormError, useFormState, useFormValue, type FormState } from '@/app/lib/form-state';
import { handleError } from '@/app/lib/api/handle-error';
import { translateMessage } from '@/app/lib/words/i18n';
import { useQuickFill } from './booking-queries';
import { toastLater } from '@/app/lib/toast-later';

/** The two fields: the applicant's e-mail or phone, and the code mailed to them. */
const QUICK_FILL = {
  request: { name: 'request', id: 'quick-fill-request', autoComplete: 'email' },
  code: { name: 'code', id: 'quick-fill-code', autoComplete: 'one-time-code', inputMode: 'numeric' },
} as const;

const blankLookup = (): QuickFillLookup => ({ request: '', code: '' });

const checkLookup = schemaCheck(() => import('@/shared/schemas/booking').then((chunk) => chunk.quickFillLookupSchema));

/** One of the two fields, with its label and its message. */
function LookupField({
  form,
  field,
  label,
}: {
  form: FormState<QuickFillLookup>;
  field: (typeof QUICK_FILL)[keyof typeof QUICK_FILL];
  label: ReactNode;
}) {
  const value = useFormValue(form, field.name);
  const error = useFormError(form, field.name);
  return (
    <FormField id={field.id} label={label} error={error}>
      <Input
        {...controlPropsOf(field.id, error)}
        name={field.name}
        autoComplete={field.autoComplete}
        inputMode={'inputMode' in field ? field.inputMode : undefined}
        value={typeof value === 'string' ? value : ''}
        onChange={(event) => form.setValue(field.name, event.target.value)}
      />
    </FormField>
  );
}

/**
 * Quick data entry: a returning applicant types their e-mail or phone and the
 * code mailed after their first booking, presses Enter, and the applicant block is filled in.
 */
export function QuickFillPanel({ onFill }: { onFill: (data: QuickFillCompanyData) => void }) {
  const { t } = useTranslation('submittal');
  const quickFill = useQuickFill();
  const form = useFormState<QuickFillLookup, QuickFillLookup>(blankLookup, checkLookup);

  const lookUp = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void form.submit(
      (lookup) =>
        quickFill.mutate(lookup, {
          onSuccess: (answer) => {
            onFill(answer.data);
            toastLater((toast) =>
              toast.success(t('common:success'), {
                description: translateMessage(answer.message),
                position: 'top-right',
              }),
            );
            form.reset({ request: lookup.request, code: '' });
          },
          onError: (error) => {
            // A wrong or expired code: the server's message once, under the code field (no toast repeating it).
            if (error instanceof ApiError && error.status === 400) {
              form.setError('code', error.errors.code ?? error.message);
              document.getElementById(QUICK_FILL.code.id)?.focus();
              return;
            }
            handleError(error);
          },
        }),
      (paths) => document.getElementById(QUICK_FILL[paths.includes('request') ? 'request' : 'code'].id)?.focus(),
    );
  };

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
        <LookupField form={form} field={QUICK_FILL.request} label={t('quickFill.request')} />
        <LookupField form={form} field={QUICK_FILL.code} label={t('quickFill.code')} />
        <Button type="submit" variant="secondary" className="md:mt-[1.375rem]" disabled={quickFill.isPending}>
          {quickFill.isPending && <Spinner />}
          {t('quickFill.apply')}
        </Button>
      </form>
    </section>
  );
}
