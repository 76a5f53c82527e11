import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { submissionGuidelines } from '../../db/schema.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import { appendAudit, rowChanges } from '../custody/audit.ts';
import type { Laboratory } from '../../laboratory.ts';
import { defaultGuidelines } from './guidelines-default.ts';
import { assertVersion, lockForEdit } from '../stale-writes.ts';

const GUIDELINES_ID = 1;

export type GuidelinesRecord = {
  en: string;
  vi: string;
  /** 0 while the built-in default is shown: the first save is made against it. */
  version: number;
  isDefault: boolean;
  updatedAt: string | null;
};

export async function findGuidelines(db: Executor, laboratory: Laboratory): Promise<GuidelinesRecord> {
  const [row] = await db.select().from(submissionGuidelines).where(eq(submissionGuidelines.id, GUIDELINES_ID));
  if (!row) return { ...defaultGuidelines(laboratory), version: 0, isDefault: true, updatedAt: null };
  return {
    en: row.textEn,
    vi: row.textVi,
    version: row.version,
    isDefault: false,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Saves the laboratory's own text in both languages. `version` is the one last read (0 for the
 * default); a save against text someone else changed meanwhile answers 409 with the current text.
 */
export async function updateGuidelines(
  db: Executor,
  {
    input,
    by,
    laboratory,
  }: { input: { en: string; vi: string; version: number }; by: AuthUser; laboratory: Laboratory },
): Promise<GuidelinesRecord> {
  const builtIn = defaultGuidelines(laboratory);
  return db.transaction(async (tx) => {
    // The first save races on the primary key: the loser finds the row and is judged by its version.
    await tx
      .insert(submissionGuidelines)
      .values({ id: GUIDELINES_ID, textEn: builtIn.en, textVi: builtIn.vi, version: 0 })
      .onConflictDoNothing();
    await lockForEdit(tx, submissionGuidelines, submissionGuidelines.id, GUIDELINES_ID);
    const current = await findGuidelines(tx, laboratory);
    assertVersion(current, input.version, 'staleGuidelines');
    const changes = rowChanges({ en: current.en, vi: current.vi }, { en: input.en, vi: input.vi });
    if (Object.keys(changes).length === 0) return current;
    await tx
      .update(submissionGuidelines)
      .set({
        textEn: input.en,
        textVi: input.vi,
        updatedBy: by.id,
        updatedAt: new Date(),
        version: sql`${submissionGuidelines.version} + 1`,
      })
      .where(eq(submissionGuidelines.id, GUIDELINES_ID));
    await appendAudit(tx, { entityType: 'guidelines', entityId: GUIDELINES_ID, action: 'updated', changes, actor: by });
    return findGuidelines(tx, laboratory);
  });
}
