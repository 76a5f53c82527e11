import { DownloadIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/app/components/ui/button';

type InstallPromptEvent = Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };

// The browser fires beforeinstallprompt once, possibly before React mounts: keep it here.
let deferredPrompt: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();

export function listenForInstallPrompt() {
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferredPrompt = event as InstallPromptEvent;
    for (const listener of listeners) listener();
  });
  window.addEventListener('appinstalled', () => {
    deferredPrompt = null;
    for (const listener of listeners) listener();
  });
}

/** Shown only when the browser offers installation. */
export function InstallButton() {
  const { t } = useTranslation('pwa');
  const [canInstall, setCanInstall] = useState(deferredPrompt !== null);
  useEffect(() => {
    const update = () => setCanInstall(deferredPrompt !== null);
    listeners.add(update);
    return () => {
      listeners.delete(update);
    };
  }, []);
  if (!canInstall) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      aria-label={t('install')}
      onClick={async () => {
        const prompt = deferredPrompt;
        if (!prompt) return;
        await prompt.prompt();
        await prompt.userChoice;
        deferredPrompt = null;
        setCanInstall(false);
      }}
    >
      <DownloadIcon />
      <span className="hidden sm:inline">{t('install')}</span>
    </Button>
  );
}
