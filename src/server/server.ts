import path from 'node:path';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import type { Env } from './env.ts';
import type { Logger } from './logger.ts';
import { loadSigningKey } from './auth/tokens.ts';
import { createBackground } from './services/background.ts';
import { createMailer } from './services/mail.ts';
import { startNotifier } from './services/notifier.ts';
import { seedDatabase } from './seed.ts';

/** Opens and migrates the database, seeds it, and builds the app: what main.ts and the e2e server share. */
export async function bootServer(env: Env, logger: Logger) {
  const database = openDatabase({ url: env.DATABASE_URL, dataDir: path.resolve(env.DATA_DIR) });
  await database.migrate();
  const seeded = await seedDatabase(database.db, env, logger);
  const signingKey = await loadSigningKey(database.db, env);
  const mailer = createMailer(env, logger);
  const notifier = await startNotifier(database.db, env, logger);
  const background = createBackground(logger);
  const app = createApp({ env, logger, database, mailer, notifier, signingKey, background });
  mailer.deliver(database.db).catch((err: unknown) => logger.warn({ err }, 'mail delivery failed'));
  return { app, database, mailer, notifier, seeded, background };
}
