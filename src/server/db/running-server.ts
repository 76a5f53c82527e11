import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The embedded database can be open in one process only. While a server runs on a data directory,
// `npm run backup` asks that server for the snapshot instead of opening the directory a second
// time; this file, beside the data and readable by its owner only, says where to ask and with what
// token. Whoever can read it could read the data directory itself, so it grants nothing more.

const FILE = 'server.json';

export type RunningServer = { pid: number; host: string; port: number; token: string };

/** The token a backup request must carry; made once per server start. */
export function createBackupToken(): string {
  return randomBytes(24).toString('base64url');
}

/** Says, beside the data, that this process serves it; returns how to take that back at shutdown. */
export function announceRunningServer(dataDir: string, listening: { host: string; port: number }, token: string) {
  const file = path.join(dataDir, FILE);
  // A server listening on every interface is asked on the loopback one.
  const host = ['0.0.0.0', '::', ''].includes(listening.host) ? '127.0.0.1' : listening.host;
  const announced: RunningServer = { pid: process.pid, host, port: listening.port, token };
  writeFileSync(file, JSON.stringify(announced), { mode: 0o600 });
  return (): void => rmSync(file, { force: true });
}

/** The server running on this data directory, if its process is still alive. */
export function findRunningServer(dataDir: string): RunningServer | undefined {
  let announced: RunningServer;
  try {
    announced = JSON.parse(readFileSync(path.join(dataDir, FILE), 'utf8')) as RunningServer;
  } catch {
    return undefined;
  }
  try {
    process.kill(announced.pid, 0);
    return announced;
  } catch {
    return undefined;
  }
}
