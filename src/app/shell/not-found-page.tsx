import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { buttonVariants } from '@/app/components/ui/button';
import { useDocumentTitle } from '@/app/lib/use-document-title';

export function NotFoundPage() {
  const { t } = useTranslation('layout');
  useDocumentTitle(t('notFoundTitle'));
  return (
    <div className="flex min-h-[60vh] flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-5xl font-bold text-primary">404</p>
      <h1 className="text-xl font-semibold">{t('notFoundTitle')}</h1>
      <p className="text-muted-foreground">{t('notFoundDescription')}</p>
      <Link to="/" className={buttonVariants()}>
        {t('goHome')}
      </Link>
    </div>
  );
}
