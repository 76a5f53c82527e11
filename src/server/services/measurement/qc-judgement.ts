// A run's quality control, in its import's (or recomputation's) transaction: each check standard's results judged by
// the Westgard rules against its chart (a supervisor's target, else the first 20 results), the run's
// verdict kept, and on a rejection a non-conformity opened that holds the samples measured since the
// last in-control run, each hold written to the sample's custody log (docs/quality-control.md).
import { and, asc, desc, eq, gt, lt, lte, ne } from 'drizzle-orm';
import type { RunCalibration } from '../../../shared/measurement/measurement.ts';
import { nonconformityOpening, type NonconformityRule, type QcCheckRecord } from '../../../shared/measurement/qc.ts';
import {
  duplicateFlags,
  establishLimits,
  isRejection,
  judgeCheck,
  runVerdict,
  westgardRules,
  type ControlLimits,
  type RunVerdict,
} from '../../../shared/measurement/qc-westgard.ts';
import type { Tx } from '../../db/client.ts';
import {
  measurementResult,
  nonconformity,
  nonconformitySample,
  qcCheckResult,
  qcControlLimit,
  qcRunVerdict,
  sampleEntry,
} from '../../db/schema.ts';
import { appendAudit, asJson, type Actor } from '../custody/audit.ts';
import { SAMPLE_ENTITY } from '../samples/sample-transitions.ts';
import { announceChange } from '../messaging/notifications.ts';

export const NONCONFORMITY_ENTITY = 'nonconformity';

/** A rule list as the custody log and messages name it: "1-3s, 2-2s". */
export const ruleList = (rules: readonly NonconformityRule[]) =>
  westgardRules.filter((rule) => rules.some((r) => r.rule === rule)).join(', ');

/** The chart's results before this run: earlier runs (import order) that were not rejected. */
async function chartBefore(tx: Tx, runId: number, referenceMaterialId: number, element: string) {
  const rows = await tx
    .select({ value: qcCheckResult.value })
    .from(qcCheckResult)
    .innerJoin(qcRunVerdict, eq(qcRunVerdict.measurementRunId, qcCheckResult.measurementRunId))
    .where(
      and(
        eq(qcCheckResult.referenceMaterialId, referenceMaterialId),
        eq(qcCheckResult.element, element as never),
        lt(qcCheckResult.measurementRunId, runId),
        ne(qcRunVerdict.verdict, 'rejected'),
      ),
    )
    .orderBy(asc(qcCheckResult.measurementRunId), asc(qcCheckResult.position), asc(qcCheckResult.id));
  return rows.map((r) => r.value);
}

async function targetOf(tx: Tx, referenceMaterialId: number, element: string) {
  const [target] = await tx
    .select()
    .from(qcControlLimit)
    .where(
      and(eq(qcControlLimit.referenceMaterialId, referenceMaterialId), eq(qcControlLimit.element, element as never)),
    );
  return target;
}

/** Judges each check standard and element of the run and keeps its results on the chart. */
async function judgeChecks(tx: Tx, runId: number, calibrations: readonly RunCalibration[]) {
  const checks: QcCheckRecord[] = [];
  for (const calibration of calibrations) {
    for (const check of calibration.checks) {
      const points = [...check.points].sort((a, b) => a.position - b.position);
      const values = points.map((p) => p.normalised);
      const earlier = await chartBefore(tx, runId, check.referenceMaterialId, calibration.element);
      const target = await targetOf(tx, check.referenceMaterialId, calibration.element);
      const established = target ? null : establishLimits(earlier);
      const limits: ControlLimits | null = target
        ? { mean: target.mean, sd: target.sd, source: 'target' }
        : established && { ...established, source: 'established' };
      const judged = limits && judgeCheck({ limits, earlier, current: values });
      checks.push({
        referenceMaterialId: check.referenceMaterialId,
        name: check.name,
        element: calibration.element,
        status: judged ? 'judged' : 'limitsNotEstablished',
        limits,
        earlierResults: earlier.length,
        values,
        z: judged?.z ?? null,
        rules: judged?.rules ?? [],
      });
      if (points.length)
        await tx.insert(qcCheckResult).values(
          points.map((p) => ({
            measurementRunId: runId,
            referenceMaterialId: check.referenceMaterialId,
            element: calibration.element,
            position: p.position,
            value: p.normalised,
          })),
        );
    }
  }
  return checks;
}

export type QcOutcome = {
  verdict: RunVerdict;
  /** The verdict of the run's previous revision, when it is judged again; null for a new run. */
  previous: RunVerdict | null;
  nonconformityId: number | null;
};

/**
 * Judges a run, newly imported or computed again (a new revision: its earlier check results leave
 * the chart and are judged anew). A rejection opens the run's non-conformity and holds the samples,
 * unless the run already has one; a revision judged in control leaves an open one for a supervisor
 * to release, since the doubt was raised on results already reported. Later runs keep the verdicts
 * they were given.
 */
