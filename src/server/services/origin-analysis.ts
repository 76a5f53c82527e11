// Origin analysis on the server: the model per material, fitted from the clean isotope records and
// cached per version of that set, and the analyses analysts run, save, classify, write to a sample
// entry and transfer to the reference set.
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { and, asc, desc, eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import { analyseSample, type OriginAnalysis } from '../../shared/origin-model/analysis.ts';
import {
  fitOriginModel,
  regionOf,
  type OriginModel,
  type ReferenceSample,
} from '../../shared/origin-model/estimator.ts';
import type { ValidationReport } from '../../shared/origin-model/validation.ts';
import {
  classifyActions,
  transferableClassify,
  type AnalysisSample,
  type ClassifyAction,
  type SaveAnalyses,
  type SaveToSampleEntry,
  type TransferAnalysis,
} from '../../shared/schemas/analysis.ts';
import { isotopeColumns } from '../../shared/schemas/clean-isotope.ts';
import type { Executor, Tx } from '../db/client.ts';
import { containing, countRows, sortOrder, type Paging } from '../db/queries.ts';
import { analysis, appUser, bookingSampleType, cleanIsotopeRecord, sampleEntry, thirdLabEntry } from '../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../errors.ts';
import { appendAudit, diffFields } from './audit.ts';
import { findMaterial, upsertCleanIsotope } from './clean-isotope.ts';
import type { ValidationJobResult } from './model-validation-job.ts';
import { judgeEdit, lockSample, recordSampleChange, type Actor } from './sample-entries.ts';
import { assertVersion } from './stale-writes.ts';

// ---------------------------------------------------------------------------------------------
// The model per material

/** A short fingerprint of a material's reference set: it changes with every insert or update. */
export async function referenceVersion(db: Executor, material: string): Promise<{ version: string; count: number }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      maxId: sql<number | null>`max(${cleanIsotopeRecord.id})`,
      lastUpdated: sql<string | null>`max(${cleanIsotopeRecord.updatedAt})::text`,
      checksum: sql<string | null>`sum(${cleanIsotopeRecord.id}::bigint)::text`,
    })
    .from(cleanIsotopeRecord)
    .where(eq(cleanIsotopeRecord.material, material));
  const fingerprint = `${row?.count}|${row?.maxId}|${row?.lastUpdated}|${row?.checksum}`;
  return { version: createHash('sha256').update(fingerprint).digest('hex').slice(0, 12), count: row?.count ?? 0 };
}

export async function loadReferences(db: Executor, material: string): Promise<ReferenceSample[]> {
  const rows = await db
    .select()
    .from(cleanIsotopeRecord)
    .where(eq(cleanIsotopeRecord.material, material))
    .orderBy(asc(cleanIsotopeRecord.id));
  return rows.flatMap((r) => {
    const region = regionOf(r);
    if (!region) return [];
    const values: Record<string, number | null> = { ...r.otherElements };
    for (const c of isotopeColumns) values[c] = r[c];
    return [{ region, values, latitude: r.latitude, longitude: r.longitude }];
  });
}

type Fitted = { material: string; version: string; model: OriginModel; fittedAt: string };

// One entry per material: a refit happens only when the reference set's version changes. The
// promise is cached so that concurrent requests share one fit.
const models = new Map<string, { version: string; fitted: Promise<Fitted> }>();
const reports = new Map<string, { version: string; report: Promise<ModelReport> }>();

async function requireMaterial(db: Executor, material: string): Promise<string> {
  const found = await findMaterial(db, material);
  if (!found) {
    throw new AppError(
      'CONFLICT',
      'noReferenceData',
      { material },
      {
        errors: { material: 'No reference data for this material' },
      },
    );
  }
  return found;
}

export async function modelFor(db: Executor, requested: string): Promise<Fitted> {
  const material = await requireMaterial(db, requested);
  const { version } = await referenceVersion(db, material);
  const cached = models.get(material);
  if (cached?.version === version) return cached.fitted;
  const fitted = loadReferences(db, material).then((references) => {
    const model = fitOriginModel(references);
    if (model.regions.length === 0) {
      throw new AppError(
        'CONFLICT',
        'notEnoughReferences',
        { material },
        {
          errors: { material: 'Each region needs at least 5 reference records' },
        },
      );
    }
    return { material, version, model, fittedAt: new Date().toISOString() };
  });
  models.set(material, { version, fitted });
  fitted.catch(() => models.delete(material));
  return fitted;
}

