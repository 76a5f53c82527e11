import path from 'node:path';
import { createApp } from './app.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createBackupToken } from './db/running-server.ts';
import type { Env } from './env.ts';
import { createErrorReporter, type ErrorReporter } from './error-reporting.ts';
import type { Traffic } from './http/context.ts';
import type { Logger } from './logger.ts';
import { loadSigningKey } from './auth/tokens.ts';
import { claimAuditChainKey, resolveAuditChainKey } from './services/custody/audit-chain-key.ts';
import { createBackground } from './services/background.ts';
import { createMailer } from './services/messaging/outbound-mail.ts';
import { startNotifier } from './services/messaging/notifier.ts';
import { loadCertificateSigning } from './services/certificates/certificate-signing.ts';
import { startPdfWorkers } from './services/pdf-render.ts';
import { seedDatabase } from './seed.ts';

/** The database this configuration names, with its pool and timeouts. */
export function openConfiguredDatabase(env: Env): Database {
  return openDatabase({
    url: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    poolSize: env.DATABASE_POOL_SIZE,
    connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
  });
}

/**
 * An outage is told once when it starts (logged and reported) and once when it ends (logged), however
 * many requests fail in between. Returns the function that stops watching.
 */
export function reportDatabaseOutages(database: Database, logger: Logger, errorReporter: ErrorReporter) {
  return database.availability.onChange((change) => {
    if (!change.available) {
      logger.error({ err: change.error }, 'database unavailable: requests answer 503 until it is back');
      errorReporter.report(change.error, { tags: { outage: 'database' } });
    } else {
      logger.info({ downForMs: change.downForMs }, 'database available again');
    }
  });
}

/** Opens and migrates the database, seeds it, and builds the app: what main.ts and the e2e server share. */
export async function bootServer(env: Env, logger: Logger) {
  const database = openConfiguredDatabase(env);
  const errorReporter = createErrorReporter(env, logger);
  reportDatabaseOutages(database, logger, errorReporter);
  let seeded: Awaited<ReturnType<typeof seedDatabase>>;
  await database.migrate(async (db) => {
    seeded = await seedDatabase(db, env, logger);
  });
  const signingKey = await loadSigningKey(database.db, env);
  // Made (or read, or the configured file checked) now: a bad CERTIFICATE_SIGNING_P12 stops the start.
  await loadCertificateSigning(database.db, env);
  startPdfWorkers();
  const auditChainKey = resolveAuditChainKey(env);
  await claimAuditChainKey(database.db, auditChainKey);
  const mailer = createMailer(env, logger);
  const notifier = await startNotifier(database.db, env, logger);
  const background = createBackground(logger);
  const traffic: Traffic = { inFlight: 0, isStopping: false };
  const backupToken = database.kind === 'pglite' ? createBackupToken() : undefined;
  const app = createApp({
    env,
    logger,
    database,
    mailer,
    notifier,
    signingKey,
    background,
    errorReporter,
    traffic,
    backupToken,
    auditChainKey,
  });
  mailer.deliver(database.db).catch((err: unknown) => logger.warn({ err }, 'mail delivery failed'));
  return { app, database, mailer, notifier, seeded, background, errorReporter, traffic, backupToken };
}
