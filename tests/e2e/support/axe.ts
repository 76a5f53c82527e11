import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** WCAG 2.1 A and AA: the level every screen of the laboratory meets. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export type Finding = { where: string; rule: string; impact: string | null | undefined; nodes: string[] };

/**
 * One axe scan of the page as it is now (or of the part `within` selects); its violations, each
 * named by where the scan was taken. Only violations are gathered: collecting every pass and
 * incomplete result too would make each scan several times slower for nothing the tests read.
 */
export async function scanPage(page: Page, where: string, within?: string): Promise<Finding[]> {
  // options() replaces every option, withTags() adds the rule set: in this order, or all rules run.
  const builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_TAGS);
  const results = await (within ? builder.include(within) : builder).analyze();
  // Told as it is found too, so a long walk that runs out of time still shows what it had found.
  for (const violation of results.violations) {
    console.log(`axe: ${where}: ${violation.id} ${violation.nodes[0]?.html.slice(0, 200) ?? ''}`);
  }
  return results.violations.map((violation) => ({
    where,
    rule: violation.id,
    impact: violation.impact,
    nodes: violation.nodes
      .slice(0, 3)
      .map((node) => `${node.target.join(' ')} ${node.html.slice(0, 160)} ${node.failureSummary ?? ''}`),
  }));
}

/** Waits until the screen has settled enough to be judged: its heading shown, no spinner turning. */
export async function settle(page: Page) {
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
  await page
    .locator('.animate-spin')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}
