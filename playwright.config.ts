import { defineConfig } from '@playwright/test';
import { e2eBaseUrl, e2ePort } from './tests/e2e/support/accounts.ts';
import { chromiumArgs, chromiumExecutable } from './tests/e2e/support/chromium.ts';

// The service worker's own requests go through context.route only with this flag (Playwright issue
// #2311): the offline specs need it to simulate a dead network for the worker too.
process.env.PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS = '1';

const outDir = process.env.BUILD_OUT_DIR ?? 'dist';
// The app is built first (unless the caller built it already), then the real server serves it.
const build = process.env.E2E_SKIP_BUILD === '1' ? '' : 'npx vite build && ';

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results',
  workers: 1,
  fullyParallel: false,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: e2eBaseUrl,
    locale: 'en-US',
    serviceWorkers: 'allow',
    // CI prints only text, so a trace there costs ~15 % of the suite's time for nothing anyone reads.
    trace: process.env.CI ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumExecutable,
      args: chromiumArgs,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: `${build}npx tsx tests/e2e/support/server.ts`,
    url: `${e2eBaseUrl}/api/common-country`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { BUILD_OUT_DIR: outDir, E2E_PORT: String(e2ePort) },
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
});
