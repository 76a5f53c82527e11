import { Outlet } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BrandLogo } from '@/app/components/brand';
import { AppHeader } from './app-header';

/** The third lab's simpler layout: the header only, no sidebar. */
export function ThirdLabLayout() {
  const { t } = useTranslation('layout');
  return (
    <div className="flex min-h-svh flex-col">
      <AppHeader
        leading={
          <div className="flex items-center gap-2 font-semibold">
            <BrandLogo className="size-8" />
            <span className="hidden sm:inline">{t('thirdLabTitle')}</span>
          </div>
        }
      />
      <main className="flex-1 p-4 md:p-6">
        <Outlet />
      </main>
    </div>
  );
}
