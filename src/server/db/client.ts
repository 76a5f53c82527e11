import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { createDatabaseAvailability, type DatabaseAvailability } from './availability.ts';
import { cancelStatementsOnAbort, runWithoutCancelling, type CancelOnAbort } from './cancellation.ts';
import { startPgliteThread, type PgliteThread } from './pglite-thread-client.ts';
import * as schema from './schema.ts';

type Schema = typeof schema;
/** The query builder, whether the database is embedded PGlite or a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction inside it. */
export type Executor = Db | Tx;

type PoolUse = { total: number; idle: number; waiting: number; max: number };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Brings the schema up to date, then runs `thenOnce` (seeding) on the same connection. On
   * PostgreSQL both happen under one lock, so instances started together migrate and seed one
   * after the other: the second finds the first's administrator instead of adding its own.
   */
  migrate: (thenOnce?: (db: Db) => Promise<void>) => Promise<void>;
  close: () => Promise<void>;
  /** Up or down, told once per change (a lost PostgreSQL connection, or PGlite's thread stopping). */
  availability: DatabaseAvailability;
  /** Connections open, idle and asked for (PostgreSQL); PGlite has one connection and no pool. */
  poolUse: () => PoolUse;
  /** Runs a request's work; when its client disconnects, its running statements are cancelled (PostgreSQL). */
  cancelOnAbort: CancelOnAbort;
  /** What backups are taken from: the embedded database itself, or the server's address. */
  source: { kind: 'pglite'; client: Pick<PgliteThread, 'dumpDataDir'> } | { kind: 'postgres'; url: string };
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Triggers and functions drizzle-kit does not model (the append-only audit table).
const afterMigrateSql = readFileSync(fileURLToPath(new URL('./sql/after-migrate.sql', import.meta.url)), 'utf8');

export type DatabaseOptions = {
  url?: string;
  dataDir?: string;
  /** Connections kept by this process (PostgreSQL). */
  poolSize?: number;
  /** How long to wait for a connection before answering that the database is unavailable. */
  connectTimeoutMs?: number;
  /** Longest a statement may run; also the longest a request waits on a silent server. */
  statementTimeoutMs?: number;
};

const DATABASE_DEFAULTS = { poolSize: 10, connectTimeoutMs: 5_000, statementTimeoutMs: 15_000 };

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when no dataDir). */
export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) return openPostgres(options.url, { ...DATABASE_DEFAULTS, ...definedOnly(options) });
  return openPglite(options.dataDir);
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

function openPglite(dataDir?: string): Database {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite serves one connection and queues queries itself; share one instance per process, on a
  // thread of its own so that a long statement does not hold the server's (pglite-thread.mjs).
  const availability = createDatabaseAvailability();
  const client = startPgliteThread(dataDir, (error) => availability.markUnavailable(error));
  // Drizzle's PGlite driver calls only query and transaction, which the thread's client answers.
  const db = drizzlePglite({ client: client as never, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async (thenOnce) => {
      await client.waitReady;
      await migratePglite(db as never, { migrationsFolder });
      await client.exec(afterMigrateSql);
      // One process owns an embedded database: nothing else can seed it meanwhile.
      await thenOnce?.(db);
    },
    close: async () => {
      await client.close();
    },
    availability,
    poolUse: () => ({ total: 1, idle: 0, waiting: 0, max: 1 }),
    cancelOnAbort: runWithoutCancelling,
    source: { kind: 'pglite', client },
  };
}

function openPostgres(url: string, options: typeof DATABASE_DEFAULTS): Database {
  const availability = createDatabaseAvailability();
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs,
    // The server cancels a statement that runs too long; the client gives up a little later in
    // case the server itself went silent (a cut network answers nothing at all).
    statement_timeout: options.statementTimeoutMs,
    query_timeout: options.statementTimeoutMs + options.connectTimeoutMs,
    keepAlive: true,
  });
  // A connection cut while idle in the pool (a restart, a failover, pg_terminate_backend) is
  // raised as an 'error' event; without a listener Node ends the whole process. The pool has
  // already dropped that connection and opens a fresh one on the next request.
  pool.on('error', (error) => availability.markUnavailable(error));
  pool.on('connect', (client) => {
    availability.markAvailable();
    // The pool stops listening to a connection while a request holds it (a transaction between
    // two queries): a cut there is raised on the connection itself, and would end the process too.
    // The request's next query fails and answers for it.
    client.on('error', (error) => availability.markUnavailable(error));
  });
  const cancelOnAbort = cancelStatementsOnAbort(pool, url, options.connectTimeoutMs);
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async (thenOnce) => {
      // Several API instances may start at once: one migrates and seeds while the others wait on
      // the lock, as long as it takes (no statement timeout in this session). The seed runs on
      // this very connection: the lock is the session's, and a pool of one has no other to lend.
      const client = await pool.connect();
      try {
        await client.query('SET statement_timeout = 0');
        await client.query('SELECT pg_advisory_lock(727001)');
        const locked = drizzlePg({ client, schema }) as unknown as Db;
        await migratePg(locked as never, { migrationsFolder });
        await client.query(afterMigrateSql);
        await thenOnce?.(locked);
      } finally {
        await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
        await client.query('RESET statement_timeout').catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
    availability,
    poolUse: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
      max: options.poolSize,
    }),
    cancelOnAbort,
    source: { kind: 'postgres', url },
  };
}