export type ModelReport = {
  material: string;
  referenceVersion: string;
  referenceCount: number;
  elements: string[];
  regions: { region: string; count: number; locatedCount: number }[];
  excludedRegions: { region: string; count: number }[];
  settings: OriginModel['settings'];
  validation: ValidationReport;
  baselines: {
    name: 'nearestCentroid' | 'diagonalGaussian';
    accuracy: number;
    logLoss: number;
    expectedCalibrationError: number;
  }[];
  computedAt: string;
  durationMs: number;
};

/** Judges a model in a worker thread, so the server keeps answering while it refits many times. */
function judgeInWorker(references: ReferenceSample[]): Promise<ValidationJobResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./model-validation-worker.mjs', import.meta.url), {
      workerData: { job: 'judgeModel', references },
    });
    worker.once('message', (result: ValidationJobResult) => {
      resolve(result);
      void worker.terminate();
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`model validation worker stopped with code ${code}`));
    });
  });
}

/** How far to trust a material's model: its held-out figures beside two simple baselines. */
export async function modelReportFor(db: Executor, requested: string): Promise<ModelReport> {
  const { material, version, model } = await modelFor(db, requested);
  const cached = reports.get(material);
  if (cached?.version === version) return cached.report;
  const report = loadReferences(db, material).then(async (references) => {
    const started = performance.now();
    const { validation, baselines } = await judgeInWorker(references);
    return {
      material,
      referenceVersion: version,
      referenceCount: model.referenceCount,
      elements: model.elements,
      regions: model.regions.map((r) => ({ region: r.region, count: r.count, locatedCount: r.locations.length })),
      excludedRegions: model.excludedRegions,
      settings: model.settings,
      validation,
      baselines,
      computedAt: new Date().toISOString(),
      durationMs: Math.round(performance.now() - started),
    };
  });
  reports.set(material, { version, report });
  report.catch(() => reports.delete(material));
  return report;
}

// ---------------------------------------------------------------------------------------------
// Running an analysis

type ValuesUsed = Record<string, number | null>;

export type SampleAnalysis = {
  index: number;
  sampleCode: string | null;
  idflNumber: string | null;
  values: ValuesUsed;
  claimedOrigin: string | null;
  expectedOrigins: string[];
  analysis: OriginAnalysis;
};

function valuesOf(sample: Pick<AnalysisSample, (typeof isotopeColumns)[number] | 'otherElements'>): ValuesUsed {
  const values: ValuesUsed = { ...(sample.otherElements ?? {}) };
  for (const c of isotopeColumns) values[c] = sample[c] ?? null;
  return values;
}

/**
 * Fills what an analyst left out from the sample entry named by its IDFL number: the third lab's
 * measured values, the claimed country and the booking's expected origins.
 */
async function completeFromSampleEntry(db: Executor, sample: AnalysisSample, index: number): Promise<AnalysisSample> {
  if (!sample.idflNumber) return sample;
  const [row] = await db
    .select({
      sampleCode: sampleEntry.sampleCode,
      countryCode: sampleEntry.countryCode,
      carbon: thirdLabEntry.carbon,
      hydrogen: thirdLabEntry.hydrogen,
      oxygen: thirdLabEntry.oxygen,
      expectedOrigins: bookingSampleType.expectedOrigins,
    })
    .from(sampleEntry)
    .leftJoin(thirdLabEntry, eq(thirdLabEntry.sampleEntryId, sampleEntry.id))
    .leftJoin(bookingSampleType, eq(bookingSampleType.id, sampleEntry.bookingSampleTypeId))
    .where(eq(sampleEntry.idflNumber, sample.idflNumber))
    .orderBy(desc(thirdLabEntry.id))
    .limit(1);
  if (!row) {
    throw badRequest(
      'idflNumberUnknown',
      { idflNumber: sample.idflNumber },
      {
        [`samples.${index}.idflNumber`]: 'No sample entry with this IDFL number',
      },
    );
  }
  return {
    ...sample,
    sampleCode: sample.sampleCode ?? row.sampleCode,
    d13C: sample.d13C ?? row.carbon,
    d2H: sample.d2H ?? row.hydrogen,
    d18O: sample.d18O ?? row.oxygen,
    claimedOrigin: sample.claimedOrigin ?? row.countryCode,
    expectedOrigins: sample.expectedOrigins ?? row.expectedOrigins?.map((o) => o.origin) ?? [],
  };
}