export async function judgeRun(
  tx: Tx,
  { runId, calibrations, by }: { runId: number; calibrations: readonly RunCalibration[]; by: Actor },
): Promise<QcOutcome> {
  const [earlier] = await tx
    .delete(qcRunVerdict)
    .where(eq(qcRunVerdict.measurementRunId, runId))
    .returning({ verdict: qcRunVerdict.verdict });
  await tx.delete(qcCheckResult).where(eq(qcCheckResult.measurementRunId, runId));
  const previous = earlier?.verdict ?? null;
  const checks = await judgeChecks(tx, runId, calibrations);
  const verdict = runVerdict(checks.filter((c) => c.status === 'judged'));
  const broken: NonconformityRule[] = checks.flatMap((c) =>
    c.rules
      .filter(isRejection)
      .map((rule) => ({ rule, referenceMaterialId: c.referenceMaterialId, name: c.name, element: c.element })),
  );
  await tx.insert(qcRunVerdict).values({
    measurementRunId: runId,
    verdict,
    rules: westgardRules.filter((rule) => broken.some((b) => b.rule === rule)),
    checks,
    duplicates: duplicateFlags(calibrations),
  });
  const [opened] = await tx
    .select({ id: nonconformity.id })
    .from(nonconformity)
    .where(eq(nonconformity.measurementRunId, runId));
  if (opened || verdict !== 'rejected') return { verdict, previous, nonconformityId: opened?.id ?? null };
  return { verdict, previous, nonconformityId: await openNonconformity(tx, { runId, broken, by }) };
}

async function openNonconformity(
  tx: Tx,
  { runId, broken, by }: { runId: number; broken: NonconformityRule[]; by: Actor },
) {
  const [opened] = await tx.insert(nonconformity).values({ measurementRunId: runId, rules: broken }).returning();
  const held = await samplesSinceLastInControl(tx, runId);
  if (held.length)
    await tx
      .insert(nonconformitySample)
      .values(
        held.map((h) => ({ nonconformityId: opened!.id, sampleEntryId: h.sampleEntryId, measurementRunId: h.runId })),
      );
  await appendAudit(tx, {
    entityType: NONCONFORMITY_ENTITY,
    entityId: opened!.id,
    action: 'open',
    toStatus: 'open',
    changes: asJson({
      measurementRunId: { from: null, to: runId },
      rules: { from: null, to: broken },
      sampleEntryIds: { from: null, to: held.map((h) => h.sampleEntryId) },
    }),
    reason: `Run ${runId} rejected by quality control (${ruleList(broken)})`,
    actor: by,
  });
  for (const h of held) {
    await appendAudit(tx, {
      entityType: SAMPLE_ENTITY,
      entityId: h.sampleEntryId,
      action: 'qcHold',
      changes: { nonconformityId: { from: null, to: opened!.id }, qcHold: { from: null, to: 'held' } },
      reason: `Held by non-conformity ${opened!.id}: run ${runId} rejected (${ruleList(broken)})`,
      actor: by,
    });
    await tx.update(sampleEntry).set({ updatedAt: new Date() }).where(eq(sampleEntry.id, h.sampleEntryId));
  }
  const rules = ruleList(broken);
  await announceChange(tx, nonconformityOpening.run, {
    params: { number: opened!.id, run: runId, rules, count: held.length },
    title: 'Run rejected',
    message: `Run no. ${runId} was rejected by quality control (${rules}): non-conformity no. ${opened!.id} holds ${held.length} sample(s) until a supervisor releases it.`,
    link: '/nonconformities',
  });
  return opened!.id;
}

/**
 * The samples a rejection puts in doubt: those of this run and of every run imported since the last
 * run judged in control (runs warned, rejected or not judged in between are included), each once,
 * with the latest run that measured it.
 */
async function samplesSinceLastInControl(tx: Tx, runId: number) {
  const [last] = await tx
    .select({ id: qcRunVerdict.measurementRunId })
    .from(qcRunVerdict)
    .where(and(eq(qcRunVerdict.verdict, 'inControl'), lt(qcRunVerdict.measurementRunId, runId)))
    .orderBy(desc(qcRunVerdict.measurementRunId))
    .limit(1);
  const rows = await tx
    .selectDistinct({ runId: measurementResult.measurementRunId, sampleEntryId: measurementResult.sampleEntryId })
    .from(measurementResult)
    .where(and(gt(measurementResult.measurementRunId, last?.id ?? 0), lte(measurementResult.measurementRunId, runId)))
    .orderBy(desc(measurementResult.measurementRunId));
  const bySample = new Map<number, number>();
  for (const row of rows) if (!bySample.has(row.sampleEntryId)) bySample.set(row.sampleEntryId, row.runId);
  return [...bySample.entries()]
    .map(([sampleEntryId, run]) => ({ sampleEntryId, runId: run }))
    .sort((a, b) => a.sampleEntryId - b.sampleEntryId);
}
