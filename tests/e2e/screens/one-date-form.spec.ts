import type { APIRequestContext, Page } from '@playwright/test';
import { bookingForm } from '../../server/support/bookings.ts';
import { admin, roleUsers } from '../support/accounts.ts';
import { settle } from '../support/axe.ts';
import { expect, test } from '../support/fixtures.ts';
import { headersOf, returnResult, sendSampleToThirdLab, type AuthHeaders } from '../support/sample-setup.ts';
import { staffRoutes } from '../support/staff-routes.ts';

/**
 * A date reads one way everywhere, `D MMMM YYYY` (with HH:mm for a moment) in the
 * screen's language (shared/display-date.ts), and every date field is the app's date picker. Each
 * route is loaded once per language with a sample that has been received, measured and analysed, so
 * its dates are on the screens; the text and the fields' values are searched for any other form.
 */
const EN_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT_MONTHS = 'Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec';

/** Date forms no screen may show, in any language. */
const OTHER_FORMS: [string, RegExp][] = [
  ['numeric date', /\b\d{1,2}[/.]\d{1,2}[/.]\d{2,4}\b/],
  ['ISO date', /\b\d{4}-\d{2}-\d{2}\b/],
  ['AM/PM time', /\b\d{1,2}:\d{2}(:\d{2})?\s?(AM|PM|SA|CH)\b/i],
  ['time with seconds', /\b\d{1,2}:\d{2}:\d{2}\b/],
  ['month first', new RegExp(`\\b(${EN_MONTHS.join('|')}) \\d{1,2}, \\d{4}`)],
  ['short month', new RegExp(`\\b\\d{1,2} (${SHORT_MONTHS})\\b|\\b(${SHORT_MONTHS}) \\d{1,2}\\b`)],
  ['dayjs Vietnamese short month', /\bThg \d/],
];
/** On a Vietnamese screen an English month name is another form too ("tháng 11" is the one). */
const ENGLISH_MONTH = new RegExp(`\\b(${EN_MONTHS.join('|')})\\b`);

/** The one form of a moment ("27 November 2026 23:17", "27 tháng 11 2026 23:17"). */
const ONE_FORM_MOMENT = {
  en: new RegExp(`(?<!\\d)\\d{1,2} (${EN_MONTHS.join('|')}) \\d{4} \\d{2}:\\d{2}(?!\\d)`),
  vi: /(?<!\d)\d{1,2} tháng \d{1,2} \d{4} \d{2}:\d{2}(?!\d)/,
};

type Finding = { where: string; form: string; text: string };

/** What the screen shows: its text (dialogs included) and what its fields hold. */
async function shownText(page: Page): Promise<string> {
  return page.evaluate(() =>
    [
      document.body.innerText,
      ...Array.from(document.querySelectorAll<HTMLInputElement>('input:not([type=hidden]), textarea')).map(
        (field) => field.value,
      ),
    ].join('\n'),
  );
}

async function judge(page: Page, where: string, language: 'en' | 'vi', findings: Finding[], showsMoment = false) {
  // Lists fill in after the heading: their placeholders give way to the rows.
  await page
    .locator('[data-slot="skeleton"]')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
  // A screen known to show a moment (the analysis's) must show it, in the one form: the text judged
  // is the text that holds the dates.
  if (showsMoment) await expect(page.locator('body')).toContainText(ONE_FORM_MOMENT[language]);
  const text = await shownText(page);
  const forms =
    language === 'vi' ? [...OTHER_FORMS, ['English month', ENGLISH_MONTH] as [string, RegExp]] : OTHER_FORMS;
  for (const [form, pattern] of forms) {
    const match = pattern.exec(text);
    if (match) findings.push({ where, form, text: text.slice(Math.max(0, match.index - 40), match.index + 40) });
  }
  const native = await page.locator('input[type=date], input[type=datetime-local], input[type=month]').count();
  if (native) findings.push({ where, form: 'native date input', text: `${native} field(s)` });
}

