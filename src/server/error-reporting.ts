import { execFileSync } from 'node:child_process';
import {
  NodeClient,
  Scope,
  defaultStackParser,
  linkedErrorsIntegration,
  makeNodeTransport,
  type ErrorEvent,
} from '@sentry/node';
import { API_VERSION } from './version.ts';
import type { Env } from './env.ts';
import type { Logger } from './logger.ts';
import { scrubSecrets } from '../shared/secret-scrubbing.ts';

/** What the app needs to report its own failures to the same place (public: a DSN is meant for browsers). */
type ErrorReportingSettings = { dsn: string; environment: string; release: string };

export type ErrorReporter = {
  /** Null when SENTRY_DSN is not set: nothing is reported anywhere. */
  settings: ErrorReportingSettings | null;
  report: (error: unknown, context?: { tags?: Record<string, string>; extra?: Record<string, unknown> }) => void;
  /** Waits (at most timeoutMs) until reports already made have been sent: before the process stops. */
  flush: (timeoutMs?: number) => Promise<boolean>;
};

let commitOfCheckout: string | undefined | null = null;

/** The commit this server runs: GIT_COMMIT when the build set it, else the checkout's, else none. */
function currentCommit(env: Pick<Env, 'GIT_COMMIT'>): string | undefined {
  if (env.GIT_COMMIT) return env.GIT_COMMIT;
  if (commitOfCheckout === null) {
    try {
      commitOfCheckout = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], {
        stdio: ['ignore', 'pipe', 'ignore'],
        timeout: 2_000,
      })
        .toString()
        .trim();
    } catch {
      commitOfCheckout = undefined;
    }
  }
  return commitOfCheckout || undefined;
}

/** The release both SDKs report: the package version with the commit, `isotope-lab@2.1.0+1a2b3c4d5e6f`. */
function releaseName(env: Pick<Env, 'GIT_COMMIT'>): string {
  const commit = currentCommit(env);
  return `isotope-lab@${API_VERSION}${commit ? `+${commit}` : ''}`;
}

/** The last look at every event before it leaves: nothing secret goes. */
export function scrubEvent(event: ErrorEvent): ErrorEvent {
  const scrubbed = scrubSecrets(event);
  if (scrubbed.request) {
    delete scrubbed.request.cookies;
    delete scrubbed.request.data;
  }
  if (scrubbed.user) scrubbed.user = { id: scrubbed.user.id };
  return scrubbed;
}

/**
 * Error reporting through the Sentry SDK (Sentry or a self-hosted GlitchTip), off unless SENTRY_DSN
 * is set. The client is this app's own rather than the SDK's global one, so a process that builds
 * several apps (tests) keeps their reports apart, and nothing is patched or instrumented: the app
 * decides what is an error (any 5xx, the first failure of a database outage).
 */
export function createErrorReporter(
  env: Pick<Env, 'SENTRY_DSN' | 'SENTRY_ENVIRONMENT' | 'NODE_ENV' | 'GIT_COMMIT'>,
  logger: Logger,
): ErrorReporter {
  if (!env.SENTRY_DSN) {
    return { settings: null, report: () => undefined, flush: async () => true };
  }
  const settings: ErrorReportingSettings = {
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    release: releaseName(env),
  };
  const client = new NodeClient({
    ...settings,
    transport: makeNodeTransport,
    stackParser: defaultStackParser,
    integrations: [linkedErrorsIntegration()],
    serverName: undefined,
    beforeSend: (event) => scrubEvent(event),
  });
  const scope = new Scope();
  scope.setClient(client);
  client.init();
  return {
    settings,
    report(error, context = {}) {
      try {
        scope.captureException(error, { captureContext: { tags: context.tags, extra: context.extra } });
      } catch (failure) {
        logger.warn({ err: failure }, 'error report not sent');
      }
    },
    flush: (timeoutMs = 2_000) => Promise.resolve(client.flush(timeoutMs)),
  };
}
