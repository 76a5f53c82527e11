// The real app on a fresh, seeded database, signed in as the administrator: what every bench that
// times requests starts from. Embedded PGlite by default; a database of its own on the PostgreSQL
// server at `postgresUrl` when one is given (dropped again on close).
import pg from 'pg';
import { createApp, type App } from '../src/server/app.ts';
import { loadSigningKey } from '../src/server/auth/tokens.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { parseEnv, type Env } from '../src/server/env.ts';
import { createLogger } from '../src/server/logger.ts';
import { createBackground, type Background } from '../src/server/services/background.ts';
import { createMailer } from '../src/server/services/messaging/outbound-mail.ts';
import { startNotifier, type Notifier } from '../src/server/services/messaging/notifier.ts';
import { seedDatabase } from '../src/server/seed.ts';

export const BENCH_PASSWORD = 'bench-password-1';

export type BenchApp = {
  app: App;
  database: Database;
  env: Env;
  notifier: Notifier;
  background: Background;
  /** The administrator's access token. */
  token: string;
  /** Signs in with a username (or e-mail) and the bench password; returns the access token. */
  signIn: (login: string) => Promise<string>;
  close: () => Promise<void>;
};

async function openBenchDatabase(postgresUrl: string | undefined, name: string): Promise<Database> {
  if (!postgresUrl) return openDatabase({});
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString() });
  const close = database.close;
  database.close = async () => {
    await close();
    const cleanup = new pg.Client({ connectionString: postgresUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
  return database;
}

export type BenchAppOptions = {
  postgresUrl?: string;
  /** Names the PostgreSQL database (isotope_bench_<name>). */
  name?: string;
  env?: Record<string, string>;
};

export async function openBenchApp(options: BenchAppOptions = {}): Promise<BenchApp> {
  const env = parseEnv({ LOG_LEVEL: 'silent', ADMIN_PASSWORD: BENCH_PASSWORD, STATIC_DIR: '', ...options.env });
  const database = await openBenchDatabase(options.postgresUrl, `isotope_bench_${options.name ?? process.pid}`);
  await database.migrate();
  await seedDatabase(database.db, env);
  const logger = createLogger(env);
  const background = createBackground(logger);
  const notifier = await startNotifier(database.db, env, logger);
  const app = createApp({
    env,
    logger,
    database,
    mailer: createMailer(env, logger),
    notifier,
    signingKey: await loadSigningKey(database.db, env),
    background,
  });
  const signIn = async (login: string) => {
    const response = await app.request('/api/auth', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: login, password: BENCH_PASSWORD }),
    });
    return ((await response.json()) as { data: { accessToken: string } }).data.accessToken;
  };
  const token = await signIn('admin');
  return {
    app,
    database,
    env,
    notifier,
    background,
    token,
    signIn,
    close: () => database.close(),
  };
}
