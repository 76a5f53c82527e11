// Measurement runs: an instrument's file imported, its analyses matched to reference materials and
// samples, each element normalised to its international scale (measurement-run-compute.ts), and the
// samples' values written into their third-lab results, each write with its custody record in the
// import's one transaction. A run is recomputed on request (a new revision, never an edit of the old),
// after a person assigns a row it could not match or a reference material's value is revised.
import { desc, eq, sql } from 'drizzle-orm';
import type {
  AnalysisMatch,
  MaterialRef,
  MeasuredElement,
  MeasurementRunAnalysis,
  RunAnchors,
} from '../../../shared/measurement/measurement.ts';
import { sampleEdits } from '../../../shared/workflow/sample-workflow.ts';
import type { Executor, Tx } from '../../db/client.ts';
import {
  dispatchBatch,
  measurementResult,
  measurementRun,
  measurementRunValue,
  sampleEntry,
  thirdLabEntry,
} from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { appendAudit, asJson, type Actor } from '../custody/audit.ts';
import {
  computeRun,
  matchAnalyses,
  resolveMethod,
  type Computed,
  type SampleValues,
} from './measurement-run-compute.ts';
import type { ParsedAnalysis } from './measurement-run-file.ts';
import { getMeasurementRun } from './measurement-run-list.ts';
import { readRunInWorker } from './measurement-run-reader.ts';
import { judgeRun } from './qc-judgement.ts';
import { labToday } from '../../lab-time.ts';
import { loadRegistry } from './reference-materials.ts';
import { lockSample, SAMPLE_ENTITY } from '../samples/sample-transitions.ts';
import { editThirdLabEntry, type ThirdLabEntry } from '../samples/third-lab.ts';

const MEASUREMENT_RUN_ENTITY = 'measurement_run';

type RunRow = typeof measurementRun.$inferSelect;

/** The third-lab result's fields of each element: its value and its uncertainty. */
const resultFields = {
  carbon: ['carbon', 'carbonUncertainty'],
  nitrogen: ['nitrogen', 'nitrogenUncertainty'],
  hydrogen: ['hydrogen', 'hydrogenUncertainty'],
  oxygen: ['oxygen', 'oxygenUncertainty'],
  sulfur: ['sulfur', 'sulfurUncertainty'],
} as const satisfies Record<MeasuredElement, readonly [keyof ThirdLabEntry, keyof ThirdLabEntry]>;

// ————— Landing results on the samples —————

/** A reported value: to the 0.01 ‰ results are printed to. */
const reported = (value: number) => Math.round(value * 100) / 100;
/** A reported uncertainty: rounded up to 0.01 ‰ (never below it), at most the result's 100 ‰. */
const reportedUncertainty = (u: number) => Math.min(100, Math.max(0.01, Math.ceil(u * 100 - 1e-9) / 100));

/**
 * Writes each sample's values into its open third-lab result when the third lab may still edit it
 * (ThirdLabConfirmed): a new version of the result with its custody record naming the run. A result
 * already returned, reviewed or certified is not changed: its values stay with the run, for a person
 * to act on (the certificate is never changed in place).
 */
async function landResults(
  tx: Tx,
  {
    run,
    revision,
    sampleValues,
    by,
  }: { run: RunRow; revision: number; sampleValues: Computed['sampleValues']; by: Actor },
) {
  const reason = revision > 1 ? `Measured in run ${run.id}, revision ${revision}` : `Measured in run ${run.id}`;
  for (const id of [...sampleValues.keys()].sort((a, b) => a - b)) {
    const { values } = sampleValues.get(id)!;
    const sample = await lockSample(tx, id);
    const [entry] = await tx
      .select()
      .from(thirdLabEntry)
      .where(eq(thirdLabEntry.sampleEntryId, id))
      .orderBy(desc(thirdLabEntry.id))
      .limit(1)
      .for('update');
    let notLanded: string | null = null;
    let entryVersion: number | null = null;
    if (!entry) notLanded = 'runResultNoThirdLabEntry';
    else if (!(sampleEdits.thirdLabResult as readonly string[]).includes(sample.status))
      notLanded = 'runResultNotEditable';
    else {
      const changes: Partial<typeof thirdLabEntry.$inferInsert> = {
        measurementRuns: { ...entry.measurementRuns },
        resultEnteredBy: by.id,
      };
      for (const [element, v] of Object.entries(values) as [
        MeasuredElement,
        NonNullable<SampleValues[MeasuredElement]>,
      ][]) {
        const [valueField, uncertaintyField] = resultFields[element];
        Object.assign(changes, {
          [valueField]: reported(v.value),
          [uncertaintyField]: reportedUncertainty(v.uncertainty),
        });
        changes.measurementRuns![element] = run.id;
      }
      const edited = await editThirdLabEntry(tx, entry, changes);
      if (!edited) notLanded = 'runResultUnchanged';
      else {
        entryVersion = edited.entry.version;
        await appendAudit(tx, {
          entityType: SAMPLE_ENTITY,
          entityId: id,
          action: 'measurementRun',
          changes: edited.changes,
          reason,
          actor: by,
        });
        await tx.update(sampleEntry).set({ updatedAt: new Date() }).where(eq(sampleEntry.id, id));
      }
    }
    await tx.insert(measurementResult).values({
      measurementRunId: run.id,
      revision,
      sampleEntryId: id,
      values,
      landed: notLanded === null,
      notLanded,
      thirdLabEntryVersion: entryVersion,
    });
  }
}

