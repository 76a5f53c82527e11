import { spawnSync } from 'node:child_process';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sampleEntry } from '../../../src/server/db/schema.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// A PDF is drawn in a worker thread (services/pdf-render.ts), so drawing one never stops the API
// answering anyone else. A 1,000-character word in a sample type (a public order form takes one)
// used to take twenty seconds to wrap, with the whole server waiting; now it takes milliseconds, in
// another thread.

const t = useTestApp();

/** A word with no space to break at: the wrapping has to cut it. */
const LONG_WORD = 'CottonFibreLot0123456789'.repeat(42).slice(0, 1_000);

function pdfText(bytes: Uint8Array): string {
  const run = spawnSync('pdftotext', ['-enc', 'UTF-8', '-', '-'], { input: bytes });
  if (run.error) throw new Error(`pdftotext is needed (apt-get install poppler-utils): ${run.error.message}`);
  expect(run.status, run.stderr.toString()).toBe(0);
  return run.stdout.toString('utf8');
}

/** Asks for /api/health every 50 ms until `work` settles; answers the slowest answer's time in ms. */
async function slowestHealthWhile(work: Promise<unknown>): Promise<{ slowest: number; answers: number }> {
  let done = false;
  void work.finally(() => (done = true));
  let slowest = 0;
  let answers = 0;
  do {
    const started = performance.now();
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    slowest = Math.max(slowest, performance.now() - started);
    answers++;
    await new Promise((resolve) => setTimeout(resolve, 50));
  } while (!done);
  return { slowest, answers };
}

describe('[PDF WORKER] PDFs are drawn off the request thread', () => {
  it('draws the custody PDF of a 1,000-character sample type within 3 s, the API answering all along', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'New');
    // The pool's worker starts with the first document: time the long word, not the start.
    const first = await t.request('GET', `/api/sample-entries/${sample.id}/custody.pdf`, { token: admin });
    expect(first.status).toBe(200);
    await t.database.db.update(sampleEntry).set({ sampleType: LONG_WORD }).where(eq(sampleEntry.id, sample.id));

    const started = performance.now();
    const pdf = t.request('GET', `/api/sample-entries/${sample.id}/custody.pdf`, { token: admin });
    const health = await slowestHealthWhile(pdf);
    const answer = await pdf;
    const took = performance.now() - started;
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(took).toBeLessThan(3_000);
    expect(health.answers).toBeGreaterThan(0);
    expect(health.slowest).toBeLessThan(1_000);
    // Cut into lines, the word still reads whole.
    const text = pdfText(new Uint8Array(await answer.raw.arrayBuffer())).replace(/\s+/g, '');
    expect(text).toContain(LONG_WORD);
  });

  it('prints labels and the label of a long sample code through the worker', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'New');
    await t.database.db
      .update(sampleEntry)
      .set({ sampleCode: LONG_WORD.repeat(20) })
      .where(eq(sampleEntry.id, sample.id));
    const started = performance.now();
    const label = await t.request('GET', `/api/labels/sample/${sample.id}`, { token: admin });
    expect(label.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(3_000);
    // Cut to the label's width with an ellipsis.
    expect(pdfText(new Uint8Array(await label.raw.arrayBuffer()))).toMatch(/CottonFibreLot\S*…/);
  });
});
