import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';

/**
 * The start budget: the gzipped JavaScript a fresh browser profile downloads before the
 * network is idle. The service worker's own requests (its precache and prefetch) do not count: they
 * run after the page is usable and never block it. A byte count, not a time, so it is stable in CI.
 * `bytes` is the limit enforced now (what the app reaches, with a little room), lowered as the app
 * gets lighter; `goal` is where it is headed (docs/performance.md). `START_BUDGET_LIST=1` prints
 * every script with its gzipped size, as a failure does.
 */
const BUDGETS = [
  { page: 'the sign-in page', path: '/auth/login', heading: 'Sign in', bytes: 149_000, goal: 150_000 },
  {
    page: 'the public order form',
    path: '/booking/isotope-submittal-form',
    heading: null,
    bytes: 164_000,
    goal: 170_000,
  },
] as const;

/**
 * Every page script fetched until the network has been quiet for a second after the page shows.
 * Playwright's own `networkidle` can come while the start chunk is still being evaluated (no request
 * for half a second on a busy machine), before the page asks for its own chunks; and each body is
 * read before it is counted.
 */
async function startJavaScript(page: Page, path: string, shown: (page: Page) => Promise<void>) {
  const scripts = new Map<string, number>();
  const reads: Promise<void>[] = [];
  let inFlight = 0;
  let lastActivity = Date.now();
  const activity = (change: number) => () => {
    inFlight += change;
    lastActivity = Date.now();
  };
  page.on('request', activity(1));
  page.on('requestfinished', activity(-1));
  page.on('requestfailed', activity(-1));
  page.on('response', (response) => {
    const request = response.request();
    if (request.serviceWorker() || request.resourceType() !== 'script') return;
    reads.push(
      response.body().then(
        (body) => void scripts.set(response.url(), gzipSync(body, { level: 9 }).length),
        () => undefined,
      ),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  await shown(page);
  await expect.poll(() => inFlight === 0 && Date.now() - lastActivity >= 1000, { timeout: 30_000 }).toBe(true);
  await Promise.all(reads);
  return scripts;
}

test.describe('[Start budget]', () => {
  for (const budget of BUDGETS) {
    test(`[Start budget] ${budget.page} starts within ${budget.bytes / 1000} kB of gzipped JavaScript`, async ({
      browser,
    }) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      const scripts = await startJavaScript(page, budget.path, async (shown) => {
        if (budget.heading) await expect(shown.getByRole('heading', { name: budget.heading })).toBeVisible();
        else await expect(shown.locator('form').first()).toBeVisible();
      });
      const total = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0);
      const listing = [...scripts].map(([url, bytes]) => `${bytes}\t${new URL(url).pathname}`).join('\n');
      console.log(`${budget.path}: ${total} bytes gzipped in ${scripts.size} scripts (goal ${budget.goal})`);
      if (process.env.START_BUDGET_LIST) console.log(listing);
      expect(scripts.size, 'the page loads its JavaScript').toBeGreaterThan(0);
      expect(total, `${budget.path} gzipped JavaScript before network idle\n${listing}`).toBeLessThanOrEqual(
        budget.bytes,
      );
      await context.close();
    });
  }
});
