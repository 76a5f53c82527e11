import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { sessionEvents } from '@/app/lib/session/session';
import { toastLater } from '@/app/lib/toast-later';

/** When the server refuses the session for good: say so, forget cached data, go to sign-in. */
export function SessionExpiryListener() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(() => {
    const onExpired = () => {
      toastLater((toast) =>
        toast.error(t('unauthorizedTitle'), { id: 'session-expired', description: t('sessionExpired') }),
      );
      queryClient.clear();
      void navigate({ to: '/auth/login', replace: true });
    };
    sessionEvents.addEventListener('expired', onExpired);
    return () => sessionEvents.removeEventListener('expired', onExpired);
  }, [navigate, queryClient, t]);
  return null;
}
