import { afterAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { appUser, country, role } from '../../src/server/db/schema.ts';
import { createLogger } from '../../src/server/logger.ts';
import { bootServer } from '../../src/server/server.ts';
import { seededRoles } from '../../src/shared/permissions.ts';
import { seededCountries } from '../../src/server/seed.ts';
import { testEnv } from '../server/support/test-app.ts';
import { onServer } from '../server/support/scratch.ts';

// Two API instances deployed at once on a database nobody has started yet: each migrates and
// seeds on start. Only a PostgreSQL server lets two processes race on one database.

const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error('The concurrency suite needs TEST_DATABASE_URL (a PostgreSQL server)');
const name = `isotope_starts_${process.pid}`;
const url = new URL(base);
url.pathname = `/${name}`;
const booted: Awaited<ReturnType<typeof bootServer>>[] = [];

afterAll(async () => {
  await Promise.all(booted.map((instance) => instance.database.close()));
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

describe('[CONCURRENCY] two API instances started at once on a fresh database', () => {
  it('both come up ready, with one administrator and the seeded roles and countries once', async () => {
    await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await onServer(`CREATE DATABASE ${name}`);
    const env = testEnv({ DATABASE_URL: url.toString() });
    const logger = createLogger(env);

    const starts = await Promise.allSettled([bootServer(env, logger), bootServer(env, logger)]);
    for (const start of starts) if (start.status === 'fulfilled') booted.push(start.value);
    expect(starts.map((start) => (start.status === 'rejected' ? String(start.reason) : 'up'))).toEqual(['up', 'up']);

    // Exactly one of the two says it created the administrator.
    expect(booted.filter((instance) => instance.seeded).length).toBe(1);
    for (const instance of booted) {
      const ready = await instance.app.request('/api/health/ready');
      expect(ready.status).toBe(200);
    }
    const db = booted[0]!.database.db;
    expect(await db.select({ n: count() }).from(appUser)).toEqual([{ n: 1 }]);
    expect(await db.select({ n: count() }).from(role)).toEqual([{ n: seededRoles.length }]);
    expect(await db.select({ n: count() }).from(country)).toEqual([{ n: seededCountries.length }]);
  });
});
