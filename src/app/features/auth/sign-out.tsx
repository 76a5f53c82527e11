import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { createContext, useCallback, useContext, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConfirmDialogProps } from '@/app/components/confirm-dialog';
import { clearSession, getRefreshToken, takeRedirect } from '@/app/lib/session/session';
import { unsubscribeFromPush } from '@/app/lib/session/web-push';
import { signOutOnServer } from './auth-api';

type SignOutContextValue = { requestSignOut: () => Promise<void> };
const SignOutContext = createContext<SignOutContextValue | null>(null);

/**
 * Signing out forgets everything on this device, including changes still waiting in the outbox,
 * so when any are unsent the user is warned first and must confirm.
 */
export function SignOutProvider({ children, onSigningOut }: { children: ReactNode; onSigningOut: () => void }) {
  const { t } = useTranslation('layout');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [pendingCount, setPendingCount] = useState(0);
  // The warning's dialog (Radix's alert dialog) is fetched when there is something to warn of.
  const [ConfirmDialog, setConfirmDialog] = useState<ComponentType<ConfirmDialogProps> | null>(null);

  const signOut = useCallback(async () => {
    setPendingCount(0);
    // While the token still works: this browser stops receiving this person's notifications.
    await unsubscribeFromPush().catch(() => undefined);
    const refreshToken = getRefreshToken();
    if (refreshToken) {
      // Revoking on the server is best effort: offline, the token simply expires.
      await signOutOnServer(refreshToken).catch(() => undefined);
    }
    onSigningOut();
    clearSession();
    // A screen remembered when an earlier session expired is not one for whoever signs in next.
    takeRedirect();
    // Before the sign-in page shows: a sign-in made while this ran would lose its own offline data.
    await import('@/app/offline/session-mirror')
      .then(({ clearOfflineData }) => clearOfflineData())
      .catch(() => undefined);
    queryClient.clear();
    await navigate({ to: '/auth/login', replace: true });
  }, [navigate, onSigningOut, queryClient]);

  const requestSignOut = useCallback(async () => {
    // The offline layer (Dexie) is fetched here, not with every staff screen;
    // the header's sync indicator has fetched it long before. Should it fail to load, the sign-out
    // stops rather than forget changes it could not count or warn of.
    const { countPendingMutations } = await import('@/app/offline/outbox');
    const unsent = await countPendingMutations().catch(() => 0);
    if (unsent > 0) {
      const dialog = await import('@/app/components/confirm-dialog');
      setConfirmDialog(() => dialog.ConfirmDialog);
      setPendingCount(unsent);
    } else await signOut();
  }, [signOut]);

  const value = useMemo(() => ({ requestSignOut }), [requestSignOut]);

  return (
    <SignOutContext value={value}>
      {children}
      {ConfirmDialog && (
        <ConfirmDialog
          open={pendingCount > 0}
          onOpenChange={(open) => !open && setPendingCount(0)}
          title={t('unsentChangesTitle')}
          description={t('unsentChangesDescription', { count: pendingCount })}
          cancelLabel={t('stayLoggedIn')}
          confirmLabel={t('logoutAnyway')}
          destructive
          onConfirm={signOut}
        />
      )}
    </SignOutContext>
  );
}

export function useSignOut(): SignOutContextValue {
  const value = useContext(SignOutContext);
  if (!value) throw new Error('useSignOut must be used inside SignOutProvider');
  return value;
}
