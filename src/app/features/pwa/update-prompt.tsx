import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyUpdate, subscribeToUpdates } from './service-worker';
import { toastLater } from '@/app/lib/toast-later';

/** Announces a new version and reloads only when the user agrees. */
export function UpdatePrompt() {
  const { t } = useTranslation('pwa');
  useEffect(
    () =>
      subscribeToUpdates((waiting) => {
        if (!waiting) return;
        toastLater((toast) =>
          toast(t('updateTitle'), {
            id: 'app-update',
            description: t('updateDescription'),
            duration: Infinity,
            action: { label: t('reload'), onClick: applyUpdate },
            cancel: { label: t('later'), onClick: () => undefined },
          }),
        );
      }),
    [t],
  );
  return null;
}
