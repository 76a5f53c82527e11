import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ProtectedArea } from '../../../src/app/features/auth/protected-area.tsx';
import { useSignOut } from '../../../src/app/features/auth/sign-out.tsx';
import { i18n } from '../../../src/app/lib/words/i18n.ts';
import { getRefreshToken, takeRedirect } from '../../../src/app/lib/session/session.ts';
import { signInWith } from '../support/session.ts';

function Workbench() {
  const { requestSignOut } = useSignOut();
  return (
    <button type="button" onClick={() => void requestSignOut()}>
      Sign out here
    </button>
  );
}

/** A protected screen and a sign-in page whose loading the test holds, as a slow device would. */
function renderSignedInScreen(signInPageLoads: Promise<void>) {
  const root = createRootRoute({ component: Outlet });
  const routes = [
    createRoute({
      getParentRoute: () => root,
      path: '/samples',
      component: () => (
        <ProtectedArea>
          <Workbench />
        </ProtectedArea>
      ),
    }),
    createRoute({
      getParentRoute: () => root,
      path: '/auth/login',
      beforeLoad: () => signInPageLoads,
      component: () => <p>The sign-in page</p>,
    }),
  ];
  const router = createRouter({
    routeTree: root.addChildren(routes),
    history: createMemoryHistory({ initialEntries: ['/samples'] }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

const realFetch = globalThis.fetch;

beforeEach(async () => {
  // jsdom has no scrolling; the router restores scroll positions on navigation.
  window.scrollTo = () => undefined;
  // No server here: revoking on the server is best effort and fails as it would offline.
  globalThis.fetch = () => Promise.reject(new TypeError('Failed to fetch'));
  takeRedirect();
  await i18n.changeLanguage('en');
});

afterEach(() => {
  cleanup();
  globalThis.fetch = realFetch;
});

describe('signing out', () => {
  it('draws no sign-in form of its own while the sign-in page loads, and remembers no screen for the next person', async () => {
    signInWith(['CanViewSample']);
    let showSignInPage = () => undefined as void;
    const router = renderSignedInScreen(new Promise<void>((resolve) => (showSignInPage = resolve)));

    await userEvent.click(await screen.findByRole('button', { name: 'Sign out here' }));
    await waitFor(() => expect(getRefreshToken()).toBeNull());
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));

    // The sign-in page is still loading: a form drawn in its place now would be replaced by the
    // page's own, with whatever was typed into it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('form', { name: 'Sign-in form' })).toBeNull();
    expect(screen.getByTestId('loading-view')).toBeTruthy();

    showSignInPage();
    expect(await screen.findByText('The sign-in page')).toBeTruthy();
    expect(takeRedirect()).toBeNull();
  });
});
