// @vitest-environment node
// The app's session and API client against the REAL server (the Hono app on PGlite, in-process):
// the page's fetch is routed to app.request. The DOM is a jsdom window (support/node-dom.ts), as the server code
// needs Node's environment.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../support/node-dom.ts';

installDom();

vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

const { useTestApp, ADMIN } = await import('../../server/support/test-app.ts');
const t = useTestApp();

// Every request the app makes goes to the real app in this process; `offline` simulates a dead network.
let offline = false;
const refreshCalls: string[] = [];
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  if (offline) throw new TypeError('Failed to fetch');
  // A page's relative path is the page's origin's.
  const request = new Request(
    typeof input === 'string' && input.startsWith('/') ? `http://local${input}` : input,
    init,
  );
  if (new URL(request.url).pathname === '/api/auth/refresh') refreshCalls.push(request.url);
  return t.app.request(request);
};

const session = await import('../../../src/app/lib/session/session.ts');
const { api, unwrap } = await import('../../../src/app/lib/api/api-client.ts');
const { ApiError } = await import('../../../src/app/lib/api/api-error.ts');

async function signInThroughApi() {
  const login = await unwrap(api.POST('/api/auth', { body: { email: ADMIN.username, password: ADMIN.password } }));
  session.storeSession(login as Parameters<typeof session.storeSession>[0]);
  return login;
}

describe('session and API client against the real server', () => {
  beforeEach(() => {
    offline = false;
    refreshCalls.length = 0;
    localStorage.clear();
  });

  it('stores the four keys of a login and sends the bearer token', async () => {
    const changes: unknown[] = [];
    const onChange = (event: Event) => changes.push((event as CustomEvent).detail);
    session.sessionEvents.addEventListener('change', onChange);
    const login = await signInThroughApi();
    session.sessionEvents.removeEventListener('change', onChange);

    expect(localStorage.getItem('access_token')).toBe(login.data.accessToken);
    expect(localStorage.getItem('refresh_token')).toBe(login.data.refreshToken);
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(login);
    expect(JSON.parse(localStorage.getItem('user_info') ?? 'null')).toMatchObject({ username: 'admin' });
    expect(session.getFirstRole()).toBe('Administrator');
    expect(changes).toEqual([{ accessToken: login.data.accessToken, refreshToken: login.data.refreshToken }]);

    const profile = await unwrap(api.GET('/api/user/get-own-user'));
    expect(profile.data.username).toBe('admin');
  });

  it('refreshes once on a 401 and retries the request with the new token, body included', async () => {
    await signInThroughApi();
    const oldRefresh = session.getRefreshToken();
    localStorage.setItem('access_token', 'not-a-valid-token');

    const answer = await unwrap(api.POST('/api/country', { body: { code: 'QX', name: 'Quux', protected: false } }));
    expect(answer.data).toMatchObject({ code: 'QX', name: 'Quux' });
    expect(refreshCalls).toHaveLength(1);
    expect(session.getRefreshToken()).not.toBe(oldRefresh);
    expect(session.getAccessToken()).not.toBe('not-a-valid-token');
  });

  it('renews an expired token the same way for the offline lists and the notification stream', async () => {
    const { fetchWithSession } = await import('../../../src/app/offline/page-fetch.ts');
    const { openNotificationStream } = await import('../../../src/app/features/notifications/notification-stream.ts');
    await signInThroughApi();

    localStorage.setItem('access_token', 'not-a-valid-token');
    const list = await fetchWithSession('/api/country?limit=1');
    expect(list.status).toBe(200);
    expect(refreshCalls).toHaveLength(1);

    localStorage.setItem('access_token', 'not-a-valid-token');
    const unread = await new Promise<number>((resolve) => {
      const stop = openNotificationStream({
        onReady: (count) => {
          stop();
          resolve(count);
        },
        onNotification: () => undefined,
      });
    });
    expect(unread).toEqual(expect.any(Number));
    expect(refreshCalls).toHaveLength(2);
    expect(session.getAccessToken()).not.toBe('not-a-valid-token');
  });

  it('runs concurrent refreshes as one: the rotating refresh token is spent once', async () => {
    await signInThroughApi();
    localStorage.setItem('access_token', 'expired');
    const [a, b, c] = await Promise.all([
      unwrap(api.GET('/api/user/get-own-user')),
      unwrap(api.GET('/api/user/get-own-user')),
      session.refreshAccessToken(),
    ]);
    expect(a.data.username).toBe('admin');
    expect(b.data.username).toBe('admin');
    expect(c).toBe(session.getAccessToken());
    expect(refreshCalls).toHaveLength(1);
    // The session survived (a second spend of the same token would have revoked the family).
    expect(await session.refreshAccessToken()).toEqual(expect.any(String));
  });

  it('ends the session when the server refuses the refresh token', async () => {
    await signInThroughApi();
    const refreshToken = session.getRefreshToken() ?? '';
    await unwrap(api.POST('/api/auth/logout', { body: { refreshToken } }));
    localStorage.setItem('access_token', 'expired');
    localStorage.setItem('language', 'vi');
    localStorage.setItem('isotope-lab.lab-time-zone', 'Asia/Ho_Chi_Minh');
    const expired = vi.fn();
    session.sessionEvents.addEventListener('expired', expired);

    const failure = await unwrap(api.GET('/api/user/get-own-user')).catch((error: unknown) => error);
    session.sessionEvents.removeEventListener('expired', expired);

    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as InstanceType<typeof ApiError>).status).toBe(401);
    expect(expired).toHaveBeenCalledTimes(1);
    expect(session.getAccessToken()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    // The interface language and the laboratory's time zone are the device's, not the session's.
    expect(localStorage.getItem('language')).toBe('vi');
    expect(localStorage.getItem('isotope-lab.lab-time-zone')).toBe('Asia/Ho_Chi_Minh');
  });

  it('keeps the session when the server cannot be reached', async () => {
    await signInThroughApi();
    localStorage.setItem('access_token', 'expired');
    offline = true;
    expect(await session.refreshAccessToken()).toBeNull();
    expect(session.getRefreshToken()).not.toBeNull();
    expect(session.hasStoredUser()).toBe(true);
  });

  it('turns an error answer into an ApiError with the message and dotted field errors', async () => {
    await signInThroughApi();
    const failure = await unwrap(
      api.POST('/api/country', { body: { code: 'toolong', name: '', protected: false } }),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    const apiError = failure as InstanceType<typeof ApiError>;
    expect(apiError.status).toBe(400);
    expect(apiError.errors).toMatchObject({ code: 'Code must be 2 or 3 capital letters', name: 'Name is required' });
  });

  it('remembers and forgets the redirect-after-login path', () => {
    session.rememberRedirect('/settings/roles');
    expect(session.takeRedirect()).toBe('/settings/roles');
    expect(session.takeRedirect()).toBeNull();
  });
});
