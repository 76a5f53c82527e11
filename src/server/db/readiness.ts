import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { isDatabaseUnavailable } from './availability.ts';
import { isStatementCancelled } from './cancellation.ts';
import type { Database } from './client.ts';

// The newest migration this code was built with; the database is ready for it once that one is
// recorded as applied (drizzle keeps each migration's journal time as created_at).
const journal = JSON.parse(
  readFileSync(fileURLToPath(new URL('./migrations/meta/_journal.json', import.meta.url)), 'utf8'),
) as { entries: { when: number; tag: string }[] };
const newestMigration = journal.entries.at(-1);

export type Readiness = { ready: true; migration: string } | { ready: false; reason: string };

/** One cheap query: the database answers, and its newest applied migration is this code's newest. */
export async function checkDatabaseReadiness(database: Database): Promise<Readiness> {
  let applied: number | undefined;
  try {
    const result = await database.db.execute(
      sql`SELECT max(created_at)::text AS applied FROM drizzle.__drizzle_migrations`,
    );
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
      applied: string | null;
    }[];
    applied = rows[0]?.applied ? Number(rows[0].applied) : undefined;
    database.availability.markAvailable();
  } catch (error) {
    if (isDatabaseUnavailable(error)) {
      database.availability.markUnavailable(error);
      return { ready: false, reason: 'The database is unavailable.' };
    }
    // The database answered, too slowly: not ready, but no outage either.
    if (isStatementCancelled(error)) return { ready: false, reason: 'The database did not answer in time.' };
    // No migrations table yet: the database answers but was never migrated.
    return { ready: false, reason: 'The database has no migrations applied.' };
  }
  if (!newestMigration) return { ready: true, migration: 'none' };
  if (applied === undefined || applied < newestMigration.when) {
    return { ready: false, reason: `Migration ${newestMigration.tag} is not applied yet.` };
  }
  return { ready: true, migration: newestMigration.tag };
}
