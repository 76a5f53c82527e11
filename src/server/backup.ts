// npm run backup -- FILE: one consistent snapshot of the configured database (DATABASE_URL, or the
// embedded one in DATA_DIR), stored files included, while the server keeps running.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { backupDatabase, backupFromRunningServer } from './db/backup.ts';
import { findRunningServer } from './db/running-server.ts';
import { parseEnv } from './env.ts';
import { openConfiguredDatabase } from './server.ts';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('--'));
if (!file) {
  process.stderr.write('Usage: npm run backup -- FILE\n');
  process.exit(2);
}
const target = path.resolve(file);
const env = parseEnv();

async function takeBackup() {
  if (!env.DATABASE_URL) {
    const dataDir = path.resolve(env.DATA_DIR);
    const running = findRunningServer(dataDir);
    // The embedded database is open in one process at a time: the running server takes the snapshot.
    if (running) return backupFromRunningServer(running, target);
    if (!existsSync(path.join(dataDir, 'PG_VERSION'))) throw new Error(`There is no database in ${dataDir}.`);
    // Opened by a process that did not say so (or left behind by one that was killed): opening it a
    // second time could damage it. Starting the server clears a stale one and serves the backup.
    if (existsSync(path.join(dataDir, 'postmaster.pid'))) {
      throw new Error(
        `The database in ${dataDir} is open in another process. Run the backup while the server runs on it (it takes the snapshot), or after it stopped cleanly.`,
      );
    }
  }
  const database = openConfiguredDatabase(env);
  try {
    return await backupDatabase(database, target);
  } finally {
    await database.close();
  }
}

try {
  const { kind, bytes } = await takeBackup();
  const size = bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MiB` : `${Math.ceil(bytes / 1024)} KiB`;
  process.stdout.write(
    `Backup of the ${kind === 'postgres' ? 'PostgreSQL' : 'embedded'} database written to ${target} (${size}).\n`,
  );
} catch (error) {
  process.stderr.write(`Backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
