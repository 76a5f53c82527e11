import { type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../../src/server/app.ts';
import { isStatementCancelled } from '../../../src/server/db/cancellation.ts';
import { openDatabase, type Database } from '../../../src/server/db/client.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { loadSigningKey } from '../../../src/server/auth/tokens.ts';
import { createMailer } from '../../../src/server/services/messaging/outbound-mail.ts';
import { testEnv } from '../support/test-app.ts';

describe('[CANCEL] which failures are a cancelled statement', () => {
  it('knows a statement timeout through Drizzle’s wrapping, and nothing else', () => {
    const timedOut = Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' });
    expect(isStatementCancelled(new Error('Failed query: select pg_sleep($1)', { cause: timedOut }))).toBe(true);
    expect(isStatementCancelled(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(false);
    expect(isStatementCancelled(new Error('Connection terminated unexpectedly'))).toBe(false);
  });
});

// Statement timeouts and cancels are the PostgreSQL server's: only in the PostgreSQL run of the
// suite. The file makes its own database, so its slow statements stand beside no other test's.
if (process.env.TEST_DB === 'postgres') {
  describe('[CANCEL] PostgreSQL stops statements that run too long or lost their client', () => {
    const base = process.env.TEST_DATABASE_URL!;
    const name = `isotope_cancel_${process.pid}`;
    const env = testEnv();
    const opened: Database[] = [];

    async function asAdministrator<T extends pg.QueryResultRow>(statement: string, values: unknown[] = []) {
      const admin = new pg.Client({ connectionString: base });
      await admin.connect();
      try {
        return (await admin.query<T>(statement, values)).rows;
      } finally {
        await admin.end();
      }
    }

    /** The app on this file's database, with a route that sleeps in SQL for ?seconds. */
    async function appWith(statementTimeoutMs: number): Promise<{ app: App; database: Database }> {
      const url = new URL(base);
      url.pathname = `/${name}`;
      const database = openDatabase({ url: url.toString(), statementTimeoutMs });
      opened.push(database);
      const logger = createLogger(env);
      const signingKey = await loadSigningKey(database.db, env);
      const app = createApp({ env, logger, database, mailer: createMailer(env, logger), signingKey });
      app.get('/api/test/slow', async (c) => {
        await c.var.db.execute(sql`SELECT pg_sleep(${Number(c.req.query('seconds'))})`);
        return c.json({ result: true });
      });
      return { app, database };
    }

    const sleeping = () =>
      asAdministrator<{ pid: number }>(
        `SELECT pid FROM pg_stat_activity WHERE datname = $1 AND state = 'active' AND query LIKE '%pg_sleep%' AND pid <> pg_backend_pid()`,
        [name],
      );

    async function until(check: () => Promise<boolean>) {
      while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50));
    }

    beforeAll(async () => {
      await asAdministrator(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await asAdministrator(`CREATE DATABASE ${name}`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      const migrator = openDatabase({ url: url.toString() });
      await migrator.migrate();
      await migrator.close();
    });

    afterAll(async () => {
      for (const database of opened) await database.close().catch(() => undefined);
      await asAdministrator(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });

    it('answers a statement past the timeout with QUERY_TIMEOUT, and the database stays available', async () => {
      const { app, database } = await appWith(200);
      const res = await app.request('/api/test/slow?seconds=5');
      expect(res.status).toBe(504);
      const body = (await res.json()) as { result: boolean; code: string; message: string };
      expect(body).toMatchObject({ result: false, code: 'QUERY_TIMEOUT' });
      expect(body.message).toMatch(/too long/);
      expect(database.availability.isAvailable).toBe(true);
      const ready = await app.request('/api/health/ready');
      expect(ready.status).toBe(200);
    });

    it('cancels the statement of a request whose client disconnects', async () => {
      // A timeout longer than the test's own: only the cancel can end this statement in time.
      const { app, database } = await appWith(120_000);
      const server: ServerType = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
      await new Promise((resolve) => server.once('listening', resolve));
      try {
        const { port } = server.address() as AddressInfo;
        const client = new AbortController();
        const answer = fetch(`http://127.0.0.1:${port}/api/test/slow?seconds=600`, { signal: client.signal }).catch(
          (error: unknown) => error,
        );
        await until(async () => (await sleeping()).length === 1);
        client.abort();
        expect(await answer).toBeInstanceOf(Error);
        await until(async () => (await sleeping()).length === 0);
        // The connection that ran it was closed, not handed to the next request; the pool serves on.
        const after = await app.request('/api/health/ready');
        expect(after.status).toBe(200);
        expect(database.availability.isAvailable).toBe(true);
      } finally {
        await new Promise((resolve) => server.close(resolve));
      }
    });
  });
}
