import { useLocation } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { useStoredLogin } from '@/app/lib/use-session';
import { rememberRedirect } from '@/app/lib/session';
import { LoginPage } from './login-page';
import { SignOutProvider } from './sign-out';

/**
 * A protected screen (spec 2): without a stored user it remembers where the user was going and
 * shows the sign-in form in place; after signing in the user comes back here.
 */
export function ProtectedArea({ children }: { children: ReactNode }) {
  const login = useStoredLogin();
  const location = useLocation();
  const isSignedIn = login !== null;
  useEffect(() => {
    if (!isSignedIn) rememberRedirect(location.href);
  }, [isSignedIn, location.href]);
  return isSignedIn ? <SignOutProvider>{children}</SignOutProvider> : <LoginPage />;
}
