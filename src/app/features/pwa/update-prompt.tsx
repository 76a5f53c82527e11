import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { applyUpdate, subscribeToUpdates } from './service-worker';

/** Announces a new version and reloads only when the user agrees. */
export function UpdatePrompt() {
  const { t } = useTranslation('pwa');
  useEffect(
    () =>
      subscribeToUpdates((waiting) => {
        if (!waiting) return;
        toast(t('updateTitle'), {
          id: 'app-update',
          description: t('updateDescription'),
          duration: Infinity,
          action: { label: t('reload'), onClick: applyUpdate },
          cancel: { label: t('later'), onClick: () => undefined },
        });
      }),
    [t],
  );
  return null;
}
