// What reviewers do with a saved origin analysis: classify it, write its prediction to a sample
// entry (through the sample's version check and workflow rule), and transfer a satisfied one to the
// clean isotope reference set.
import { eq, sql } from 'drizzle-orm';
import type { OriginAnalysis } from '../../../shared/origin-model/analysis.ts';
import {
  classifyActions,
  transferableClassify,
  type ClassifyAction,
  type SaveToSampleEntry,
  type TransferAnalysis,
} from '../../../shared/schemas/analysis.ts';
import { isotopeColumns } from '../../../shared/schemas/clean-isotope.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { ATYPICAL_PREDICTION } from '../../../shared/origin-prediction.ts';
import { analysis, sampleEntry } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { appendAudit, rowChanges, type Actor } from '../custody/audit.ts';
import { upsertCleanIsotope } from './clean-isotope.ts';
import { ANALYSIS_ENTITY, findAnalysis, toAnalysisRecord, type AnalysisRow } from './origin-analysis.ts';
import { judgeEdit, lockSample, recordSampleChange } from '../samples/sample-transitions.ts';
import { assertVersion } from '../stale-writes.ts';

function verdictToBoolean(verdict: string | undefined): boolean | null {
  return verdict === 'consistent' ? true : verdict === 'inconsistent' ? false : null;
}

async function lockAnalysis(db: Executor, id: number): Promise<AnalysisRow> {
  const [row] = await db.select().from(analysis).where(eq(analysis.id, id)).for('update');
  if (!row) throw notFound('analysisNotFound');
  return row;
}

async function updateAnalysis(db: Tx, row: AnalysisRow, changes: Partial<AnalysisRow>, action: string, by: Actor) {
  const [updated] = await db
    .update(analysis)
    .set({ ...changes, version: sql`${analysis.version} + 1`, updatedAt: new Date() })
    .where(eq(analysis.id, row.id))
    .returning();
  const diff = rowChanges(row, updated!, ['id', 'version', 'createdAt', 'updatedAt']);
  await appendAudit(db, { entityType: ANALYSIS_ENTITY, entityId: row.id, action, changes: diff, actor: by });
}

/**
 * The classify actions. Last write wins on purpose: classifying is a reviewer's judgement of the
 * current figures, and every change is in the audit trail.
 */
export async function classifyAnalysis(
  db: Executor,
  { id, action, by }: { id: number; action: ClassifyAction; by: Actor },
) {
  return db.transaction(async (tx) => {
    const row = await lockAnalysis(tx, id);
    const classify = classifyActions[action];
    if (row.classify !== classify) await updateAnalysis(tx, row, { classify }, 'classified', by);
    return findAnalysis(tx, id);
  });
}

/**
 * Writes an analysis's prediction and consistency to a sample entry, through the sample's version
 * check and workflow rule, and into its chain of custody.
 */
export async function saveAnalysisToSampleEntry(
  db: Executor,
  { idflNumber, input, by }: { idflNumber: string; input: SaveToSampleEntry; by: Actor },
) {
  return db.transaction(async (tx) => {
    const row = await lockAnalysis(tx, input.analysisId);
    const result = row.result as OriginAnalysis | null;
    if (!result) throw conflict('analysisHasNoResult', {}, toAnalysisRecord(row));
    const [target] = await tx
      .select({ id: sampleEntry.id })
      .from(sampleEntry)
      .where(eq(sampleEntry.idflNumber, idflNumber));
    if (!target) throw notFound('sampleNotFound');
    const sample = await lockSample(tx, target.id);
    assertVersion(sample, input.version, 'staleSample');
    judgeEdit('saveOriginAnalysis', sample);
    const best = result.composition[0];
    const updated = await recordSampleChange(tx, {
      sample,
      action: 'saveOriginAnalysis',
      by,
      reason: `Origin analysis #${row.id}`,
      changes: {
        predictedOrigin: result.predictedOrigin ?? ATYPICAL_PREDICTION,
        consistentWithPredictedOrigin: verdictToBoolean(result.consistency.claimed?.verdict),
        consistentWithXinjiangOrigin: verdictToBoolean(result.consistency.xinjiang.verdict),
        evaluationByRegionRatio: Object.fromEntries(
          result.regionalProbability.map((r) => [r.region, Math.round(r.probability * 10000) / 100]),
        ),
        evaluationByMixRatio: best
          ? {
              [best.regionA]: Math.round(best.fractionA * 100),
              [best.regionB]: Math.round((1 - best.fractionA) * 100),
            }
          : null,
        analysisDate: row.analysisDate,
      },
    });
    await updateAnalysis(
      tx,
      row,
      { status: 'SavedToSampleEntry', sampleEntryId: sample.id, idflNumber: sample.idflNumber },
      'savedToSampleEntry',
      by,
    );
    return {
      analysis: await findAnalysis(tx, row.id),
      sampleEntry: { id: updated.id, idflNumber: updated.idflNumber, version: updated.version },
    };
  });
}

/** A satisfied analysis becomes a clean reference record (updating the one made from it before). */
export async function transferAnalysis(
  db: Executor,
  { id, input, by }: { id: number; input: TransferAnalysis; by: Actor },
) {
  return db.transaction(async (tx) => {
    const row = await lockAnalysis(tx, id);
    if (row.classify !== transferableClassify) {
      throw conflict('analysisNotSatisfied', {}, toAnalysisRecord(row));
    }
    const stored = row.input as { values?: Record<string, number | null>; claimedOrigin?: string | null };
    const values = stored.values ?? {};
    const region =
      input.region ?? (row.prediction !== ATYPICAL_PREDICTION ? row.prediction : null) ?? stored.claimedOrigin ?? null;
    const countryCode = input.countryCode ?? row.countryCode ?? null;
    if (!region && !countryCode) {
      throw badRequest(
        'transferNeedsOrigin',
        {},
        {
          region: 'Region or country code is required',
        },
      );
    }
    const otherElements: Record<string, number> = {};
    for (const [element, v] of Object.entries(values))
      if (!(isotopeColumns as readonly string[]).includes(element) && typeof v === 'number') otherElements[element] = v;
    const { record, existingId } = await upsertCleanIsotope(tx, {
      sampleCode: row.sampleCode ?? row.idflNumber ?? `ANALYSIS-${row.id}`,
      material: row.material!,
      classify: input.classify ?? transferableClassify,
      countryCode,
      region,
      latitude: input.latitude ?? null,
      longitude: input.longitude ?? null,
      d13C: values.d13C ?? null,
      d2H: values.d2H ?? null,
      d18O: values.d18O ?? null,
      d15N: values.d15N ?? null,
      d34S: values.d34S ?? null,
      otherElements,
      verifiedBy: by.displayName,
      sourceSampleEntryId: row.sampleEntryId,
    });
    await updateAnalysis(tx, row, { status: 'Transferred', cleanIsotopeRecordId: record.id }, 'transferred', by);
    await appendAudit(tx, {
      entityType: 'clean_isotope_record',
      entityId: record.id,
      action: existingId ? 'updatedFromAnalysis' : 'createdFromAnalysis',
      changes: { analysisId: { from: null, to: row.id } },
      actor: by,
    });
    return { analysis: await findAnalysis(tx, row.id), record };
  });
}