export async function runAnalyses(db: Executor, material: string, samples: readonly AnalysisSample[]) {
  const fitted = await modelFor(db, material);
  const results: SampleAnalysis[] = [];
  for (const [index, given] of samples.entries()) {
    const sample = await completeFromSampleEntry(db, given, index);
    const values = valuesOf(sample);
    if (!Object.values(values).some((v) => v !== null)) {
      throw badRequest(
        'analysisNeedsIsotopeValues',
        {},
        {
          [`samples.${index}.d13C`]: 'At least one element value is required',
        },
      );
    }
    results.push({
      index,
      sampleCode: sample.sampleCode ?? null,
      idflNumber: sample.idflNumber ?? null,
      values,
      claimedOrigin: sample.claimedOrigin ?? null,
      expectedOrigins: sample.expectedOrigins ?? [],
      analysis: analyseSample(fitted.model, values, {
        claimedRegion: sample.claimedOrigin,
        expectedRegions: sample.expectedOrigins,
      }),
    });
  }
  return { material: fitted.material, referenceVersion: fitted.version, results };
}

// ---------------------------------------------------------------------------------------------
// Saved analyses

const ANALYSIS_ENTITY = 'analysis';

type AnalysisRow = typeof analysis.$inferSelect;

function verdictToBoolean(verdict: string | undefined): boolean | null {
  return verdict === 'consistent' ? true : verdict === 'inconsistent' ? false : null;
}

function toAnalysisRecord(row: AnalysisRow & { createdByName?: string | null }) {
  const result = row.result as OriginAnalysis | null;
  return {
    id: row.id,
    sampleCode: row.sampleCode,
    idflNumber: row.idflNumber,
    material: row.material,
    countryCode: row.countryCode,
    sources: row.sources,
    classify: row.classify,
    status: row.status,
    prediction: row.prediction,
    conclusion: row.conclusion,
    referenceVersion: row.referenceVersion,
    sampleEntryId: row.sampleEntryId,
    cleanIsotopeRecordId: row.cleanIsotopeRecordId,
    analysisDate: row.analysisDate.toISOString(),
    createdBy: row.createdBy,
    createdByName: row.createdByName ?? null,
    version: row.version,
    topProbability: result?.regionalProbability[0]?.probability ?? null,
    qualityScore: result?.quality.score ?? null,
    isAtypical: result?.isAtypical ?? false,
    claimedVerdict: result?.consistency.claimed?.verdict ?? null,
    xinjiangVerdict: result?.consistency.xinjiang.verdict ?? null,
  };
}

export type AnalysisRecord = ReturnType<typeof toAnalysisRecord>;

/** What the history shows for an atypical sample (no region predicted). */
export const ATYPICAL_PREDICTION = 'Atypical';

/** Saves analyses, each recomputed here (the server is the judge of the figures), in one step. */
export async function saveAnalyses(db: Executor, input: SaveAnalyses, by: Actor) {
  return db.transaction(async (tx) => {
    const { material, referenceVersion: version, results } = await runAnalyses(tx, input.material, input.analyses);
    const saved: AnalysisRecord[] = [];
    for (const result of results) {
      const item = input.analyses[result.index]!;
      const [row] = await tx
        .insert(analysis)
        .values({
          sampleCode: result.sampleCode,
          idflNumber: result.idflNumber,
          material,
          countryCode: item.countryCode ?? result.claimedOrigin,
          sources: item.sources ?? null,
          prediction: result.analysis.predictedOrigin ?? ATYPICAL_PREDICTION,
          input: {
            values: result.values,
            claimedOrigin: result.claimedOrigin,
            expectedOrigins: result.expectedOrigins,
          },
          result: result.analysis as unknown as Record<string, unknown>,
          conclusion: item.conclusion ?? null,
          referenceVersion: version,
          createdBy: by.id,
        })
        .returning();
      await appendAudit(tx, {
        entityType: ANALYSIS_ENTITY,
        entityId: row!.id,
        action: 'created',
        changes: {
          sampleCode: { from: null, to: row!.sampleCode },
          prediction: { from: null, to: row!.prediction },
          material: { from: null, to: material },
        },
        actor: by,
      });
      saved.push(toAnalysisRecord({ ...row!, createdByName: by.displayName }));
    }
    return saved;
  });
}

