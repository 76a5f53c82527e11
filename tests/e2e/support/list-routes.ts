import type { APIRequestContext, Page } from '@playwright/test';
import { sendSampleToThirdLab, returnResult, headersOf } from './sample-setup.ts';
import { admin, roleUsers, type E2eAccount } from './accounts.ts';
import { expect } from './fixtures.ts';

/**
 * Every list route of the app, with who opens it and whether it has rows once the run's records are
 * seeded (a list that shows rows is checked row by row: status and actions in view).
 */
export const LIST_ROUTES: { path: string; account: E2eAccount; rows: boolean }[] = [
  { path: '/bookings', account: admin, rows: true },
  { path: '/customers', account: admin, rows: true },
  { path: '/clients', account: roleUsers.CustomerService, rows: true },
  { path: '/testers', account: roleUsers.Tester, rows: true },
  { path: '/packages', account: admin, rows: true },
  { path: '/supervisor-samples', account: roleUsers.Supervisor, rows: true },
  { path: '/thirdlab-samples', account: roleUsers.hoanVuLab, rows: true },
  { path: '/analysis/analysis-list', account: admin, rows: true },
  { path: '/analysis/isotope-clean-data-list', account: admin, rows: true },
  { path: '/settings/accounts', account: admin, rows: true },
  { path: '/settings/roles', account: admin, rows: true },
  { path: '/settings/countries', account: admin, rows: true },
  { path: '/report-by-source', account: admin, rows: true },
  { path: '/report-by-status', account: roleUsers.Supervisor, rows: true },
  { path: '/reference-materials', account: roleUsers.Supervisor, rows: true },
];

let analysed: Promise<void> | undefined;

/** A reference set and one saved origin analysis, so the analysis and reference lists have rows. */
export function seedAnalysis(request: APIRequestContext) {
  analysed ??= (async () => {
    const headers = await headersOf(request, admin);
    const row = (code: string, country: string, c: number, h: number, o: number, i: number) =>
      `${code}-${i},Cotton,${country},,${(c + ((i % 3) - 1) * 0.2).toFixed(2)},${h + ((i % 4) - 1.5) * 2},${(o + ((i % 5) - 2) * 0.3).toFixed(2)}`;
    const csv = ['sampleCode,material,countryCode,region,d13C,d2H,d18O']
      .concat(
        Array.from({ length: 12 }, (_, i) => row('FIT-V', 'VN', -26.4, -58, 22.9, i)),
        Array.from({ length: 12 }, (_, i) => row('FIT-T', 'TH', -24, -40, 28, i)),
      )
      .join('\n');
    const imported = await request.post('/api/clean-isotope/import', {
      headers,
      multipart: { file: { name: 'references.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    });
    expect(imported.status(), await imported.text()).toBe(200);
    const sample = await sendSampleToThirdLab(request, headers, 'fit@analysis.example');
    await returnResult(request, headers, sample.id);
    // The widest words a row of the list holds: an analysis saved to its sample entry, and an
    // atypical measurement with a long sample code.
    const saved = await request.post('/api/analysis', {
      headers,
      data: {
        material: 'Cotton',
        analyses: [
          { idflNumber: sample.idflNumber, claimedOrigin: 'VN' },
          { sampleCode: 'VNX-PHUBAI-LOT-2611-BALE-0459', claimedOrigin: 'TH', d13C: -12, d2H: 40, d18O: 38 },
        ],
      },
    });
    expect(saved.status(), await saved.text()).toBe(201);
    const [toSample] = ((await saved.json()) as { data: { id: number }[] }).data;
    const detail = await request.get(`/api/supervisor-lab/get-detail/${sample.id}`, { headers });
    const { version } = ((await detail.json()) as { data: { version: number } }).data;
    const written = await request.post(
      `/api/analysis/save-to-sample-entry?idflNumber=${encodeURIComponent(sample.idflNumber)}`,
      { headers, data: { analysisId: toSample!.id, version } },
    );
    expect(written.status(), await written.text()).toBe(200);
  })();
  return analysed;
}

/**
 * What sticks out of an 820 px screen: the page or a table scrolling sideways, or a row's status
 * badge or action button (of the first rows) reaching past the viewport's right edge.
 */
export async function clippedOnScreen(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const problems: string[] = [];
    const boxes = [document.scrollingElement, ...[...document.querySelectorAll('table')].map((t) => t.parentElement)];
    for (const box of boxes) {
      if (box instanceof HTMLElement && box.scrollWidth > box.clientWidth + 1)
        problems.push(`${box.tagName} scrolls sideways: ${box.scrollWidth} > ${box.clientWidth}`);
    }
    for (const table of document.querySelectorAll('table')) {
      const cells = [...table.querySelectorAll('thead th'), ...table.querySelectorAll('tbody tr:nth-child(-n+5) td')];
      for (const cell of cells) {
        if (!(cell instanceof HTMLElement) || !cell.checkVisibility()) continue;
        const within = cell.getBoundingClientRect().right <= width + 1;
        if (!within) problems.push(`cell "${cell.innerText.slice(0, 30)}" ends past ${width}px`);
        for (const part of cell.querySelectorAll('button, a, [data-status]')) {
          const rect = part.getBoundingClientRect();
          if (part.checkVisibility() && (rect.left < 0 || rect.right > width + 1))
            problems.push(`"${(part as HTMLElement).innerText.slice(0, 30)}" outside the screen`);
          if (part instanceof HTMLElement && part.scrollWidth > part.clientWidth + 1)
            problems.push(`"${part.innerText.slice(0, 30)}" cut short`);
        }
      }
    }
    return problems;
  });
}
