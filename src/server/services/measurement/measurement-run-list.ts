// What is read of measurement runs: one run with everything its calibration chart needs, and the
// list by package and by day (only the run's own columns, not its analyses).
import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  appUser,
  dispatchBatch,
  measurementResult,
  measurementRun,
  qcRunVerdict,
  sampleEntry,
} from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { runNonconformity } from './nonconformities.ts';

type RunRow = typeof measurementRun.$inferSelect;

// ————— Reading —————

export async function getMeasurementRun(db: Executor, id: number) {
  const [row] = await db
    .select({ run: measurementRun, packageCode: dispatchBatch.packageCode, importedByName: appUser.displayName })
    .from(measurementRun)
    .leftJoin(dispatchBatch, eq(dispatchBatch.id, measurementRun.dispatchBatchId))
    .leftJoin(appUser, eq(appUser.id, measurementRun.importedBy))
    .where(eq(measurementRun.id, id));
  if (!row) throw notFound('measurementRunNotFound');
  const results = await db
    .select({
      sampleEntryId: measurementResult.sampleEntryId,
      idflNumber: sampleEntry.idflNumber,
      status: sampleEntry.status,
      values: measurementResult.values,
      landed: measurementResult.landed,
      notLanded: measurementResult.notLanded,
      thirdLabEntryVersion: measurementResult.thirdLabEntryVersion,
    })
    .from(measurementResult)
    .innerJoin(sampleEntry, eq(sampleEntry.id, measurementResult.sampleEntryId))
    .where(and(eq(measurementResult.measurementRunId, id), eq(measurementResult.revision, row.run.revision)))
    .orderBy(asc(sampleEntry.idflNumber));
  return {
    ...runSummary({ ...row.run, packageCode: row.packageCode, importedByName: row.importedByName }),
    method: row.run.method,
    calibrations: row.run.calibrations,
    analyses: row.run.analyses,
    unmatched: row.run.analyses.filter((a) => a.match.kind === 'unmatched'),
    results,
    qc: await runQc(db, id),
  };
}

/** The run's quality-control verdict, checks, flagged duplicates and non-conformity. */
async function runQc(db: Executor, id: number) {
  const [verdict] = await db.select().from(qcRunVerdict).where(eq(qcRunVerdict.measurementRunId, id));
  if (!verdict) return null;
  return {
    verdict: verdict.verdict,
    rules: verdict.rules,
    checks: verdict.checks,
    duplicates: verdict.duplicates,
    nonconformity: await runNonconformity(db, id),
  };
}

/** The run's own columns a list shows: not its analyses and calibrations, which only its detail reads. */
const summaryColumns = {
  id: measurementRun.id,
  fileName: measurementRun.fileName,
  format: measurementRun.format,
  dispatchBatchId: measurementRun.dispatchBatchId,
  measuredOn: measurementRun.measuredOn,
  revision: measurementRun.revision,
  elements: measurementRun.elements,
  analysisCount: measurementRun.analysisCount,
  sampleCount: measurementRun.sampleCount,
  unmatchedCount: measurementRun.unmatchedCount,
  importedBy: measurementRun.importedBy,
  version: measurementRun.version,
  createdAt: measurementRun.createdAt,
  updatedAt: measurementRun.updatedAt,
};
type SummaryRow = { [K in keyof typeof summaryColumns]: RunRow[K] };

function runSummary(run: SummaryRow & { packageCode: string | null; importedByName: string | null }) {
  return {
    id: run.id,
    fileName: run.fileName,
    format: run.format,
    packageId: run.dispatchBatchId,
    packageCode: run.packageCode,
    measuredOn: run.measuredOn,
    revision: run.revision,
    elements: run.elements,
    analysisCount: run.analysisCount,
    sampleCount: run.sampleCount,
    unmatchedCount: run.unmatchedCount,
    importedBy: run.importedBy,
    importedByName: run.importedByName,
    version: run.version,
    createdAt: run.createdAt.toISOString(),
    updatedAt: run.updatedAt.toISOString(),
  };
}

export type RunFilters = { packageId?: number; day?: string; limit: number; offset: number };

export async function listMeasurementRuns(db: Executor, filters: RunFilters) {
  const where = and(
    filters.packageId !== undefined ? eq(measurementRun.dispatchBatchId, filters.packageId) : undefined,
    filters.day ? eq(measurementRun.measuredOn, filters.day) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ run: summaryColumns, packageCode: dispatchBatch.packageCode, importedByName: appUser.displayName })
      .from(measurementRun)
      .leftJoin(dispatchBatch, eq(dispatchBatch.id, measurementRun.dispatchBatchId))
      .leftJoin(appUser, eq(appUser.id, measurementRun.importedBy))
      .where(where)
      .orderBy(desc(measurementRun.createdAt), desc(measurementRun.id))
      .limit(filters.limit)
      .offset(filters.offset),
    db.select({ total: count() }).from(measurementRun).where(where),
  ]);
  return {
    items: rows.map((r) => runSummary({ ...r.run, packageCode: r.packageCode, importedByName: r.importedByName })),
    total: total?.total ?? 0,
    limit: filters.limit,
    offset: filters.offset,
  };
}
