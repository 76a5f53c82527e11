import { execFile } from 'node:child_process';
import { existsSync, readdirSync, renameSync } from 'node:fs';
import { open, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import type { Database } from './client.ts';

// Backups with each database's own tools: pg_dump / pg_restore for PostgreSQL (one snapshot
// transaction, so the server keeps running), PGlite's own data-directory dump for the embedded
// database. Stored files (images, PDF results) live in the database, so they are in the snapshot.

const run = promisify(execFile);

export type BackupKind = 'pglite' | 'postgres';

/** A refusal the operator can act on (a non-empty target, the wrong kind of file). */
export class BackupError extends Error {}

/** Writes one consistent snapshot of the database to `file` (written aside, then renamed into place). */
export async function backupDatabase(database: Database, file: string): Promise<{ kind: BackupKind; bytes: number }> {
  return writeBackup(file, database.source.kind, async (partial) => {
    if (database.source.kind === 'postgres') {
      await run('pg_dump', [
        '--format=custom',
        '--no-owner',
        '--no-privileges',
        `--file=${partial}`,
        `--dbname=${database.source.url}`,
      ]);
    } else {
      const dump = await database.source.client.dumpDataDir('gzip');
      await writeFile(partial, new Uint8Array(await dump.arrayBuffer()));
    }
  });
}

/** The snapshot of an embedded database that a running server holds, asked of that server. */
export async function backupFromRunningServer(
  server: { host: string; port: number; token: string },
  file: string,
): Promise<{ kind: BackupKind; bytes: number }> {
  return writeBackup(file, 'pglite', async (partial) => {
    const res = await fetch(
      `http://${server.host.includes(':') ? `[${server.host}]` : server.host}:${server.port}/api/operations/backup`,
      {
        headers: { authorization: `Bearer ${server.token}` },
      },
    );
    if (!res.ok) throw new BackupError(`The running server refused the backup (${res.status}).`);
    await writeFile(partial, new Uint8Array(await res.arrayBuffer()));
  });
}

async function writeBackup(file: string, kind: BackupKind, write: (partial: string) => Promise<void>) {
  const partial = `${file}.partial`;
  try {
    await write(partial);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  const bytes = (await stat(file)).size;
  return { kind, bytes };
}

/** Which database a backup file is of, from its first bytes: pg_dump's archive or PGlite's gzip tarball. */
async function backupKindOf(file: string): Promise<BackupKind> {
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(5);
    await handle.read(head, 0, 5, 0);
    if (head.toString('latin1') === 'PGDMP') return 'postgres';
    if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  } finally {
    await handle.close();
  }
  throw new BackupError(`${file} is not a backup made by npm run backup.`);
}

export type RestoreTarget = { url: string } | { dataDir: string };

/**
 * Loads a backup into an empty database. A database that holds anything is refused unless `force`:
 * then PostgreSQL's schemas are dropped first, and a PGlite data directory is moved aside (kept,
 * named in the answer) rather than deleted.
 */
export async function restoreDatabase(
  target: RestoreTarget,
  file: string,
  options: { force?: boolean } = {},
): Promise<{ kind: BackupKind; movedAside?: string }> {
  const kind = await backupKindOf(file);
  const targetKind: BackupKind = 'url' in target ? 'postgres' : 'pglite';
  if (kind !== targetKind) {
    throw new BackupError(
      `This backup is of ${kind === 'postgres' ? 'PostgreSQL' : 'the embedded database (PGlite)'}; restore it with ` +
        (kind === 'postgres' ? 'DATABASE_URL set.' : 'DATABASE_URL unset (DATA_DIR names the data directory).'),
    );
  }
  if ('url' in target) {
    await preparePostgresTarget(target.url, options.force === true);
    await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${target.url}`, file]);
    return { kind };
  }
  const movedAside = prepareDataDir(target.dataDir, options.force === true);
  const dump = new Blob([new Uint8Array(await readFile(file))]);
  const client = new PGlite({ dataDir: target.dataDir, loadDataDir: dump, extensions: { pg_trgm } });
  try {
    // Proves the loaded directory starts and answers before the restore is called done.
    await client.query('SELECT 1');
  } finally {
    await client.close();
  }
  return { kind, movedAside };
}

async function preparePostgresTarget(url: string, force: boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `SELECT count(*)::int AS tables FROM pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.tables ?? 0) === 0) return;
    if (!force) {
      throw new BackupError(
        `The target database is not empty (${rows[0]!.tables} tables). Restore into an empty database, or add --force to replace everything in it.`,
      );
    }
    await client.query('DROP SCHEMA IF EXISTS drizzle CASCADE');
    await client.query('DROP SCHEMA IF EXISTS public CASCADE');
    await client.query('CREATE SCHEMA public');
  } finally {
    await client.end();
  }
}

function prepareDataDir(dataDir: string, force: boolean): string | undefined {
  if (!existsSync(dataDir) || readdirSync(dataDir).length === 0) return undefined;
  if (!force) {
    throw new BackupError(
      `The data directory ${dataDir} is not empty. Restore into an empty one, or add --force to move it aside and replace it.`,
    );
  }
  const aside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(dataDir, aside);
  return aside;
}
