import { DownloadIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';
import { forgetInstallPrompt, installPrompt, subscribeToInstallPrompt } from './install-prompt';

/** Shown only when the browser offers installation. */
export function InstallButton() {
  const { t } = useTranslation('pwa');
  const [canInstall, setCanInstall] = useState(installPrompt() !== null);
  useEffect(() => subscribeToInstallPrompt(() => setCanInstall(installPrompt() !== null)), []);
  if (!canInstall) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('install')}
      onClick={async () => {
        const prompt = installPrompt();
        if (!prompt) return;
        await prompt.prompt();
        await prompt.userChoice;
        forgetInstallPrompt();
        setCanInstall(false);
      }}
    >
      <DownloadIcon />
      <span className="hidden sm:inline">{t('install')}</span>
    </Button>
  );
}
