import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ExternalLinkIcon, SaveIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useForm, useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { guidelinesSchema, type GuidelinesInput } from '@/shared/schemas/guidelines';
import { Button } from '@/app/components/ui/button';
import { FormField } from '@/app/components/ui/form-field';
import { Skeleton } from '@/app/components/ui/skeleton';
import { Spinner } from '@/app/components/ui/spinner';
import { Textarea } from '@/app/components/ui/textarea';
import { PageFrame } from '@/app/components/page/page-frame';
import { translateMessage } from '@/app/lib/words/i18n';
import { guidelinesQueries, useSaveGuidelines, type Guidelines } from './guidelines-queries';

const MarkdownText = lazy(() => import('./markdown-text'));

/** Settings › Guidelines: administrators write the page's text in both languages, with a preview. */
export function GuidelinesEditorPage() {
  const { t } = useTranslation('guidelines');
  const guidelines = useQuery(guidelinesQueries.current());
  // Held here, not in the form: a save remounts the form on the new version, and the answer's
  // toast must still be shown.
  const save = useSaveGuidelines();
  return (
    <PageFrame
      title={t('editorTitle')}
      actions={
        <Button variant="outline" size="sm" asChild>
          <Link to="/guidelines" target="_blank" rel="noopener">
            <ExternalLinkIcon />
            {t('openPage')}
          </Link>
        </Button>
      }
    >
      <p className="text-sm text-muted-foreground">{t('editorHint')}</p>
      {guidelines.data ? (
        <GuidelinesForm key={guidelines.data.version} current={guidelines.data} save={save} />
      ) : guidelines.isError ? (
        <p role="alert" className="text-destructive">
          {t('loadFailed')}
        </p>
      ) : (
        <Skeleton className="h-96 w-full" />
      )}
    </PageFrame>
  );
}

function GuidelinesForm({ current, save }: { current: Guidelines; save: ReturnType<typeof useSaveGuidelines> }) {
  const { t } = useTranslation('guidelines');
  const form = useForm<GuidelinesInput>({
    resolver: zodResolver(guidelinesSchema),
    defaultValues: { en: current.en, vi: current.vi },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    save.mutate(
      { ...values, version: current.version },
      { onSuccess: (answer) => toast.success(t('common:success'), { description: translateMessage(answer.message) }) },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label={t('editorTitle')} className="grid gap-4">
      {current.isDefault && (
        <p className="rounded-md bg-muted p-2 text-sm" role="status">
          {t('isDefault')}
        </p>
      )}
      <div className="grid gap-4 xl:grid-cols-2">
        {(['en', 'vi'] as const).map((language) => (
          <section key={language} className="grid min-w-0 content-start gap-3 rounded-xl border bg-card p-4">
            <FormField id={`guidelines-${language}`} label={t(`text.${language}`)} error={errors[language]?.message}>
              <Textarea
                id={`guidelines-${language}`}
                rows={16}
                className="font-mono text-sm"
                aria-invalid={Boolean(errors[language])}
                {...form.register(language)}
              />
            </FormField>
            <details className="rounded-md border p-3">
              <summary className="cursor-pointer text-sm font-medium">{t('preview')}</summary>
              <div className="mt-3">
                <Preview control={form.control} language={language} />
              </div>
            </details>
          </section>
        ))}
      </div>
      <p className="text-xs text-muted-foreground">{t('markdownHint')}</p>
      <Button type="submit" className="w-fit" disabled={save.isPending}>
        {save.isPending ? <Spinner /> : <SaveIcon />}
        {t('save')}
      </Button>
    </form>
  );
}

function Preview({ control, language }: { control: Control<GuidelinesInput>; language: 'en' | 'vi' }) {
  const text = useWatch({ control, name: language });
  return (
    <Suspense fallback={<Skeleton className="h-24 w-full" />}>
      <MarkdownText text={text} />
    </Suspense>
  );
}
