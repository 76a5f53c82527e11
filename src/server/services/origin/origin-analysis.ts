// Origin analyses on the server: running them on the material's model (completing a sample's values
// from its sample entry) and the saved history. What reviewers then do with a saved analysis
// (classify, save to a sample entry, transfer) is in analysis-review.ts.
import { and, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { analyseSample, type OriginAnalysis } from '../../../shared/origin-model/analysis.ts';
import type { OriginModel } from '../../../shared/origin-model/estimator.ts';
import { analyseLot, type LotAnalysis } from '../../../shared/origin-model/lot-analysis.ts';
import { ATYPICAL_PREDICTION } from '../../../shared/origin-prediction.ts';
import type { AnalysisSample, SaveAnalyses } from '../../../shared/schemas/analysis.ts';
import { isotopeColumns } from '../../../shared/schemas/clean-isotope.ts';
import type { Executor } from '../../db/client.ts';
import { containing, countRows, sortOrder, type Paging } from '../../db/queries.ts';
import { analysis, appUser, bookingSampleType, sampleEntry, thirdLabEntry } from '../../db/schema.ts';
import { badRequest, notFound } from '../../errors.ts';
import { appendAudit, type Actor } from '../custody/audit.ts';
import { modelFor } from './origin-models.ts';
import { fromDateCondition, toDateCondition } from '../../db/filters.ts';

type ValuesUsed = Record<string, number | null>;

type SampleAnalysis = {
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
      nitrogen: thirdLabEntry.nitrogen,
      sulfur: thirdLabEntry.sulfur,
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
    d15N: sample.d15N ?? row.nitrogen,
    d34S: sample.d34S ?? row.sulfur,
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
  return {
    material: fitted.material,
    referenceVersion: fitted.version,
    results,
    lots: lotsOf(fitted.model, results, samples),
  };
}

export type LotResult = {
  lot: string;
  sampleIndexes: number[];
  claimedOrigin: string | null;
  expectedOrigins: string[];
  analysis: LotAnalysis;
};

/** Samples marked with the same lot, judged together; every sample of a lot must claim one origin. */
function lotsOf(
  model: OriginModel,
  results: readonly SampleAnalysis[],
  samples: readonly AnalysisSample[],
): LotResult[] {
  const groups = new Map<string, SampleAnalysis[]>();
  for (const result of results) {
    const lot = samples[result.index]?.lot?.trim();
    if (!lot) continue;
    const key = lot.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), result]);
  }
  return [...groups.values()].map((members) => {
    const lot = samples[members[0]!.index]!.lot!.trim();
    const claims = new Set(members.map((m) => m.claimedOrigin?.trim().toUpperCase() ?? ''));
    if (claims.size > 1)
      throw badRequest(
        'lotClaimsDiffer',
        { lot },
        Object.fromEntries(
          members.map((m) => [`samples.${m.index}.claimedOrigin`, 'Samples of one lot claim one origin']),
        ),
      );
    const claimedOrigin = members.find((m) => m.claimedOrigin)?.claimedOrigin ?? null;
    const expectedOrigins = [...new Set(members.flatMap((m) => m.expectedOrigins))];
    return {
      lot,
      sampleIndexes: members.map((m) => m.index),
      claimedOrigin,
      expectedOrigins,
      analysis: analyseLot(
        model,
        members.map((m) => m.values),
        { claimedRegion: claimedOrigin, expectedRegions: expectedOrigins },
      ),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Saved analyses

export const ANALYSIS_ENTITY = 'analysis';

export type AnalysisRow = typeof analysis.$inferSelect;

export function toAnalysisRecord(row: AnalysisRow & { createdByName?: string | null }) {
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

type AnalysisRecord = ReturnType<typeof toAnalysisRecord>;

/** Saves analyses, each recomputed here (the server is the judge of the figures), in one step. */
export async function saveAnalyses(db: Executor, { input, by }: { input: SaveAnalyses; by: Actor }) {
  // The model is fetched before the transaction opens: a save does not hold the database while a model is fitted.
  const { material, referenceVersion: version, results } = await runAnalyses(db, input.material, input.analyses);
  return db.transaction(async (tx) => {
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
  /** The laboratory's time zone (LAB_TIME_ZONE): a date-only bound is its day. */
  timeZone: string;
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

export async function listAnalyses(db: Executor, filters: AnalysisFilters) {
  const conditions: SQL[] = [];
  const from = fromDateCondition(analysis.analysisDate, filters.analysisFromDate, filters.timeZone);
  const to = toDateCondition(analysis.analysisDate, filters.analysisToDate, filters.timeZone);
  if (from) conditions.push(from);
  if (to) conditions.push(to);
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
