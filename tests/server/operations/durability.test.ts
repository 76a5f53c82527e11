import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/client.ts';
import { appSetting } from '../../../src/server/db/schema.ts';

// Before PGlite is trusted with data, prove that a commit survives the process being
// killed outright (kill -9: no shutdown hook, no close, no flush on exit).

const root = fileURLToPath(new URL('../../..', import.meta.url));
const clientUrl = pathToFileURL(path.join(root, 'src', 'server', 'db', 'client.ts')).href;
const schemaUrl = pathToFileURL(path.join(root, 'src', 'server', 'db', 'schema.ts')).href;

const workDir = mkdtempSync(path.join(tmpdir(), 'isotope-durability-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

const KEYS = ['durability-1', 'durability-2', 'durability-3'];

// The child (an .mts file: top-level await outside any package) commits each row on its own (autocommit) and the last in an explicit transaction,
// says so, and then idles until it is killed.
const childSource = `
import { openDatabase } from ${JSON.stringify(clientUrl)};
import { appSetting } from ${JSON.stringify(schemaUrl)};
const database = openDatabase({ dataDir: process.argv[2] });
await database.migrate();
await database.db.insert(appSetting).values({ key: ${JSON.stringify(KEYS[0])}, value: 'autocommit' });
await database.db.insert(appSetting).values({ key: ${JSON.stringify(KEYS[1])}, value: 'autocommit' });
await database.db.transaction(async (tx) => {
  await tx.insert(appSetting).values({ key: ${JSON.stringify(KEYS[2])}, value: 'transaction' });
});
process.stdout.write('committed by ' + process.pid + '\\n');
setInterval(() => {}, 60_000);
`;

/** Whether a process with this id still exists (signal 0 checks without sending anything). */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== 'ESRCH';
  }
}

/**
 * Runs the child in node itself, with tsx loaded as a module hook, not through the tsx command:
 * that command is a wrapper that starts a second node process, and killing the wrapper would leave
 * the process holding PGlite running (and the test reopening a database still in use). The child
 * reports its own pid, which must be the pid spawned, and that process is the one killed.
 */
function runUntilCommittedThenKill(
  script: string,
  dataDir: string,
): Promise<{ signal: NodeJS.Signals | null; output: string; pid: number; ownerPid: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, dataDir], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let ownerPid = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /committed by (\d+)/.exec(output);
      if (match && !ownerPid) {
        ownerPid = Number(match[1]);
        process.kill(ownerPid, 'SIGKILL');
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ signal, output, pid: child.pid!, ownerPid }));
  });
}

describe('[DURABILITY] PGlite with a data directory', () => {
  it('keeps every committed row when the process is killed with SIGKILL', { timeout: 180_000 }, async () => {
    const script = path.join(workDir, 'commit-then-wait.mts');
    writeFileSync(script, childSource);
    const dataDir = path.join(workDir, 'data');

    const { signal, output, pid, ownerPid } = await runUntilCommittedThenKill(script, dataDir);
    expect(output).toContain('committed');
    // The process that held the database is the one that was spawned and killed, and it is gone.
    expect(ownerPid).toBe(pid);
    expect(signal).toBe('SIGKILL');
    expect(isAlive(ownerPid)).toBe(false);

    const reopened = openDatabase({ dataDir });
    try {
      await reopened.migrate();
      const rows = await reopened.db.select().from(appSetting).where(inArray(appSetting.key, KEYS));
      expect(Object.fromEntries(rows.map((r) => [r.key, r.value]))).toEqual({
        'durability-1': 'autocommit',
        'durability-2': 'autocommit',
        'durability-3': 'transaction',
      });
    } finally {
      await reopened.close();
    }
  });
});