async function recordValueUses(tx: Tx, runId: number, revision: number, uses: Computed['valueUses']) {
  const unique = [...new Map(uses.map((u) => [`${u.valueId}|${u.isAnchor}`, u])).values()];
  if (unique.length)
    await tx.insert(measurementRunValue).values(
      unique.map((u) => ({
        measurementRunId: runId,
        revision,
        referenceMaterialValueId: u.valueId,
        isAnchor: u.isAnchor,
      })),
    );
}

const counts = (analyses: readonly MeasurementRunAnalysis[], computed: Computed) => ({
  analysisCount: analyses.length,
  sampleCount: computed.sampleValues.size,
  unmatchedCount: analyses.filter((a) => a.match.kind === 'unmatched').length,
});

// ————— Import —————

export type ImportRunOptions = {
  file: File;
  dispatchBatchId?: number;
  anchors?: RunAnchors;
  checks?: MaterialRef[];
  measuredOn?: string;
  /** The laboratory's time zone (LAB_TIME_ZONE): a run measured at 02:00 there is dated that day. */
  labTimeZone: string;
  by: Actor;
};

export async function importMeasurementRun(db: Executor, options: ImportRunOptions) {
  const parsed = await readRunInWorker(options.file);
  const runId = await db.transaction(async (tx) => {
    if (options.dispatchBatchId !== undefined) {
      const [batch] = await tx
        .select({ id: dispatchBatch.id })
        .from(dispatchBatch)
        .where(eq(dispatchBatch.id, options.dispatchBatchId));
      if (!batch)
        throw badRequest('runPackageNotFound', { id: options.dispatchBatchId }, { packageId: 'No such package' });
    }
    const registry = await loadRegistry(tx);
    const method = resolveMethod(registry, options.anchors, options.checks);
    const analyses = await matchAnalyses(tx, registry, parsed.analyses);
    const computed = computeRun(registry, analyses, method, labToday(options.labTimeZone));
    const [run] = await tx
      .insert(measurementRun)
      .values({
        fileName: options.file.name.slice(0, 200) || 'run',
        format: parsed.format,
        dispatchBatchId: options.dispatchBatchId ?? null,
        measuredOn: options.measuredOn ?? labToday(options.labTimeZone),
        method,
        analyses,
        calibrations: computed.calibrations,
        elements: computed.elements,
        ...counts(analyses, computed),
        importedBy: options.by.id,
      })
      .returning();
    await recordValueUses(tx, run!.id, 1, computed.valueUses);
    await appendAudit(tx, {
      entityType: MEASUREMENT_RUN_ENTITY,
      entityId: run!.id,
      action: 'import',
      changes: asJson({ measurementRun: { from: null, to: { fileName: run!.fileName, elements: computed.elements } } }),
      actor: options.by,
    });
    await landResults(tx, { run: run!, revision: 1, sampleValues: computed.sampleValues, by: options.by });
    // Judged after its results are recorded: a rejection holds this run's samples with the others'.
    await judgeRun(tx, { runId: run!.id, calibrations: computed.calibrations, by: options.by });
    return run!.id;
  });
  return getMeasurementRun(db, runId);
}

// ————— Recompute and assign —————

