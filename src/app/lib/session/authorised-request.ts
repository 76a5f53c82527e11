/**
 * The one way a request carries the signed-in session. The typed API client, the offline lists'
 * fetch, the outbox's sender, the notification stream and the upload of a clean-isotope file all
 * send through `sendAuthorised`: the access token goes in the bearer header, and a 401 renews the
 * token once and sends the request once more.
 *
 * The tokens come from a `TokenSource`, so the service worker (which has no localStorage and reads
 * the session's mirror) sends the same way as a page. This module imports nothing of the page's
 * session for that reason; the page's source is `pageSession` in session.ts.
 */

export type TokenSource = {
  getAccessToken: () => Promise<string | null> | string | null;
  /** A renewed access token, or null when the session cannot be renewed. May throw when offline. */
  refreshAccessToken: () => Promise<string | null>;
};

/** The headers that carry a token: none without one. */
function authorisation(token: string | null): Record<string, string> {
  return token ? { authorization: `Bearer ${token}` } : {};
}

async function sendRenewingOnce<Answer extends { status: number }>(
  send: (headers: Record<string, string>) => Promise<Answer>,
  session: TokenSource,
  token: string | null,
): Promise<Answer> {
  const answer = await send(authorisation(token));
  if (answer.status !== 401) return answer;
  const renewed = await session.refreshAccessToken();
  return renewed ? send(authorisation(renewed)) : answer;
}

/**
 * Sends once with the current token, or with none (public calls); on a 401 renews the token and
 * sends again, once. `send` makes the request with the headers it is given, and must be able to make
 * it twice (a body is read again). A 401 nothing could renew comes back as it is.
 */
export async function sendAuthorised<Answer extends { status: number }>(
  send: (headers: Record<string, string>) => Promise<Answer>,
  session: TokenSource,
): Promise<Answer> {
  return sendRenewingOnce(send, session, await session.getAccessToken());
}

/**
 * As `sendAuthorised`, for requests that mean nothing without a session (the outbox, the
 * notification stream): with no token, and none to be had by renewing, no request is made and the
 * answer is `undefined`.
 */
export async function sendInSession<Answer extends { status: number }>(
  send: (headers: Record<string, string>) => Promise<Answer>,
  session: TokenSource,
): Promise<Answer | undefined> {
  const token = (await session.getAccessToken()) ?? (await session.refreshAccessToken());
  return token ? sendRenewingOnce(send, session, token) : undefined;
}
