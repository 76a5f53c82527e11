import { BellRingIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/app/lib/toast';
import { DropdownMenuCheckboxItem } from '@/app/components/ui/dropdown-menu';
import { readPushState, subscribeToPush, unsubscribeFromPush, type PushState } from '@/app/lib/session/web-push';

/**
 * The user menu's switch for Web Push on this device. Nothing is asked on load: the browser's
 * permission prompt appears only when the person turns the switch on.
 */
export function PushSwitch() {
  const { t } = useTranslation('notifications');
  const [state, setState] = useState<PushState | 'busy'>('busy');

  useEffect(() => {
    let live = true;
    readPushState()
      .then((current) => live && setState(current))
      .catch(() => live && setState('off'));
    return () => {
      live = false;
    };
  }, []);

  const toggle = async () => {
    const turningOn = state !== 'on';
    setState('busy');
    try {
      const next = turningOn ? await subscribeToPush() : await unsubscribeFromPush();
      setState(next);
      if (next === 'on') toast.success(t('push.on'));
      else if (next === 'denied') toast.error(t('push.denied'));
      else if (next === 'unsupported') toast.info(t('push.unsupported'));
      else if (!turningOn) toast.success(t('push.off'));
    } catch {
      setState(await readPushState().catch(() => 'off' as const));
      toast.error(t('push.failed'));
    }
  };

  return (
    <DropdownMenuCheckboxItem
      checked={state === 'on'}
      disabled={state === 'busy' || state === 'unsupported'}
      title={state === 'unsupported' ? t('push.unsupported') : state === 'denied' ? t('push.denied') : undefined}
      // The menu stays open so the person sees the switch move.
      onSelect={(event) => {
        event.preventDefault();
        void toggle();
      }}
      data-testid="push-switch"
    >
      <BellRingIcon />
      {t('push.label')}
    </DropdownMenuCheckboxItem>
  );
}
