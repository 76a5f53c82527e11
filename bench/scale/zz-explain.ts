import { openDatabase } from '../../src/server/db/client.ts';
import { sampleListQueries } from '../../src/server/services/sample-entries.ts';
import { benchStatuses } from '../../src/shared/sample-workflow.ts';
const db = openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/explain100k' });
const args = JSON.parse(process.argv[2] ?? '{}');
for (const bench of ['cs', 'tester', 'supervisor'] as const) {
  const status = bench === 'cs' ? undefined : [...benchStatuses[bench]];
  const q = sampleListQueries(db.db, { limit: 20, offset: 0, status, ...args } as never);
  const { sql: text, params } = q.page.toSQL();
  let inlined = text.replace(/\$(\d+)/g, (_, n) => { const v = params[Number(n) - 1]; return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`; });
  console.log(`--- ${bench}\n${inlined}`);
  const client = (db as any);
  const plan = await db.db.execute(`EXPLAIN (ANALYZE, BUFFERS) ${inlined}` as never);
  for (const r of (plan as any).rows ?? plan) console.log(Object.values(r)[0]);
}
await db.close();
