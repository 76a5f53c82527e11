import type { ReactNode } from 'react';
import { optionalPart } from '@/app/lib/on-demand';
import { useTranslation } from 'react-i18next';
import { useAfterFirstPaint } from '@/app/lib/after-first-paint';
import { useStoredLogin } from '@/app/lib/session/use-session';
import { ScanCertificateButton } from '@/app/features/certificates/scan-certificate-button';
import { NotificationBell } from '@/app/features/notifications/notification-bell';
import { InstallButton } from '@/app/features/pwa/install-button';
import { LanguageSwitch } from '@/app/components/language/language-switch';
import { UserMenu } from './user-menu';

const APP_VERSION_LABEL = 'V2.1';

// The sync indicator brings the offline layer (Dexie, the outbox's runner: about 40 kB) and is
// fetched once the screen has painted, not before it. Right after the spacer,
// so its arrival moves nothing else in the header. It shows once the offline database is open.
const SyncIndicator = optionalPart(() =>
  import('@/app/features/sync/sync-indicator').then(async (chunk) => {
    await chunk.openOfflineDatabase();
    return chunk.SyncIndicator;
  }),
);

/** The 60 px header: what the user needs at hand on every screen. */
export function AppHeader({ leading }: { leading?: ReactNode }) {
  const { t } = useTranslation('layout');
  const login = useStoredLogin();
  const painted = useAfterFirstPaint();
  return (
    <header className="sticky top-0 z-30 flex h-[60px] shrink-0 items-center gap-2 border-b bg-background px-3 md:px-4">
      {leading}
      <div className="flex-1" />
      {painted && <SyncIndicator />}
      <InstallButton />
      {/* The version gives way below 1024 px, so a bench tablet has room for the user's whole name. */}
      <span className="hidden text-xs text-muted-foreground lg:inline">
        <span className="sr-only">{t('version')} </span>
        {APP_VERSION_LABEL}
      </span>
      {/* Staff check a client's certificate by scanning its QR code, as anyone can on the public page. */}
      <ScanCertificateButton variant="ghost" compact />
      <LanguageSwitch />
      <NotificationBell />
      {/* A long name (Vietnamese names run to four words) wraps onto a second line rather than being cut. */}
      <span
        className="hidden max-w-44 text-sm leading-tight font-medium break-words md:line-clamp-2"
        data-testid="display-name"
      >
        {login?.data.user.displayName}
      </span>
      <UserMenu />
    </header>
  );
}
