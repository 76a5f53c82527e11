import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** The query builder, whether the database is embedded PGlite or a PostgreSQL server. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction inside it. */
export type Executor = Db | Tx;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Triggers and functions drizzle-kit does not model (the append-only audit table).
const afterMigrateSql = readFileSync(fileURLToPath(new URL('./sql/after-migrate.sql', import.meta.url)), 'utf8');

export type DatabaseOptions = { url?: string; dataDir?: string };

/** PostgreSQL when a URL is given, otherwise embedded PGlite (in memory when no dataDir). */
export function openDatabase(options: DatabaseOptions): Database {
  if (options.url) return openPostgres(options.url);
  return openPglite(options.dataDir);
}

function openPglite(dataDir?: string): Database {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  // PGlite serves one connection and queues queries itself; share one instance per process.
  const client = new PGlite(dataDir);
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    migrate: async () => {
      await migratePglite(db as never, { migrationsFolder });
      await client.exec(afterMigrateSql);
    },
    close: async () => {
      await client.close();
    },
  };
}

function openPostgres(url: string): Database {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several API instances may start at once: one migrates while the others wait on the lock.
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727001)');
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
        await client.query(afterMigrateSql);
      } finally {
        await client.query('SELECT pg_advisory_unlock(727001)').catch(() => undefined);
        client.release();
      }
    },
    close: async () => {
      await pool.end();
    },
  };
}
