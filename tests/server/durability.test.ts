import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import { appSetting } from '../../src/server/db/schema.ts';

// DESIGN.md 9: before PGlite is trusted with data, prove that a commit survives the process being
// killed outright (kill -9: no shutdown hook, no close, no flush on exit).

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
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
process.stdout.write('committed\\n');
setInterval(() => {}, 60_000);
`;

function runUntilCommittedThenKill(
  script: string,
  dataDir: string,
): Promise<{ signal: NodeJS.Signals | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tsx, [script, dataDir], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('committed')) child.kill('SIGKILL');
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => resolve({ signal, output }));
  });
}

describe('[DURABILITY] PGlite with a data directory', () => {
  it('keeps every committed row when the process is killed with SIGKILL', { timeout: 180_000 }, async () => {
    const script = path.join(workDir, 'commit-then-wait.mts');
    writeFileSync(script, childSource);
    const dataDir = path.join(workDir, 'data');

    const { signal, output } = await runUntilCommittedThenKill(script, dataDir);
    expect(output).toContain('committed');
    expect(signal).toBe('SIGKILL');

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
