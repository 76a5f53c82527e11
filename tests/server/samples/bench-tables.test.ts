import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../src/server/app.ts';
import { benches, benchNames, benchStatuses, type Bench } from '../../../src/shared/workflow/benches.ts';
import { useTestApp } from '../support/test-app.ts';

// What the server builds from the bench table and the compiler cannot see: each bench's routes
// registered in the app, and each bench's partial index (db/schema/samples.ts) as the migrations
// made it, holding exactly the statuses the bench lists.

const t = useTestApp();

describe('[BENCH TABLES] the server serves and indexes each bench as the table says', () => {
  it("registers every bench's list and detail route (a routes file calling registerBenchReads)", () => {
    const paths = openApiDocument(t.app).paths ?? {};
    const missing = benchNames.flatMap((bench) => {
      const { list, detail } = benches[bench].api;
      return [list, ...(detail ? [detail] : [])]
        .filter((endpoint) => !paths[endpoint.path]?.get)
        .map((endpoint) => `${bench} ${endpoint.path}`);
    });
    expect(missing).toEqual([]);
  });

  it("migrates each bench's partial index to list exactly that bench's statuses", async () => {
    const result = (await t.database.db.execute(
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'sample_entry' AND indexname LIKE '%\_updated'`,
    )) as unknown as { rows: { indexname: string; indexdef: string }[] } | { indexname: string; indexdef: string }[];
    const rows = Array.isArray(result) ? result : result.rows;
    const indexed: Partial<Record<Bench, string[]>> = {};
    for (const { indexname, indexdef } of rows) {
      const bench = /^sample_entry_(\w+)_updated$/.exec(indexname)?.[1];
      if (!bench || !(benchNames as string[]).includes(bench)) continue;
      // PostgreSQL keeps `status IN (…)` as `status = ANY (ARRAY['…'::text, …])`.
      const predicate = indexdef.slice(indexdef.indexOf(' WHERE '));
      indexed[bench as Bench] = [...predicate.matchAll(/'(\w+)'/g)].map((m) => m[1]!).sort();
    }
    // A status added to a bench without `npm run db:generate` leaves its index out of date.
    expect(Object.keys(indexed).sort()).toEqual(['supervisor', 'tester']);
    for (const [bench, statuses] of Object.entries(indexed)) {
      expect(statuses, bench).toEqual([...benchStatuses[bench as Bench]].sort());
    }
  });
});
