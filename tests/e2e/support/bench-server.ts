/**
 * A server a spec owns (beside the one Playwright starts): the same e2e server script (server.ts)
 * on a data directory the spec chooses, so the spec can kill it with SIGKILL and start it again on
 * the same data, as a power cut or a crashed process would leave it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from '@playwright/test';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const script = path.join(root, 'tests', 'e2e', 'support', 'server.ts');

export type BenchServer = {
  url: string;
  /** kill -9: no shutdown hook, no close, no flush. */
  kill: () => Promise<void>;
  /** A clean stop (SIGTERM), the data directory kept. */
  stop: () => Promise<void>;
};

function exited(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  });
}

/**
 * Starts the server on `port` and `dataDir` and waits until it answers. Node runs the script itself
 * with tsx as a module hook (not the tsx command, a wrapper around a second node process): the
 * process killed is the one holding the database.
 */
export async function startBenchServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const url = `http://127.0.0.1:${port}`;
  const taken = await fetch(`${url}/api/common-country`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`Port ${port} is in use: a server from an earlier run is still there`);
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env, E2E_PORT: String(port), E2E_DATA_DIR: dataDir },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  // A test worker that dies (a timeout, a crash) takes its server with it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  child.once('exit', () => process.off('exit', killOnExit));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`The bench server exited early:\n${output}`);
        return fetch(`${url}/api/common-country`)
          .then((response) => response.status)
          .catch(() => 0);
      },
      { timeout: 120_000, intervals: [250] },
    )
    .toBe(200);
  return {
    url,
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}
