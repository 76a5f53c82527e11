import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeEach, inject } from 'vitest';
import { createApp, type App } from '../../../src/server/app.ts';
import { openDatabase, type Database } from '../../../src/server/db/client.ts';
import { appUser, role } from '../../../src/server/db/schema.ts';
import { parseEnv, type Env } from '../../../src/server/env.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { hashPassword } from '../../../src/server/auth/passwords.ts';
import { loadSigningKey } from '../../../src/server/auth/tokens.ts';
import { createBackground, type Background } from '../../../src/server/services/background.ts';
import { createMailer } from '../../../src/server/services/messaging/outbound-mail.ts';
import { startNotifier, type Notifier } from '../../../src/server/services/messaging/notifier.ts';
import { seedDatabase } from '../../../src/server/seed.ts';
import type { Permission } from '../../../src/shared/permissions.ts';
import { workerDatabaseName } from './test-databases.ts';

export const ADMIN = { email: 'admin@isotope.lab', username: 'admin', password: 'admin-password-1' };

export type TestApp = {
  app: App;
  database: Database;
  /** The app's notifier: streams and Web Push delivery. */
  notifier: Notifier;
  env: Env;
  /** Sends a request through the real app; body objects are sent as JSON. */
  request: (method: string, path: string, options?: RequestOptions) => Promise<TestResponse>;
  signIn: (login: string, password: string) => Promise<string>;
  signInAsAdmin: () => Promise<string>;
  /** Runs the work answers set off in the background (held until now) and waits for it. */
  settled: () => Promise<void>;
  /** A user holding exactly these permissions (through a role of their own); returns a token. */
  userWith: (
    permissions: readonly Permission[],
    name?: string,
  ) => Promise<{ token: string; id: number; username: string }>;
};

type RequestOptions = {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  form?: FormData;
};

export type TestResponse = { status: number; body: any; headers: Headers; raw: Response };

/**
 * One database per test worker, shared by its tests and emptied between them (PGlite
 * takes seconds to start, so the instance is kept and the data reset). TEST_DB=postgres runs the
 * same tests on a fresh database of the PostgreSQL server at TEST_DATABASE_URL, dropped when the run
 * ends (support/test-databases.ts).
 */
async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openDatabase({});
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = workerDatabaseName(inject('testRun'), process.env.VITEST_POOL_ID ?? '0');
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = openDatabase({ url: url.toString() });
  const close = database.close;
  database.close = async () => {
    await close();
    const cleanup = new pg.Client({ connectionString: base });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
  return database;
}

let shared: Promise<{ database: Database; tables: string[] }> | undefined;

async function workerDatabase() {
  shared ??= (async () => {
    const database = await openTestDatabase();
    await database.migrate();
    const result = await database.db.execute<{ tablename: string }>(
      sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: { tablename: string }[] }).rows) as {
      tablename: string;
    }[];
    return { database, tables: rows.map((r) => r.tablename) };
  })();
  return shared;
}

async function resetDatabase(database: Database, tables: string[]) {
  // TRUNCATE does not fire the audit table's row triggers, so the append-only rule still holds for the app.
  const list = tables.map((t) => `"${t}"`).join(', ');
  await database.db.execute(sql.raw(`TRUNCATE ${list} RESTART IDENTITY CASCADE`));
}

export function testEnv(overrides: Record<string, string> = {}): Env {
  return parseEnv({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    PUBLIC_URL: 'http://lab.test',
    STATIC_DIR: '',
    // The chain of custody's key, so no test writes a key file into the working directory.
    AUDIT_CHAIN_KEY: 'test-only audit chain key, 32+ characters long',
    ...overrides,
  });
}

/** Call at the top of a test file: every test starts from a freshly seeded database. */
export function useTestApp(envOverrides: Record<string, string> = {}): TestApp {
  const env = testEnv(envOverrides);
  const state = {} as { app: App; database: Database; notifier: Notifier; background: Background };
  let userCounter = 0;

  beforeEach(async () => {
    const { database, tables } = await workerDatabase();
    await resetDatabase(database, tables);
    await seedDatabase(database.db, env);
    const logger = createLogger(env);
    const signingKey = await loadSigningKey(database.db, env);
    state.database = database;
    const notifier = await startNotifier(database.db, env, logger);
    state.notifier = notifier;
    state.background = createBackground(logger, { held: true });
    state.app = createApp({
      env,
      logger,
      database,
      mailer: createMailer(env, logger),
      notifier,
      signingKey,
      background: state.background,
    });
    userCounter = 0;
  });

  afterAll(async () => {
    // The worker's database lives until the worker ends; nothing to do per file.
  });

  const request: TestApp['request'] = async (method, path, options = {}) => {
    const headers = new Headers(options.headers);
    if (options.token) headers.set('authorization', `Bearer ${options.token}`);
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers.set('content-type', 'application/json');
      body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    }
    const raw = await state.app.request(path, { method, headers, body });
    // A live event stream never ends by itself: it is not read here (tests read it from t.app).
    const isStream = raw.headers.get('content-type')?.startsWith('text/event-stream');
    if (isStream) await raw.body?.cancel();
    const text = isStream ? '' : await raw.clone().text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // binary or plain text: keep as is
    }
    return { status: raw.status, body: parsed, headers: raw.headers, raw };
  };

  const signIn: TestApp['signIn'] = async (login, password) => {
    const res = await request('POST', '/api/auth', { body: { email: login, password } });
    if (res.status !== 200) throw new Error(`sign-in failed for ${login}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.accessToken as string;
  };

  return {
    get app() {
      return state.app;
    },
    get database() {
      return state.database;
    },
    get notifier() {
      return state.notifier;
    },
    env,
    request,
    signIn,
    signInAsAdmin: () => signIn(ADMIN.username, ADMIN.password),
    settled: () => state.background.settled(),
    async userWith(permissions, name) {
      userCounter += 1;
      const username = name ?? `user${userCounter}`;
      const db = state.database.db;
      const [r] = await db
        .insert(role)
        .values({ name: `role-of-${username}`, permissions: [...permissions] })
        .returning();
      const [u] = await db
        .insert(appUser)
        .values({
          username,
          displayName: `Test ${username}`,
          email: `${username}@lab.test`,
          passwordHash: await hashPassword('password-123'),
          roleId: r!.id,
        })
        .returning();
      const token = await signIn(username, 'password-123');
      return { token, id: u!.id, username };
    },
  };
}
