import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PencilIcon } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { hasAnyPermission } from '@/shared/permissions';
import { Button } from '@/app/components/ui/button';
import { Skeleton } from '@/app/components/ui/skeleton';
import { BrandLogo } from '@/app/components/brand';
import { LanguageSwitch } from '@/app/components/language/language-switch';
import { usePermissions } from '@/app/lib/session/use-session';
import { useDocumentTitle } from '@/app/lib/use-document-title';
import { guidelinesQueries } from './guidelines-queries';

const MarkdownText = lazy(() => import('./markdown-text'));

const GUIDELINES_EDITORS = ['CanUpdateCountry'] as const;

/**
 * The Guidelines page: the laboratory's sample-submission guidelines, public
 * so that applicants can read them before and after they book, in the language they chose.
 */
export function GuidelinesPage() {
  const { t, i18n } = useTranslation('guidelines');
  useDocumentTitle(t('title'));
  const guidelines = useQuery(guidelinesQueries.current());
  const canEdit = hasAnyPermission(usePermissions(), GUIDELINES_EDITORS);
  const text = guidelines.data ? (i18n.language === 'vi' ? guidelines.data.vi : guidelines.data.en) : null;

  return (
    <div className="min-h-svh bg-muted/40">
      <header className="sticky top-0 z-40 flex h-[60px] items-center justify-between border-b bg-background/95 px-4 backdrop-blur print:hidden">
        <Link to="/booking/isotope-submittal-form" className="flex items-center gap-3">
          <BrandLogo className="size-9" />
          <span className="grid leading-tight">
            <span className="font-semibold">{t('common:productName')}</span>
            <span className="text-xs text-muted-foreground">{t('submittal:tagline')}</span>
          </span>
        </Link>
        <div className="flex items-center gap-1">
          {canEdit && (
            <Button variant="ghost" size="sm" asChild>
              <Link to="/settings/guidelines">
                <PencilIcon />
                <span className="hidden sm:inline">{t('edit')}</span>
                <span className="sr-only sm:hidden">{t('edit')}</span>
              </Link>
            </Button>
          )}
          <LanguageSwitch />
        </div>
      </header>
      <main className="mx-auto w-full max-w-3xl px-4 py-6">
        <article className="rounded-xl border bg-card p-5 shadow-sm sm:p-8" aria-busy={guidelines.isPending}>
          {text !== null ? (
            <Suspense fallback={<GuidelinesSkeleton />}>
              <MarkdownText text={text} />
            </Suspense>
          ) : guidelines.isError ? (
            <div role="alert" className="grid gap-3">
              <h1 className="text-xl font-semibold">{t('title')}</h1>
              <p className="text-destructive">{t('loadFailed')}</p>
              <Button variant="outline" className="w-fit" onClick={() => void guidelines.refetch()}>
                {t('retry')}
              </Button>
            </div>
          ) : (
            <GuidelinesSkeleton />
          )}
        </article>
        <p className="mt-4 text-sm print:hidden">
          <Link to="/booking/isotope-submittal-form" className="text-primary underline">
            {t('toForm')}
          </Link>
        </p>
      </main>
    </div>
  );
}

function GuidelinesSkeleton() {
  return (
    <div className="grid gap-3">
      <Skeleton className="h-8 w-2/3" />
      <Skeleton className="h-4 w-full" />
      <Skeleton className="h-4 w-5/6" />
      <Skeleton className="h-4 w-4/6" />
    </div>
  );
}
