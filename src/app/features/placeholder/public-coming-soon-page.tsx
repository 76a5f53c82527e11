import { ConstructionIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/app/features/auth/brand';
import { LanguageSwitch } from '@/app/features/layout/language-switch';

/** A public screen (no sign-in) whose work arrives in a later release. */
export function PublicComingSoonPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation('layout');
  return (
    <div className="flex min-h-svh flex-col">
      <header className="flex h-[60px] items-center justify-between border-b px-4">
        <div className="flex items-center gap-2 font-semibold">
          <BrandLogo className="size-8" />
          {t('common:productName')}
        </div>
        <LanguageSwitch />
      </header>
      <main className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
        <ConstructionIcon className="size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">{t(titleKey)}</h1>
        <p className="text-muted-foreground">{t('comingSoon')}</p>
      </main>
    </div>
  );
}
