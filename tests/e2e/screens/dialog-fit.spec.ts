import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { admin, roleUsers, type E2eAccount } from '../support/accounts.ts';
import { clippedInside, OPEN_DIALOG } from '../support/clipped.ts';
import { screensWithDialogs, seedDialogScreens, type DialogOpening } from '../support/dialog-screens.ts';
import { expect, seedSession, signInThroughApi, test } from '../support/fixtures.ts';
import { seedAnalysis } from '../support/list-routes.ts';
import { callApi, headersOf, returnResult, sendSampleToThirdLab } from '../support/sample-setup.ts';
import { wordsOf, type Language, type Say } from '../support/words.ts';

/**
 * The dialogs a bench opens every day, and the certificates panel of a supervisor's
 * sample, at a bench tablet's 820 px in English and Vietnamese: each opened, nothing in it scrolls
 * or sticks out sideways, and its actions, statuses and table cells stay whole. Each is kept as a
 * screenshot with the results, to be looked at.
 */

type FitScreen = {
  path: string;
  account: E2eAccount;
  prepare?: (page: Page, say: Say) => Promise<void>;
  dialogs: DialogOpening[];
};

let certified: Promise<number> | undefined;

/** A sample whose certificate was issued and then issued again (one Valid, one Superseded), seeded once. */
function seedCertifiedSample(request: APIRequestContext) {
  certified ??= (async () => {
    const asAdmin = await headersOf(request, admin);
    const sample = await sendSampleToThirdLab(request, asAdmin, 'fit@certificate.example');
    // Four eyes: the third lab enters the result, so the administrator may confirm it.
    await returnResult(request, await headersOf(request, roleUsers.hoanVuLab), sample.id);
    const detail = await request.get(`/api/supervisor-lab/get-detail/${sample.id}`, { headers: asAdmin });
    const { version } = ((await detail.json()) as { data: { version: number } }).data;
    await callApi(request, asAdmin, 'PUT', `/api/supervisor-lab/conclusion-lab/update?id=${sample.id}`, {
      expectedConclusion: 'Vietnam',
      conclusion: 'Consistent with Vietnam',
      originReason: 'No reference set for this material yet',
      version,
    });
    await callApi(request, asAdmin, 'PUT', `/api/supervisor-lab/confirm-final-result?id=${sample.id}`);
    await callApi(request, asAdmin, 'PUT', `/api/issue-certificate?id=${sample.id}`);
    await callApi(request, asAdmin, 'PUT', `/api/issue-certificate?id=${sample.id}&supersedes=1`, {
      reason: 'Client address corrected',
    });
    return sample.id;
  })();
  return certified;
}

/** The dialogs the issue names, picked from the screens the accessibility scan opens, plus the analysis detail. */
async function fitScreens(request: APIRequestContext): Promise<FitScreen[]> {
  const records = await seedDialogScreens(request);
  await seedAnalysis(request);
  const screens = screensWithDialogs(records);
  const pick = (path: string, names: string[]) => {
    const screen = [...screens.intake, ...screens.shipping, ...screens.thirdLab].find((s) => s.path === path)!;
    return { ...screen, dialogs: screen.dialogs.filter((dialog) => names.includes(dialog.name)) };
  };
  return [
    {
      ...pick('/packages', ['dispatch:packingList.open', 'dispatch:send.open', 'dispatch:edit', 'create package']),
      account: admin,
    },
    { ...pick('/clients', ['scan to check in']), account: roleUsers.CustomerService },
    { ...pick(`/clients/${records.newSample}`, ['CS check in', 'edit sample']), account: roleUsers.CustomerService },
    {
      path: '/analysis/analysis-list',
      account: admin,
      dialogs: [
        {
          name: 'analysis detail',
          open: (page, say) => page.getByRole('button', { name: say('analysis:detail.view'), exact: true }).first(),
        },
      ],
    },
    {
      ...pick(`/supervisor-samples/${records.resultConfirmed}`, ['issue certificate', 'transfer IDFL data']),
      account: admin,
    },
    {
      ...pick('/thirdlab-samples', ['confirm received', 'enter results', 'scan to check in']),
      account: roleUsers.hoanVuLab,
    },
  ];
}

/** A tab per account at 820 px in the language, signed in through the API. */
function tabs(browser: Browser, request: APIRequestContext, language: Language) {
  const open = new Map<string, Page>();
  return {
    async of(account: E2eAccount) {
      let page = open.get(account.username);
      if (!page) {
        const context = await browser.newContext({ viewport: { width: 820, height: 1180 } });
        page = await context.newPage();
        await page.addInitScript((lang) => localStorage.setItem('language', lang), language);
        await seedSession(page, await signInThroughApi(request, account));
        open.set(account.username, page);
      }
      return page;
    },
    async close() {
      for (const page of open.values()) await page.context().close();
    },
  };
}

/** Waits for the opening animations to end, so what is measured is where the dialog comes to rest. */
async function settled(dialog: Locator) {
  await dialog.evaluate((element) =>
    Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => null))),
  );
}

test.describe('dialogs on a bench tablet', () => {
  for (const language of ['en', 'vi'] as const) {
    test(`[FIT] the main dialogs and the certificates panel fit 820 px in ${language}`, async ({
      browser,
      request,
    }, testInfo) => {
      test.setTimeout(300_000);
      const screens = await fitScreens(request);
      const certifiedSample = await seedCertifiedSample(request);
      const say = wordsOf(language);
      const open = tabs(browser, request, language);
      const clipped: Record<string, string[]> = {};
      const shot = (page: Page, name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${language}-${name.replaceAll(/[^\w-]+/g, '_')}-820.png`) });

      for (const screen of screens) {
        const page = await open.of(screen.account);
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
        await screen.prepare?.(page, say);
        for (const dialog of screen.dialogs) {
          const name = `${dialog.name} on ${screen.path}`;
          await dialog.open(page, say).click();
          const shown = page.locator(OPEN_DIALOG).last();
          await expect(shown, name).toBeVisible({ timeout: 15_000 });
          await settled(shown);
          // The dialog's own actions are there to be measured (a dialog still loading has none yet).
          await expect(shown.getByRole('button').first(), name).toBeVisible();
          await shot(page, name);
          const problems = await clippedInside(page, OPEN_DIALOG);
          if (problems.length > 0) clipped[name] = problems;
          await page.keyboard.press('Escape');
          await expect(page.locator(OPEN_DIALOG), `${name} closes`).toHaveCount(0);
        }
      }

      // The supervisor's sample with two certificates: each row's standing and actions whole.
      const page = await open.of(roleUsers.Supervisor);
      await page.goto(`/supervisor-samples/${certifiedSample}`);
      const panel = page.getByRole('region', { name: say('certificates:panel.title') });
      await expect(panel.getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
      await expect(panel.locator('[data-slot="badge"]')).toHaveText([
        say('certificates:status.Valid'),
        say('certificates:status.Superseded'),
      ]);
      await panel.scrollIntoViewIfNeeded();
      await shot(page, 'certificates panel');
      const inPanel = await clippedInside(page, 'section[aria-labelledby^="certificates-"]');
      if (inPanel.length > 0) clipped['certificates panel'] = inPanel;

      await open.close();
      expect(clipped).toEqual({});
    });
  }
});
