import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addDemoData, demoStages, journeyTo } from '../../../src/server/demo-data.ts';
import { sampleEntry } from '../../../src/server/db/schema.ts';
import { sampleStatuses } from '../../../src/shared/workflow/sample-workflow.ts';
import { useTestApp } from '../support/test-app.ts';

// npm run demo on a fresh database (PGlite, and PostgreSQL in its own run): every sample is walked
// through the workflow's stages by the real API, up to the stage the demo gives it.

const t = useTestApp();

describe('[DEMO] npm run demo', () => {
  it('reads each stage from the workflow table', () => {
    expect(journeyTo('New')).toEqual([]);
    expect(journeyTo('CsConfirmed')).toEqual(['csCheckIn']);
    expect(journeyTo('Completed')).toHaveLength(sampleStatuses.length - 1);
    expect(journeyTo('Completed').at(-1)).toBe('issueCertificate');
  });

  it(
    'fills a fresh database with samples at every stage, up to an issued certificate',
    { timeout: 300_000 },
    async () => {
      const started = performance.now();
      const added = await addDemoData(t.app, t.database.db, 'demo-password-1');
      await t.settled();
      // How long the demo takes here (its certificate PDFs are the slow part), for whoever makes it slower.
      console.info(`demo data added in ${Math.round(performance.now() - started)} ms`);
      if (!added.added) throw new Error('the demo found its data already there on a fresh database');

      expect(new Set(added.samples.map((s) => s.stage))).toEqual(new Set(demoStages));
      const rows = await t.database.db
        .select({ id: sampleEntry.id, status: sampleEntry.status })
        .from(sampleEntry)
        .where(
          inArray(
            sampleEntry.id,
            added.samples.map((s) => s.id),
          ),
        );
      const statusOf = new Map(rows.map((r) => [r.id, r.status]));
      for (const sample of added.samples) expect(statusOf.get(sample.id), `sample ${sample.id}`).toBe(sample.stage);

      // The last stage is a certificate anyone can check.
      const completed = added.samples.filter((s) => s.stage === 'Completed');
      expect(completed.length).toBeGreaterThan(0);
      const supervisor = await t.signIn('supervisor.hoa', 'demo-password-1');
      for (const { id } of completed) {
        const certificate = await t.request('GET', `/api/issue-certificate/by-sample/${id}`, { token: supervisor });
        expect(certificate.status, JSON.stringify(certificate.body)).toBe(200);
        expect(certificate.body.data).toMatchObject([{ version: 1, status: 'Valid' }]);
      }

      // A second run adds nothing.
      expect(await addDemoData(t.app, t.database.db, 'demo-password-1')).toEqual({ added: false });
      expect(await t.database.db.$count(sampleEntry)).toBe(added.samples.length);
    },
  );
});
