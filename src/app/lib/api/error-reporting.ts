import { scrubSecrets } from '@/shared/secret-scrubbing';
import { ApiError, isNetworkError, isServerUnavailable } from './api-error';
import { appConfig, type ErrorReportingSettings } from './app-config';

/**
 * The app's error reporting ("failures are also sent to an error-reporting service, except
 * for the public country list"). One build serves every laboratory, so where to report is asked of
 * the server at start (GET /api/app-config); without a SENTRY_DSN there, nothing is reported and
 * the SDK is never even loaded (it is its own chunk, fetched only when a laboratory turns it on).
 */

type SentrySdk = typeof import('@sentry/react');

let sentry: SentrySdk | undefined;

export async function startErrorReporting(fetchConfig?: typeof fetch): Promise<boolean> {
  if (sentry) return true;
  let settings: ErrorReportingSettings;
  try {
    settings = (await appConfig(fetchConfig)).errorReporting ?? null;
  } catch {
    // Offline at start: the app works without reporting, as it does without a DSN.
    return false;
  }
  if (!settings) return false;
  const sdk = await import('@sentry/react');
  sdk.init({
    dsn: settings.dsn,
    environment: settings.environment,
    release: settings.release,
    beforeSend: (event) => {
      const scrubbed = scrubSecrets(event);
      if (scrubbed.user) scrubbed.user = { id: scrubbed.user.id };
      return scrubbed;
    },
    beforeBreadcrumb: (breadcrumb) => scrubSecrets(breadcrumb),
  });
  sentry = sdk;
  return true;
}

/** Which failed calls are worth a report: not the offline ones, not an ended session, not an outage the server reports itself. */
export function isReportable(error: unknown, options: { notReported?: boolean } = {}): boolean {
  if (options.notReported) return false;
  if (isNetworkError(error)) return false;
  if (isServerUnavailable(error)) return false;
  if (error instanceof ApiError && error.status === 401) return false;
  return true;
}

/** Reports a failed data call (a query or a mutation), with what it was and the server's answer. */
export function reportFailedCall(
  error: unknown,
  call: { kind: 'query' | 'mutation'; key?: unknown; notReported?: boolean },
) {
  const sdk = sentry;
  if (!sdk || !isReportable(error, call)) return;
  sdk.withScope((scope) => {
    scope.setTag('call', call.kind);
    if (call.key !== undefined) scope.setExtra('key', JSON.stringify(call.key));
    if (error instanceof ApiError) {
      scope.setTag('status', String(error.status));
      if (error.code) scope.setTag('code', error.code);
      // The spec stores the answer body as the error text; send the same (scrubbed before it leaves).
      scope.setExtra('response', error.body);
      sdk.captureException(new Error(`${error.status} ${error.message || 'failed call'}`, { cause: error }));
    } else {
      sdk.captureException(error);
    }
  });
}
