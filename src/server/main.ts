import { serve } from '@hono/node-server';
import { parseEnv } from './env.ts';
import { createLogger } from './logger.ts';
import { bootServer } from './server.ts';
import { removeUnclaimedAttachments } from './services/public-attachments.ts';

const env = parseEnv();
const logger = createLogger(env);
const { app, database, mailer, notifier, seeded, background } = await bootServer(env, logger);

if (seeded && !env.ADMIN_PASSWORD) {
  // Printed on stdout as well as logged, so a person starting the server for the first time sees it.
  process.stdout.write(`\n  ${seeded.message}\n\n`);
}

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  logger.info(
    { port: info.port, database: database.kind },
    `Isotope Lab listening on http://localhost:${info.port} (API at /api, reference at /api/docs)`,
  );
});

// Mail left unsent (SMTP down, or an instance stopped mid-send) is retried every minute.
const mailTimer = setInterval(() => {
  mailer.deliver(database.db).catch((err: unknown) => logger.warn({ err }, 'mail delivery failed'));
}, 60_000);
mailTimer.unref();

// Open streams hear of notifications written by other instances, and pushes due for a retry go out.
const notificationTimer = setInterval(() => void notifier.tick(database.db), 5_000);
notificationTimer.unref();

// Attachments of the public form that no booking took within the hour are removed.
const cleanUpAttachments = () =>
  removeUnclaimedAttachments(database.db)
    .then((removed) => {
      if (removed) logger.info({ removed }, 'unclaimed attachments removed');
    })
    .catch((err: unknown) => logger.warn({ err }, 'attachment clean-up failed'));
void cleanUpAttachments();
const cleanUpTimer = setInterval(cleanUpAttachments, 10 * 60_000);
cleanUpTimer.unref();

const shutdown = (signal: string) => {
  logger.info({ signal }, 'shutting down');
  server.close(() => {
    void background
      .settled()
      .then(() => database.close())
      .finally(() => process.exit(0));
  });
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