export type AnalysisFilters = Paging & {
  analysisFromDate?: string;
  analysisToDate?: string;
  countryCode?: string;
  sources?: string;
  classify?: string;
  status?: string;
  prediction?: string;
  material?: string;
  search?: string;
  orderBy?: string;
};

const DAY_MS = 86_400_000;

export async function listAnalyses(db: Executor, filters: AnalysisFilters) {
  const conditions: SQL[] = [];
  if (filters.analysisFromDate) conditions.push(gte(analysis.analysisDate, new Date(filters.analysisFromDate)));
  if (filters.analysisToDate) {
    // A date-only upper bound includes that whole day.
    const to = new Date(filters.analysisToDate);
    conditions.push(
      lt(
        analysis.analysisDate,
        /^\d{4}-\d{2}-\d{2}$/.test(filters.analysisToDate) ? new Date(to.getTime() + DAY_MS) : to,
      ),
    );
  }
  if (filters.countryCode) conditions.push(sql`lower(${analysis.countryCode}) = lower(${filters.countryCode})`);
  if (filters.sources) conditions.push(ilike(analysis.sources, containing(filters.sources)));
  if (filters.classify) conditions.push(eq(analysis.classify, filters.classify as AnalysisRow['classify']));
  if (filters.status) conditions.push(eq(analysis.status, filters.status));
  if (filters.prediction) conditions.push(sql`lower(${analysis.prediction}) = lower(${filters.prediction})`);
  if (filters.material) conditions.push(sql`lower(${analysis.material}) = lower(${filters.material})`);
  if (filters.search) {
    const pattern = containing(filters.search);
    conditions.push(or(ilike(analysis.sampleCode, pattern), ilike(analysis.idflNumber, pattern))!);
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const rows = await db
    .select({ row: analysis, createdByName: appUser.displayName })
    .from(analysis)
    .leftJoin(appUser, eq(appUser.id, analysis.createdBy))
    .where(where)
    .orderBy(
      ...sortOrder(
        filters.orderBy,
        {
          id: analysis.id,
          analysisDate: analysis.analysisDate,
          sampleCode: analysis.sampleCode,
          idflNumber: analysis.idflNumber,
          material: analysis.material,
          classify: analysis.classify,
          status: analysis.status,
          prediction: analysis.prediction,
        },
        [desc(analysis.analysisDate), desc(analysis.id)],
      ),
    )
    .limit(filters.limit)
    .offset(filters.offset);
  const total = await countRows(db, analysis, where);
  return {
    items: rows.map((r) => toAnalysisRecord({ ...r.row, createdByName: r.createdByName })),
    total,
    limit: filters.limit,
    offset: filters.offset,
  };
}

async function lockAnalysis(db: Executor, id: number): Promise<AnalysisRow> {
  const [row] = await db.select().from(analysis).where(eq(analysis.id, id)).for('update');
  if (!row) throw notFound('analysisNotFound');
  return row;
}

export async function findAnalysis(db: Executor, id: number) {
  const [found] = await db
    .select({ row: analysis, createdByName: appUser.displayName })
    .from(analysis)
    .leftJoin(appUser, eq(appUser.id, analysis.createdBy))
    .where(eq(analysis.id, id));
  if (!found) throw notFound('analysisNotFound');
  return {
    ...toAnalysisRecord({ ...found.row, createdByName: found.createdByName }),
    input: found.row.input,
    result: found.row.result as unknown as OriginAnalysis | null,
  };
}

async function updateAnalysis(db: Tx, row: AnalysisRow, changes: Partial<AnalysisRow>, action: string, by: Actor) {
  const diff = diffFields(row as Record<string, unknown>, changes);
  await db
    .update(analysis)
    .set({ ...changes, version: sql`${analysis.version} + 1`, updatedAt: new Date() })
    .where(eq(analysis.id, row.id));
  await appendAudit(db, { entityType: ANALYSIS_ENTITY, entityId: row.id, action, changes: diff, actor: by });
}

/**
 * The classify actions. Last write wins on purpose: classifying is a reviewer's judgement of the
 * current figures, and every change is in the audit trail.
 */
export async function classifyAnalysis(db: Executor, id: number, action: ClassifyAction, by: Actor) {
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
export async function saveAnalysisToSampleEntry(db: Executor, idflNumber: string, input: SaveToSampleEntry, by: Actor) {
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
export async function transferAnalysis(db: Executor, id: number, input: TransferAnalysis, by: Actor) {
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
