// The origin model per material on the server: fitted from the clean isotope records and cached
// per version of that set, and the report on how far to trust it (judged in a worker thread).
import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { asc, eq, sql } from 'drizzle-orm';
import { regionOf, type OriginModel, type ReferenceSample } from '../../../shared/origin-model/estimator.ts';
import type { ValidationReport } from '../../../shared/origin-model/validation.ts';
import type { VerdictErrorReport } from '../../../shared/origin-model/verdict-errors.ts';
import { isotopeColumns } from '../../../shared/schemas/clean-isotope.ts';
import type { Executor } from '../../db/client.ts';
import { cleanIsotopeRecord } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { findMaterial } from './clean-isotope.ts';
import type { ValidationJobResult } from './model-validation-job.ts';

/** A short fingerprint of a material's reference set: it changes with every insert or update. */
async function referenceVersion(db: Executor, material: string): Promise<{ version: string; count: number }> {
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

async function loadReferences(db: Executor, material: string): Promise<ReferenceSample[]> {
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
    return [{ region, values, latitude: r.latitude, longitude: r.longitude, country: r.countryCode }];
  });
}

type Fitted = { material: string; version: string; model: OriginModel; fittedAt: string };

// One entry per material: a refit happens only when the reference set's version changes. The
// worker's promise is cached so that concurrent requests share one fit (sharedJob).
const models = new Map<string, { version: string; job: Promise<Fitted> }>();
const reports = new Map<string, { version: string; job: Promise<ModelReport> }>();

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

/** A reference set read at most once per request, and only when a job must start. */
type References = () => Promise<ReferenceSample[]>;

function readOnce(db: Executor, material: string): References {
  let read: Promise<ReferenceSample[]> | undefined;
  return () => (read ??= loadReferences(db, material));
}

/**
 * A fit (or a report) is shared by every request of the material and by the fit after an import,
 * but each caller reads the records through its own executor and only the worker's work is shared:
 * a cached promise never waits on the database. A request inside a transaction (an idempotent
 * mutation runs in one) that waited for another caller's query would wait for good on PGlite's one
 * connection, that query waiting for the transaction to end. Two callers that both find no job read
 * and start it twice (the same version; the later entry stays). A job that fails is forgotten, so
 * the next request tries again.
 */
function sharedJob<T>(
  cache: Map<string, { version: string; job: Promise<T> }>,
  material: string,
  version: string,
  references: References,
  start: (references: ReferenceSample[]) => Promise<T>,
): Promise<T> {
  const cached = cache.get(material);
  if (cached?.version === version) return cached.job;
  return references().then((records) => {
    // Another caller may have started the job while these records were read.
    const meanwhile = cache.get(material);
    if (meanwhile?.version === version) return meanwhile.job;
    const job = start(records);
    cache.set(material, { version, job });
    job.catch(() => {
      if (cache.get(material)?.job === job) cache.delete(material);
    });
    return job;
  });
}

function fitFor(material: string, version: string, references: References): Promise<Fitted> {
  return sharedJob(models, material, version, references, (records) =>
    inWorker<OriginModel>('fitModel', records).then((model) => {
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
    }),
  );
}

/** The material's model, fitted from its current reference set (sharedJob says how it is shared). */
export async function modelFor(db: Executor, requested: string): Promise<Fitted> {
  const material = await requireMaterial(db, requested);
  const { version } = await referenceVersion(db, material);
  return fitFor(material, version, readOnce(db, material));
}

export type ModelReport = {
  material: string;
  referenceVersion: string;
  referenceCount: number;
  elements: string[];
  regions: { region: string; count: number; locatedCount: number; country: string | null }[];
  excludedRegions: { region: string; count: number }[];
  settings: OriginModel['settings'];
  validation: ValidationReport;
  verdictErrors: VerdictErrorReport;
  ensemble: { treeWeight: number; temperature: number; treeCount: number } | null;
  modelBytes: number;
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
  return inWorker<ValidationJobResult>('judgeModel', references);
}

/** Runs a model job in a worker thread (model-validation-job.ts). */
function inWorker<T>(job: 'judgeModel' | 'fitModel', references: ReferenceSample[]): Promise<T> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./model-validation-worker.mjs', import.meta.url), {
      workerData: { job, references },
    });
    worker.once('message', (result: T) => {
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
  const material = await requireMaterial(db, requested);
  const { version } = await referenceVersion(db, material);
  // The fit and the judge read the records once between them, through this caller's executor.
  const references = readOnce(db, material);
  const { model } = await fitFor(material, version, references);
  return sharedJob(reports, material, version, references, (records) => {
    const started = performance.now();
    return judgeInWorker(records).then(({ validation, verdictErrors, baselines }): ModelReport => ({
      material,
      referenceVersion: version,
      referenceCount: model.referenceCount,
      elements: model.elements,
      regions: model.regions.map((r) => ({
        region: r.region,
        count: r.count,
        locatedCount: r.locations.length,
        country: r.country ?? null,
      })),
      excludedRegions: model.excludedRegions,
      settings: model.settings,
      validation,
      verdictErrors,
      ensemble: model.ensemble && model.trees ? { ...model.ensemble, treeCount: model.trees.trees } : null,
      modelBytes: JSON.stringify(model).length,
      baselines,
      computedAt: new Date().toISOString(),
      durationMs: Math.round(performance.now() - started),
    }));
  });
}

// After an import the model and its report are fitted at once, in worker threads, so the first
// analyst to open the material does not wait for them. The preparation of each material is kept
// until it ends, so a caller (a test, the server's shutdown) can wait for it.
// One preparation runs at a time (each refits the model many times to judge it), so a burst of
// imports does not take every core from the server.
const preparations = new Map<string, Promise<void>>();
let lastPreparation: Promise<void> = Promise.resolve();

/**
 * Whether imports prepare the model at once. The API test run turns it off
 * (ORIGIN_MODEL_PREPARATION=off in vitest.config.ts) and the test about it turns it back on: with
 * many test files sharing two cores, background judges of every imported set would starve the
 * requests the other files time.
 */
export const originModelPreparation = { enabled: process.env.ORIGIN_MODEL_PREPARATION !== 'off' };

/** Fits the model and its report for materials whose reference set just changed. */
export function prepareOriginModels(db: Executor, materials: readonly string[]): void {
  if (!originModelPreparation.enabled) return;
  for (const material of materials) {
    const next = lastPreparation
      .then(() => modelReportFor(db, material))
      .then(
        () => undefined,
        // A set without enough references per region has no model: the analyst is told on request.
        () => undefined,
      );
    preparations.set(material, next);
    lastPreparation = next;
    void next.then(() => {
      if (preparations.get(material) === next) preparations.delete(material);
    });
  }
}

/** Resolves once the models being prepared for a material are fitted (at once when none is). */
export function originModelPrepared(material: string): Promise<void> {
  return preparations.get(material) ?? Promise.resolve();
}