async function walk(
  page: Page,
  paths: string[],
  language: 'en' | 'vi',
  findings: Finding[],
  withMoment: readonly string[] = [],
) {
  await page.evaluate((lang) => localStorage.setItem('language', lang), language);
  for (const path of paths) {
    await page.goto(path);
    await settle(page);
    await judge(page, `${path} (${language})`, language, findings, withMoment.includes(path));
  }
}

/** A sample measured by the third lab with an origin analysis saved to it: dates on every bench. */
async function seedAnalysedSample(request: APIRequestContext, headers: AuthHeaders) {
  const sample = await sendSampleToThirdLab(request, headers, 'dates@one-form.example');
  await returnResult(request, headers, sample.id);
  const material = `Dates cotton ${Date.now()}`;
  const row = (code: string, country: string, c: number, h: number, o: number, i: number) =>
    `${code}-${i},${material},${country},,${(c + ((i % 3) - 1) * 0.2).toFixed(2)},${h + ((i % 4) - 1.5) * 2},${(o + ((i % 5) - 2) * 0.3).toFixed(2)}`;
  const csv = ['sampleCode,material,countryCode,region,d13C,d2H,d18O']
    .concat(
      Array.from({ length: 15 }, (_, i) => row('DV', 'VN', -27.1, -65, 24.2, i)),
      Array.from({ length: 15 }, (_, i) => row('DT', 'TH', -24, -40, 28, i)),
    )
    .join('\n');
  const imported = await request.post('/api/clean-isotope/import', {
    headers,
    multipart: { file: { name: 'references.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const saved = await request.post('/api/analysis', {
    headers,
    data: { material, analyses: [{ idflNumber: sample.idflNumber, claimedOrigin: 'VN' }] },
  });
  expect(saved.status(), await saved.text()).toBe(201);
  const analysisId = ((await saved.json()) as { data: { id: number }[] }).data[0]!.id;
  const detail = await request.get(`/api/supervisor-lab/get-detail/${sample.id}`, { headers });
  const { version } = ((await detail.json()) as { data: { version: number } }).data;
  const toSample = await request.post(
    `/api/analysis/save-to-sample-entry?idflNumber=${encodeURIComponent(sample.idflNumber)}`,
    { headers, data: { analysisId, version } },
  );
  expect(toSample.status(), await toSample.text()).toBe(200);
  return sample;
}

test.describe('[DATES]', () => {
  test.describe.configure({ timeout: 300_000 });

  for (const language of ['en', 'vi'] as const) {
    test(`[DATES] every screen shows dates in the one form (${language})`, async ({ page, request, openSignedIn }) => {
      const asAdmin = await headersOf(request, admin);
      const sample = await seedAnalysedSample(request, asAdmin);
      const submitted = await request.post('/api/sample-submit-form', { data: bookingForm() });
      expect(submitted.status()).toBe(201);
      const booking = ((await submitted.json()) as { data: { id: number } }).data;
      const findings: Finding[] = [];

      await page.goto('/auth/login');
      await walk(page, ['/auth/login', '/booking/isotope-submittal-form'], language, findings);

      await openSignedIn(admin, '/dashboard');
      // The analysis list and the supervisor's "analysed" line show the analysis's moment.
      await walk(page, staffRoutes({ bookingId: booking.id, sampleId: sample.id }), language, findings, [
        '/analysis/analysis-list',
        `/supervisor-samples/${sample.id}`,
      ]);

      // Analysis Results: the saved analysis opened from the history, its moment in the one form.
      await page.goto('/analysis/analysis-list');
      await settle(page);
      const row = page.getByRole('row').filter({ hasText: sample.idflNumber }).first();
      await row
        .getByRole('button', { name: /^(View|Xem)/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await judge(page, `analysis detail (${language})`, language, findings, true);
      await page.keyboard.press('Escape');
      // The notifications, each with its moment (the analysis's sample went through every bench).
      await page
        .getByRole('banner')
        .getByRole('button', { name: /Notifications|Thông báo/ })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await judge(page, `notifications (${language})`, language, findings, true);
      await page.keyboard.press('Escape');

      await openSignedIn(roleUsers.hoanVuLab, '/thirdlab-samples');
      await walk(page, ['/thirdlab-samples'], language, findings);

      expect(findings).toEqual([]);
    });
  }
});
