// npm run restore -- FILE [--force]: loads a backup made by npm run backup into the configured
// database, which must be empty unless --force is given. Start the server afterwards.
import path from 'node:path';
import { restoreDatabase } from './db/backup.ts';
import { findRunningServer } from './db/running-server.ts';
import { parseEnv } from './env.ts';

const args = process.argv.slice(2);
const file = args.find((arg) => !arg.startsWith('--'));
const force = args.includes('--force');
if (!file) {
  process.stderr.write('Usage: npm run restore -- FILE [--force]\n');
  process.exit(2);
}
const env = parseEnv();
const dataDir = path.resolve(env.DATA_DIR);

try {
  if (!env.DATABASE_URL && findRunningServer(dataDir)) {
    throw new Error(`A server is running on ${dataDir}: stop it before restoring.`);
  }
  const result = await restoreDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir }, path.resolve(file), {
    force,
  });
  if (result.movedAside) process.stdout.write(`The previous data directory was moved to ${result.movedAside}.\n`);
  process.stdout.write(`Restored ${path.resolve(file)}. Start the server to serve it.\n`);
} catch (error) {
  process.stderr.write(`Restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
}
