import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll } from 'vitest';

// A scratch folder and, on PostgreSQL, a scratch database name for the tests that back up and
// restore or run a whole server process: both are removed when the file's tests end.

export const onPostgres = process.env.TEST_DB === 'postgres';

/** Runs one statement on the PostgreSQL server itself (creating or dropping a database). */
export async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(statement).finally(() => admin.end());
}

/** A temporary folder for this test file, and the database named `databaseName` dropped after it. */
export function useScratch(prefix: string, databaseName: string): string {
  const workDir = mkdtempSync(path.join(tmpdir(), prefix));
  afterAll(async () => {
    rmSync(workDir, { recursive: true, force: true });
    if (onPostgres) await onServer(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  });
  return workDir;
}
