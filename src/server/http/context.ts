import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Database, Executor } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { ErrorReporter } from '../error-reporting.ts';
import type { Logger } from '../logger.ts';
import type { Background } from '../services/background.ts';
import type { Metrics } from '../metrics.ts';
import type { AuthUser } from '../auth/auth-user.ts';
import type { Mailer } from '../services/messaging/outbound-mail.ts';
import type { Notifier } from '../services/messaging/notifier.ts';

/** What the app is built from; tests build the same app from their own database. */
import type { AuditChainKey } from '../services/custody/audit-chain-key.ts';

export type Deps = {
  env: Env;
  logger: Logger;
  database: Database;
  mailer: Mailer;
  notifier: Notifier;
  signingKey: Uint8Array;
  background: Background;
  metrics: Metrics;
  errorReporter: ErrorReporter;
  traffic: Traffic;
  /** Set when this server serves an embedded database: `npm run backup` asks it for the snapshot. */
  backupToken?: string;
  /** The chain of custody's key, when the caller resolved it already (bootServer); else read from env. */
  auditChainKey?: AuditChainKey;
};

/** Requests being answered now, and whether the server is stopping (shutdown.ts waits and refuses). */
export type Traffic = { inFlight: number; isStopping: boolean };

/**
 * Metrics, error reporting, the traffic count, background work and (without Web Push) the
 * notifier are made by createApp when not given.
 */
export type AppInputs = Omit<Deps, 'metrics' | 'errorReporter' | 'traffic' | 'notifier' | 'background'> & Partial<Deps>;

export type { AuthUser } from '../auth/auth-user.ts';

export type AppEnv = {
  Variables: {
    deps: Deps;
    /** The database, or the transaction this request runs in (idempotent mutations). */
    db: Executor;
    auth: AuthUser;
    /** A client's session (http/client-session.ts): the e-mail address it speaks for, never a staff user. */
    client: { email: string };
    requestId: string;
    /**
     * Work to start once the request's changes have committed (an idempotent mutation commits only
     * when its handler has answered): it reads what they wrote from the database itself.
     */
    afterCommit: (() => void)[];
  };
};

/** The router every route module registers on (app.ts creates it; routes never import app.ts). */
export type AppRouter = OpenAPIHono<AppEnv>;
