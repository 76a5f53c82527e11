import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { LoadingView } from '@/app/components/page/loading-view';
import { useStoredLogin } from '@/app/lib/session/use-session';
import { rememberRedirect } from '@/app/lib/session/session';
import { SignOutProvider } from './sign-out';

// Fetched only for a visitor who is not signed in: a signed-in screen does not wait for it.
const LoginPage = lazy(() => import('./login-page').then((chunk) => ({ default: chunk.LoginPage })));

/**
 * A protected screen: without a stored user it remembers where the user was going and
 * shows the sign-in form in place; after signing in the user comes back here.
 *
 * A deliberate sign-out is different: the sign-in page is on its way, so nothing is remembered and
 * no form is drawn here in between. One drawn here would be replaced by the sign-in page's own a
 * moment later, losing what was typed into it, and the screen remembered would send the next
 * person to sign in to a screen of the last one's.
 */
export function ProtectedArea({ children }: { children: ReactNode }) {
  const login = useStoredLogin();
  const location = useLocation();
  const [signingOut, setSigningOut] = useState(false);
  const beginSignOut = useCallback(() => setSigningOut(true), []);
  const isSignedIn = login !== null;
  useEffect(() => {
    if (!isSignedIn && !signingOut) rememberRedirect(location.href);
  }, [isSignedIn, signingOut, location.href]);
  if (isSignedIn) return <SignOutProvider onSigningOut={beginSignOut}>{children}</SignOutProvider>;
  if (signingOut) return <LoadingView />;
  return (
    <Suspense fallback={<LoadingView />}>
      <LoginPage />
    </Suspense>
  );
}
