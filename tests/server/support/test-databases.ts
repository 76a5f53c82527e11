import pg from 'pg';
import type { TestProject } from 'vitest/node';

// The PostgreSQL run's worker databases (support/test-app.ts): each worker keeps one for all its
// files and cannot tell when it is its last, so the run drops them when it ends. A run that was
// killed leaves its own behind; the next run drops those whose run is gone, so a machine that runs
// the suite for years does not fill its disk with them.

declare module 'vitest' {
  export interface ProvidedContext {
    /** What the worker databases of this run are named after: the run's process id. */
    testRun: string;
  }
}

const PREFIX = 'isotope_test_';

/** The name of a worker's database in the run `run`. */
export const workerDatabaseName = (run: string, worker: string) => `${PREFIX}${run}_${worker}`;

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function dropDatabases(url: string, keep: (run: number) => boolean) {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`,
    );
    for (const { datname } of rows) {
      const run = Number(/^isotope_test_(\d+)_/.exec(datname)?.[1]);
      if (Number.isInteger(run) && !keep(run)) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    }
  } finally {
    await admin.end();
  }
}

export default async function setup(project: TestProject) {
  const run = process.pid;
  project.provide('testRun', String(run));
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  await dropDatabases(url, (other) => other === run || running(other));
  return async () => dropDatabases(url, (other) => other !== run);
}
