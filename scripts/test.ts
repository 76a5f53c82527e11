// The README's test command: unit, API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) and
// component tests with vitest, then the Playwright browser suite in Debian's Chromium.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env, shell: false });
  return result.status ?? 1;
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const e2eRequired = process.env.E2E === 'required';

let failed = run('npx', ['vitest', 'run']) !== 0;

if (existsSync(chromium)) {
  failed = run('npx', ['playwright', 'test'], { ...process.env, CHROMIUM_PATH: chromium }) !== 0 || failed;
} else if (e2eRequired) {
  process.stderr.write(`E2E=required but no Chromium at ${chromium}: install it (apt-get install -y chromium).\n`);
  failed = true;
} else {
  process.stdout.write(`No Chromium at ${chromium}: browser tests skipped (set CHROMIUM_PATH or install chromium).\n`);
}

process.exit(failed ? 1 : 0);
