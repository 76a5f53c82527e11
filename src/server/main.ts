import type { Server } from 'node:http';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { announceRunningServer } from './db/running-server.ts';
import { parseEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { bootServer } from './server.ts';
import { anchorAuditChainIfDue } from './services/custody/audit-anchor.ts';
import { removeExpiredRecords } from './services/housekeeping.ts';
import { shutDownGracefully } from './shutdown.ts';

const env = parseEnv();
const logger = createLogger(env);
const { app, database, mailer, notifier, seeded, background, errorReporter, traffic, backupToken } = await bootServer(
  env,
  logger,
);
let withdrawAnnouncement = (): void => undefined;

if (seeded && !env.ADMIN_PASSWORD) {
  // Printed on stdout as well as logged, so a person starting the server for the first time sees it.
  process.stdout.write(`\n  ${seeded.message}\n\n`);
}

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  // npm run backup, run beside this server, asks it for the embedded database's snapshot.
  if (backupToken) {
    withdrawAnnouncement = announceRunningServer(
      path.resolve(env.DATA_DIR),
      { host: env.HOST, port: info.port },
      backupToken,
    );
  }
  logger.info(
    { port: info.port, database: database.kind },
    `Isotope Lab listening on http://localhost:${info.port} (API at /api, reference at /api/docs)`,
  );
}) as Server;

// Mail left unsent (SMTP down, or an instance stopped mid-send) is retried every minute.
const mailTimer = setInterval(() => {
  mailer.deliver(database.db).catch((err: unknown) => logger.warn({ err }, 'mail delivery failed'));
}, 60_000);
mailTimer.unref();

// Open streams hear of notifications written by other instances, and pushes due for a retry go out.
const notificationTimer = setInterval(() => void notifier.tick(database.db), 5_000);
notificationTimer.unref();

// Attachments of the public form that no booking took within the hour, and expired quick-fill codes,
// are removed.
const cleanUp = () =>
  removeExpiredRecords(database.db)
    .then((removed) => {
      if (removed.attachments || removed.quickFillCodes) logger.info(removed, 'expired records removed');
    })
    .catch((err: unknown) => logger.warn({ err }, 'clean-up failed'));
void cleanUp();
const cleanUpTimer = setInterval(cleanUp, 10 * 60_000);
cleanUpTimer.unref();

// The chain of custody's head is published once a day (log, mail, audit_anchor). Asked every hour, so
// a server that was down at midnight anchors soon after it starts; one anchor a day across instances.
const anchorChain = () =>
  anchorAuditChainIfDue(database.db, {
    mailer,
    logger,
    labTimeZone: env.LAB_TIME_ZONE,
    anchorEmail: env.AUDIT_ANCHOR_EMAIL,
  })
    .then((anchored) => {
      if (anchored && mailer.hasQueued) return mailer.deliver(database.db);
    })
    .catch((err: unknown) => logger.warn({ err }, 'anchoring the chain of custody failed'));
void anchorChain();
const anchorTimer = setInterval(anchorChain, 60 * 60_000);
anchorTimer.unref();

// Failures outside any request (a timer, a library's event) are reported too; the process goes on.
process.on('unhandledRejection', (reason) => {
  logger.error({ err: reason }, 'unhandled rejection');
  errorReporter.report(reason, { tags: { source: 'unhandledRejection' } });
});

let stopping: Promise<void> | undefined;
const shutdown = (signal: string) => {
  if (stopping) return;
  logger.info({ signal, inFlight: traffic.inFlight }, 'shutting down: finishing the requests in flight');
  stopping = shutDownGracefully({
    server,
    traffic,
    database,
    mailer,
    errorReporter,
    logger,
    timeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    timers: [mailTimer, notificationTimer, cleanUpTimer, anchorTimer],
    background,
  })
    .then(() => {
      withdrawAnnouncement();
      logger.info('stopped');
      process.exit(0);
    })
    .catch((error: unknown) => {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
