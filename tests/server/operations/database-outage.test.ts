import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/server/app.ts';
import { createDatabaseAvailability, isDatabaseUnavailable } from '../../../src/server/db/availability.ts';
import { openDatabase, type Database } from '../../../src/server/db/client.ts';
import type { ErrorReporter } from '../../../src/server/error-reporting.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { loadSigningKey } from '../../../src/server/auth/tokens.ts';
import { createMailer } from '../../../src/server/services/messaging/outbound-mail.ts';
import { seedDatabase } from '../../../src/server/seed.ts';
import { reportDatabaseOutages } from '../../../src/server/server.ts';
import { ADMIN, testEnv } from '../support/test-app.ts';

describe('[OUTAGE] which failures mean the database is away', () => {
  it('knows connection cuts, refusals and timeouts, through Drizzle’s wrapping', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
      code: '57P01',
    });
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    expect(isDatabaseUnavailable(new Error('Failed query: select 1', { cause: terminated }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(new Error('timeout exceeded when trying to connect'))).toBe(true);
    const refused = Object.assign(new Error('database "lab" is not currently accepting connections'), {
      code: '55000',
    });
    expect(isDatabaseUnavailable(refused)).toBe(true);
  });

  it('does not take a wrong query or a broken rule for an outage', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax error'), { code: '42601' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('object in use'), { code: '55006' }))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    // A statement timeout is one slow query on a database that answered (QUERY_TIMEOUT, 504).
    const timedOut = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    expect(isDatabaseUnavailable(new Error('Failed query: select', { cause: timedOut }))).toBe(false);
  });

  it('tells listeners once when an outage starts and once when it ends', () => {
    const availability = createDatabaseAvailability();
    const changes: boolean[] = [];
    availability.onChange((change) => changes.push(change.available));
    availability.markAvailable();
    availability.markUnavailable(new Error('a'));
    availability.markUnavailable(new Error('b'));
    availability.markUnavailable(new Error('c'));
    expect(availability.isAvailable).toBe(false);
    availability.markAvailable();
    availability.markAvailable();
    expect(changes).toEqual([false, true]);
  });
});

// The real thing needs a PostgreSQL server to take away: only in the PostgreSQL run of the suite.
// The test makes its own database, so refusing its connections disturbs no other test.
if (process.env.TEST_DB === 'postgres') {
  describe('[OUTAGE] PostgreSQL refuses and cuts the server’s connections', () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `isotope_outage_${process.pid}`;
    const env = testEnv();
    const reports: unknown[] = [];
    const reporter: ErrorReporter = {
      settings: null,
      report: (error) => reports.push(error),
      flush: async () => true,
    };
    let database: Database;
    let app: App;

    async function asAdministrator(statements: string[]) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      try {
        for (const statement of statements) await admin.query(statement);
      } finally {
        await admin.end();
      }
    }

    async function call(method: string, path: string, options: { token?: string; body?: unknown; key?: string } = {}) {
      const headers = new Headers();
      if (options.token) headers.set('authorization', `Bearer ${options.token}`);
      if (options.key) headers.set('idempotency-key', options.key);
      if (options.body !== undefined) headers.set('content-type', 'application/json');
      const res = await app.request(path, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
      });
      return { status: res.status, body: (await res.json()) as { result: boolean; code?: string; data?: any } };
    }

    beforeAll(async () => {
      await asAdministrator([`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`, `CREATE DATABASE ${name}`]);
      const url = new URL(base);
      url.pathname = `/${name}`;
      database = openDatabase({ url: url.toString(), connectTimeoutMs: 2_000, statementTimeoutMs: 5_000 });
      await database.migrate();
      await seedDatabase(database.db, env);
      const logger = createLogger(env);
      reportDatabaseOutages(database, logger, reporter);
      const signingKey = await loadSigningKey(database.db, env);
      app = createApp({
        env,
        logger,
        database,
        mailer: createMailer(env, logger),
        signingKey,
        errorReporter: reporter,
      });
    });

    afterAll(async () => {
      await database?.close().catch(() => undefined);
      await asAdministrator([`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
    });

    it('answers 503 DATABASE_UNAVAILABLE, reports once, and serves again by itself when allowed back', async () => {
      const signIn = await call('POST', '/api/auth', { body: { email: ADMIN.username, password: ADMIN.password } });
      expect(signIn.status).toBe(200);
      const token = signIn.body.data.accessToken as string;
      // Several pooled connections, so that cutting them raises 'error' on idle pool clients.
      await Promise.all([1, 2, 3, 4].map(() => call('GET', '/api/country?limit=1', { token })));
      expect((await call('GET', '/api/health/ready')).status).toBe(200);

      await asAdministrator([
        `ALTER DATABASE ${name} ALLOW_CONNECTIONS false`,
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '${name}' AND pid <> pg_backend_pid()`,
      ]);
      // Let the cut connections' 'error' events arrive: an unhandled one would end this process.
      await new Promise((resolve) => setTimeout(resolve, 300));

      const during = await Promise.all([
        call('GET', '/api/country?limit=1', { token }),
        call('GET', '/api/country?limit=1', { token }),
        call('POST', '/api/country', { token, key: 'outage-create-1', body: { code: 'QX', name: 'Outageland' } }),
        call('POST', '/api/auth', { body: { email: ADMIN.username, password: ADMIN.password } }),
      ]);
      for (const answer of during) {
        expect(answer.status).toBe(503);
        expect(answer.body).toMatchObject({ result: false, code: 'DATABASE_UNAVAILABLE' });
      }
      const notReady = await call('GET', '/api/health/ready');
      expect(notReady.status).toBe(503);
      expect(notReady.body.code).toBe('DATABASE_UNAVAILABLE');
      expect((await call('GET', '/api/health')).status).toBe(200);
      expect(database.availability.isAvailable).toBe(false);
      expect(reports).toHaveLength(1);

      await asAdministrator([`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`]);

      expect((await call('GET', '/api/health/ready')).status).toBe(200);
      expect((await call('GET', '/api/country?limit=1', { token })).status).toBe(200);
      expect(database.availability.isAvailable).toBe(true);
      // The outbox's resend of the refused mutation is applied, once.
      const retried = await call('POST', '/api/country', {
        token,
        key: 'outage-create-1',
        body: { code: 'QX', name: 'Outageland' },
      });
      expect(retried.status).toBe(201);
      const again = await call('POST', '/api/country', {
        token,
        key: 'outage-create-1',
        body: { code: 'QX', name: 'Outageland' },
      });
      expect(again.status).toBe(201);
      const listed = await call('GET', '/api/country?code=QX', { token });
      expect(listed.body.data.total).toBe(1);
      expect(reports).toHaveLength(1);
    });
  });
}
