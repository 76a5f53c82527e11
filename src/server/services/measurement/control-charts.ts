// A check standard's control chart (Levey-Jennings) as the screen draws it: every result kept by the
// judgement of each run (qc-judgement.ts), in run order, with the run's verdict, and the limits the
// next run would be judged against — a supervisor's target, else the first 20 results of runs not
// rejected (docs/quality-control.md).
import { and, asc, count, eq, max } from 'drizzle-orm';
import type { MeasuredElement } from '../../../shared/measurement/measurement.ts';
import {
  CONTROL_BASELINE_RESULTS,
  establishLimits,
  type ControlLimits,
} from '../../../shared/measurement/qc-westgard.ts';
import type { ControlLimitInput } from '../../../shared/measurement/qc.ts';
import type { Executor } from '../../db/client.ts';
import { measurementRun, qcCheckResult, qcControlLimit, qcRunVerdict, referenceMaterial } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { appendAudit, rowChanges, type Actor } from '../custody/audit.ts';

/** Which check standard × element charts have results, by name then element. */
export async function listControlCharts(db: Executor) {
  const rows = await db
    .select({
      referenceMaterialId: qcCheckResult.referenceMaterialId,
      name: referenceMaterial.name,
      element: qcCheckResult.element,
      results: count(qcCheckResult.id),
      lastRunId: max(qcCheckResult.measurementRunId),
    })
    .from(qcCheckResult)
    .innerJoin(referenceMaterial, eq(referenceMaterial.id, qcCheckResult.referenceMaterialId))
    .groupBy(qcCheckResult.referenceMaterialId, referenceMaterial.name, qcCheckResult.element)
    .orderBy(asc(referenceMaterial.name), asc(qcCheckResult.element));
  return rows.map((r) => ({ ...r, results: Number(r.results), lastRunId: r.lastRunId ?? 0 }));
}

/** The lines drawn across the chart: the mean and ±2s (warning), ±3s (rejection). */
const linesOf = ({ mean, sd }: { mean: number; sd: number }) => ({
  mean,
  plus2s: mean + 2 * sd,
  minus2s: mean - 2 * sd,
  plus3s: mean + 3 * sd,
  minus3s: mean - 3 * sd,
});

export async function getControlChart(
  db: Executor,
  { referenceMaterialId, element }: { referenceMaterialId: number; element: MeasuredElement },
) {
  const [material] = await db
    .select({ id: referenceMaterial.id, name: referenceMaterial.name })
    .from(referenceMaterial)
    .where(eq(referenceMaterial.id, referenceMaterialId));
  if (!material) throw notFound('referenceMaterialNotFound');
  // Same order as the judgement reads the chart, so the baseline here is the one the runs were judged by.
  const rows = await db
    .select({
      measurementRunId: qcCheckResult.measurementRunId,
      runFileName: measurementRun.fileName,
      runMeasuredOn: measurementRun.measuredOn,
      position: qcCheckResult.position,
      value: qcCheckResult.value,
      verdict: qcRunVerdict.verdict,
    })
    .from(qcCheckResult)
    .innerJoin(measurementRun, eq(measurementRun.id, qcCheckResult.measurementRunId))
    .leftJoin(qcRunVerdict, eq(qcRunVerdict.measurementRunId, qcCheckResult.measurementRunId))
    .where(and(eq(qcCheckResult.referenceMaterialId, referenceMaterialId), eq(qcCheckResult.element, element)))
    .orderBy(asc(qcCheckResult.measurementRunId), asc(qcCheckResult.position), asc(qcCheckResult.id));
  const [target] = await db
    .select({ mean: qcControlLimit.mean, sd: qcControlLimit.sd })
    .from(qcControlLimit)
    .where(and(eq(qcControlLimit.referenceMaterialId, referenceMaterialId), eq(qcControlLimit.element, element)));
  // A rejected run's results never join the baseline nor the look-back: shown, but marked excluded.
  const kept = rows.filter((r) => r.verdict !== 'rejected').map((r) => r.value);
  const established = target ? null : establishLimits(kept);
  const limits: ControlLimits | null = target
    ? { ...target, source: 'target' }
    : established && { ...established, source: 'established' };
  return {
    referenceMaterialId: material.id,
    name: material.name,
    element,
    limits,
    lines: limits && linesOf(limits),
    baselineResults: Math.min(kept.length, CONTROL_BASELINE_RESULTS),
    baselineNeeded: CONTROL_BASELINE_RESULTS,
    points: rows.map((r) => ({
      ...r,
      verdict: r.verdict ?? 'notJudged',
      excluded: r.verdict === 'rejected',
      z: limits ? (r.value - limits.mean) / limits.sd : null,
    })),
  };
}

const CONTROL_LIMIT_ENTITY = 'qc_control_limit';

function limitAnswer(row: typeof qcControlLimit.$inferSelect, name: string) {
  return {
    id: row.id,
    referenceMaterialId: row.referenceMaterialId,
    name,
    element: row.element,
    mean: row.mean,
    sd: row.sd,
    setBy: row.setBy,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Sets (or replaces) a supervisor's target mean and SD for a check standard's chart of one element. */
export async function setControlLimit(db: Executor, { input, by }: { input: ControlLimitInput; by: Actor }) {
  return db.transaction(async (tx) => {
    const [material] = await tx
      .select({ id: referenceMaterial.id, name: referenceMaterial.name })
      .from(referenceMaterial)
      .where(eq(referenceMaterial.id, input.referenceMaterialId));
    if (!material)
      throw badRequest('referenceMaterialNotFound', {}, { referenceMaterialId: 'No such reference material' });
    const [before] = await tx
      .select()
      .from(qcControlLimit)
      .where(and(eq(qcControlLimit.referenceMaterialId, material.id), eq(qcControlLimit.element, input.element)))
      .for('update');
    const target = { mean: input.mean, sd: input.sd };
    const changes = rowChanges(before ?? {}, target);
    // Saving the limits a chart already has writes nothing: no new version, no custody entry.
    if (before && Object.keys(changes).length === 0) return limitAnswer(before, material.name);
    const [saved] = before
      ? await tx
          .update(qcControlLimit)
          .set({ ...target, setBy: by.id, version: before.version + 1, updatedAt: new Date() })
          .where(eq(qcControlLimit.id, before.id))
          .returning()
      : await tx
          .insert(qcControlLimit)
          .values({ referenceMaterialId: material.id, element: input.element, ...target, setBy: by.id })
          .returning();
    await appendAudit(tx, {
      entityType: CONTROL_LIMIT_ENTITY,
      entityId: saved!.id,
      action: before ? 'update' : 'create',
      changes,
      reason: `Target limits of ${material.name} (${input.element})`,
      actor: by,
    });
    return limitAnswer(saved!, material.name);
  });
}
