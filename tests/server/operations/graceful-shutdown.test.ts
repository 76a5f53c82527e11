import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/client.ts';
import { country } from '../../../src/server/db/schema.ts';
import { onPostgres, onServer, useScratch } from '../support/scratch.ts';
import { ADMIN } from '../support/test-app.ts';

// The real server process (main.ts) is stopped with SIGTERM while 50 keyed mutations are on their
// way: each must end up applied once or cleanly refused, never half-applied, and the client's
// retry with the same keys must complete the rest.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const pgName = `isotope_shutdown_${process.pid}`;
const workDir = useScratch('isotope-shutdown-', pgName);

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

type Running = { child: ChildProcess; base: string; log: () => string; exited: Promise<number | null> };

function serverEnv(port: number, databaseUrl?: string, dataDir = path.join(workDir, 'data')) {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? workDir,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: '',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
    SHUTDOWN_TIMEOUT_MS: '30000',
  };
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  return env;
}

/** Runs one of the operator's commands (npm run backup / restore) to its end. */
function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(tsx, [script, ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('exit', (code) => resolve({ code, output }));
  });
}

async function startServer(port: number, databaseUrl?: string): Promise<Running> {
  const env = serverEnv(port, databaseUrl);
  // Node itself (with tsx as a loader), not the tsx launcher: the signal must reach the server's own handler.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (output.includes('Isotope Lab listening')) {
        clearInterval(timer);
        resolve();
      }
      if (child.exitCode !== null) {
        clearInterval(timer);
        reject(new Error(`server did not start:\n${output}`));
      }
    }, 50);
  });
  return { child, base: `http://127.0.0.1:${port}`, log: () => output, exited };
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.username, password: ADMIN.password }),
  });
  const body = (await res.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const mutations = Array.from({ length: 50 }, (_, i) => ({
  key: `shutdown-mutation-${i}`,
  body: { code: `Q${letters[Math.floor(i / 26)]}${letters[i % 26]}`, name: `Shutdown country ${i}` },
}));

type Outcome = { status: number; replayed: boolean; code?: string } | { status: 'no answer' };

async function send(base: string, token: string, mutation: (typeof mutations)[number]): Promise<Outcome> {
  try {
    const res = await fetch(`${base}/api/country`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        'idempotency-key': mutation.key,
      },
      body: JSON.stringify(mutation.body),
    });
    const body = (await res.json()) as { code?: string };
    return { status: res.status, replayed: res.headers.get('idempotent-replayed') === 'true', code: body.code };
  } catch {
    // The connection was refused or closed before the request was taken: nothing was done.
    return { status: 'no answer' };
  }
}

async function shutdownCountries(base: string, token: string): Promise<string[]> {
  const res = await fetch(`${base}/api/country?search=Shutdown%20country&limit=500`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { data: { items: { code: string }[] } };
  return body.data.items.map((c) => c.code).sort();
}

describe('[SHUTDOWN] SIGTERM during 50 keyed mutations', () => {
  it(
    'applies each once or refuses it cleanly, the retry completes them, and the backup keeps them',
    { timeout: 180_000 },
    async () => {
      let databaseUrl: string | undefined;
      if (onPostgres) {
        await onServer(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`);
        await onServer(`CREATE DATABASE ${pgName}`);
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${pgName}`;
        databaseUrl = url.toString();
      }
      const port = await freePort();
      const first = await startServer(port, databaseUrl);
      const token = await signIn(first.base);

      const sending = mutations.map((m) => send(first.base, token, m));
      // SIGTERM as soon as the first answer is back, with the others still on their way.
      await Promise.race(sending);
      first.child.kill('SIGTERM');
      const outcomes = await Promise.all(sending);
      expect(await first.exited).toBe(0);
      const stopLog = first.log();
      const inFlightAtStop = Number(/"inFlight":(\d+),"msg":"shutting down/.exec(stopLog)?.[1] ?? 0);
      expect(inFlightAtStop).toBeGreaterThan(0);
      expect(stopLog).toContain('"msg":"stopped"');

      for (const outcome of outcomes) {
        if (outcome.status === 'no answer') continue;
        // Applied and answered, or refused with nothing done.
        if (outcome.status !== 201) expect(outcome).toMatchObject({ status: 503, code: 'shuttingDown' });
      }
      const applied = mutations.filter((_, i) => outcomes[i]!.status === 201).map((m) => m.body.code);
      expect(applied.length).toBeGreaterThan(0);

      const second = await startServer(port, databaseUrl);
      const token2 = await signIn(second.base);
      // Nothing half-applied: exactly the answered mutations are in the database.
      expect(await shutdownCountries(second.base, token2)).toEqual([...applied].sort());

      const retried = await Promise.all(mutations.map((m) => send(second.base, token2, m)));
      retried.forEach((outcome, i) => {
        expect(outcome).toMatchObject({ status: 201, replayed: outcomes[i]!.status === 201 });
      });
      expect(await shutdownCountries(second.base, token2)).toEqual(mutations.map((m) => m.body.code).sort());

      // npm run backup beside the running server (for the embedded database, the server takes it).
      const backupFile = path.join(workDir, 'after-shutdown.backup');
      const backup = await runCommand('src/server/backup.ts', [backupFile], serverEnv(port, databaseUrl));
      expect(backup.output).toContain('Backup of the');
      expect(backup.code).toBe(0);

      second.child.kill('SIGTERM');
      expect(await second.exited).toBe(0);

      // npm run restore into an empty database, then refused on the same one without --force.
      let restoredUrl: string | undefined;
      if (onPostgres) {
        await onServer(`DROP DATABASE IF EXISTS ${pgName}_restored WITH (FORCE)`);
        await onServer(`CREATE DATABASE ${pgName}_restored`);
        restoredUrl = databaseUrl!.replace(`/${pgName}`, `/${pgName}_restored`);
      }
      const restoreEnv = serverEnv(port, restoredUrl, path.join(workDir, 'restored'));
      const restored = await runCommand('src/server/restore.ts', [backupFile], restoreEnv);
      expect(restored.output).toContain('Restored');
      expect(restored.code).toBe(0);
      const again = await runCommand('src/server/restore.ts', [backupFile], restoreEnv);
      expect(again.code).toBe(1);
      expect(again.output).toContain('not empty');
      const restoredDb = openDatabase(restoredUrl ? { url: restoredUrl } : { dataDir: path.join(workDir, 'restored') });
      try {
        const rows = await restoredDb.db
          .select({ code: country.code })
          .from(country)
          .where(like(country.name, 'Shutdown country%'));
        expect(rows.map((r) => r.code).sort()).toEqual(mutations.map((m) => m.body.code).sort());
      } finally {
        await restoredDb.close();
      }
      if (onPostgres) await onServer(`DROP DATABASE IF EXISTS ${pgName}_restored WITH (FORCE)`);
    },
  );
});
