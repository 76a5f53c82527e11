import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { numberSequence } from '../../db/schema.ts';

/** Next number of a named yearly sequence; atomic across API instances. */
async function nextInSequence(db: Executor, name: string, year: number): Promise<number> {
  const [row] = await db
    .insert(numberSequence)
    .values({ name, year, last: 1 })
    .onConflictDoUpdate({
      target: [numberSequence.name, numberSequence.year],
      set: { last: sql`${numberSequence.last} + 1` },
    })
    .returning({ last: numberSequence.last });
  return row?.last ?? 1;
}

/** Human-readable, sequential per year: BK-2026-00001, IDFL-2026-00001. */
export async function nextNumber(db: Executor, prefix: 'BK' | 'IDFL' | 'PKG', at = new Date()): Promise<string> {
  const year = at.getUTCFullYear();
  const n = await nextInSequence(db, prefix, year);
  return `${prefix}-${year}-${String(n).padStart(5, '0')}`;
}
