import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { LoadingView } from '@/app/components/page/loading-view';
import { useStoredLogin } from '@/app/lib/session/use-session';
import { rememberRedirect } from '@/app/lib/session/session';
import { SignOutProvider } from './sign-out';

// Fetched only for a visitor who is not signed in: a signed-in screen does not wait for it.
const LoginPage = lazy(() => import('./login-page').then((chunk) => ({ default: chunk.LoginPage })));

/**
 * A protected screen: without a stored user it remembers where the user was going and
 * shows the sign-in form in place; after signing in the user comes back here.
 */
export function ProtectedArea({ children }: { children: ReactNode }) {
  const login = useStoredLogin();
  const location = useLocation();
  const isSignedIn = login !== null;
  useEffect(() => {
    if (!isSignedIn) rememberRedirect(location.href);
  }, [isSignedIn, location.href]);
  return isSignedIn ? (
    <SignOutProvider>{children}</SignOutProvider>
  ) : (
    <Suspense fallback={<LoadingView />}>
      <LoginPage />
    </Suspense>
  );
}
