import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sampleEntry } from '../../../src/server/db/schema.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// A PDF has a time budget (PDF_RENDER_SECONDS): one that takes longer is stopped, its worker thread
// replaced, and the request answered 503 pdfTooSlow, while the API answers everyone else all along.
// Here the budget is five seconds and the record's sample type runs to hundreds of pages (tens of
// seconds of drawing).

const t = useTestApp({ PDF_RENDER_SECONDS: '5' });

const HUNDREDS_OF_PAGES = 'Bông xơ chải kỹ loại một '.repeat(24_000);

describe('[PDF BUDGET] a PDF past its time budget is refused, not waited for', () => {
  it('answers 503 pdfTooSlow past the budget, keeps answering meanwhile, and draws the next PDF', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'New');
    const huge = await sampleAt(t, admin, 'New');
    await t.database.db.update(sampleEntry).set({ sampleType: HUNDREDS_OF_PAGES }).where(eq(sampleEntry.id, huge.id));

    const started = performance.now();
    const refused = t.request('GET', `/api/sample-entries/${huge.id}/custody.pdf`, { token: admin });
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    const answer = await refused;
    expect(answer.status, JSON.stringify(answer.body)).toBe(503);
    expect(answer.body).toMatchObject({ result: false, code: 'pdfTooSlow', params: { seconds: 5 } });
    // Stopped at the budget (plus the worker's start), not when the drawing would have ended.
    expect(performance.now() - started).toBeLessThan(30_000);

    const next = await t.request('GET', `/api/sample-entries/${sample.id}/custody.pdf`, { token: admin });
    expect(next.status).toBe(200);
    expect(next.headers.get('content-type')).toBe('application/pdf');
    // Two worker starts and a budget spent: minutes on a machine as busy as CI's can be.
  }, 180_000);
});