async function lockRun(tx: Tx, id: number): Promise<RunRow> {
  const [run] = await tx.select().from(measurementRun).where(eq(measurementRun.id, id)).for('update');
  if (!run) throw notFound('measurementRunNotFound');
  return run;
}

/** A new revision of the run from its analyses as they now stand and the values in force today. */
async function reviseRun(
  tx: Tx,
  run: RunRow,
  analyses: (ParsedAnalysis & { match?: AnalysisMatch })[],
  action: string,
  by: Actor,
  /** The laboratory's day: the reference values in force on it. */
  today: string,
  reason?: string,
) {
  const registry = await loadRegistry(tx);
  const matched = await matchAnalyses(tx, registry, analyses);
  const computed = computeRun(registry, matched, run.method, today);
  const revision = run.revision + 1;
  await tx
    .update(measurementRun)
    .set({
      revision,
      analyses: matched,
      calibrations: computed.calibrations,
      elements: computed.elements,
      ...counts(matched, computed),
      version: sql`${measurementRun.version} + 1`,
      updatedAt: new Date(),
    })
    .where(eq(measurementRun.id, run.id));
  await recordValueUses(tx, run.id, revision, computed.valueUses);
  await landResults(tx, { run, revision, sampleValues: computed.sampleValues, by });
  // The new revision's check standards are judged again, as the run's first were.
  const qc = await judgeRun(tx, { runId: run.id, calibrations: computed.calibrations, by });
  await appendAudit(tx, {
    entityType: MEASUREMENT_RUN_ENTITY,
    entityId: run.id,
    action,
    changes: asJson({
      revision: { from: run.revision, to: revision },
      ...(qc.previous !== qc.verdict ? { qcVerdict: { from: qc.previous, to: qc.verdict } } : {}),
    }),
    reason: reason ?? null,
    actor: by,
  });
}

/** Computes a run again on the reference values in force today (a person decides when). */
export async function recomputeMeasurementRun(
  db: Executor,
  { id, by, timeZone }: { id: number; by: Actor; timeZone: string },
) {
  await db.transaction(async (tx) => {
    const run = await lockRun(tx, id);
    await reviseRun(tx, run, run.analyses, 'recompute', by, labToday(timeZone));
  });
  return getMeasurementRun(db, id);
}

/** Assigns one of the run's analyses to a sample or a reference material, then recomputes the run. */
export async function assignRunAnalysis(
  db: Executor,
  {
    id,
    analysis,
    sampleEntryId,
    referenceMaterialId,
    by,
    timeZone,
  }: {
    id: number;
    analysis: number;
    sampleEntryId?: number;
    referenceMaterialId?: number;
    by: Actor;
    timeZone: string;
  },
) {
  if ((sampleEntryId === undefined) === (referenceMaterialId === undefined))
    throw badRequest('runAssignOne', {}, { sampleEntryId: 'Choose a sample or a reference material' });
  await db.transaction(async (tx) => {
    const run = await lockRun(tx, id);
    const target = run.analyses.find((a) => a.analysis === analysis);
    if (!target) throw notFound('runAnalysisNotFound', { analysis });
    let match: AnalysisMatch;
    if (sampleEntryId !== undefined) {
      const [sample] = await tx
        .select({ id: sampleEntry.id, idflNumber: sampleEntry.idflNumber })
        .from(sampleEntry)
        .where(eq(sampleEntry.id, sampleEntryId));
      if (!sample) throw badRequest('sampleNotFound', {}, { sampleEntryId: 'No such sample' });
      match = { kind: 'sample', sampleEntryId: sample.id, idflNumber: sample.idflNumber, assigned: true };
    } else {
      const registry = await loadRegistry(tx);
      const material = registry.find((m) => m.id === referenceMaterialId);
      if (!material)
        throw badRequest('referenceMaterialNotFound', {}, { referenceMaterialId: 'No such reference material' });
      match = { kind: 'referenceMaterial', referenceMaterialId: material.id, name: material.name, assigned: true };
    }
    const analyses = run.analyses.map((a) => (a.analysis === analysis ? { ...a, match } : a));
    await reviseRun(
      tx,
      run,
      analyses,
      'assign',
      by,
      labToday(timeZone),
      `Analysis ${analysis} (${target.identifier}) assigned`,
    );
  });
  return getMeasurementRun(db, id);
}
