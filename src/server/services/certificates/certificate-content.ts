import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  ORIGIN_MODEL_NAME,
  type CertificateContent,
  type CertificateOrigin,
  type OriginConsistency,
} from '../../../shared/certificate.ts';
import { dayInTimeZone } from '../../../shared/display-date.ts';
import { claimLikelihoodRatio } from '../../../shared/likelihood-ratio.ts';
import { analysisThresholds, type OriginAnalysis } from '../../../shared/origin-model/analysis.ts';
import type { Executor } from '../../db/client.ts';
import type { Laboratory } from '../../laboratory.ts';
import { analysis, booking, sampleEntry, thirdLabEntry } from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { ATYPICAL_PREDICTION } from '../../../shared/origin-prediction.ts';
import { certificateMeasurement } from './certificate-measurement.ts';
import type { AnalysisRow } from '../origin/origin-analysis.ts';
import { modelFor, modelReportFor } from '../origin/origin-models.ts';
import type { SampleEntry } from '../samples/sample-transitions.ts';

// What a certificate says, frozen when it is issued (certificates.ts): the sample, its booking (and
// the booking's language), the third lab's result and the saved origin analysis with its evidence.

/** The model and its report for the reference set of the analysis saved to a sample (none without one). */
export type OriginModelEvidence = {
  material: string;
  fitted: Awaited<ReturnType<typeof modelFor>> | null;
  report: Awaited<ReturnType<typeof modelReportFor>> | null;
};

/**
 * Fetched before the certificate's transaction opens, which then does not hold the database while
 * a model is fitted or judged. The model and its report are those of the reference set as it is now; the
 * analysis names the version it ran on, which the certificate prints as the model's version.
 */
export async function originModelEvidence(db: Executor, sampleEntryId: number): Promise<OriginModelEvidence | null> {
  const saved = await latestSavedAnalysis(db, sampleEntryId);
  if (!saved?.result) return null;
  const material = saved.material ?? '';
  const fitted = await modelFor(db, material).catch(() => null);
  const report = fitted ? await modelReportFor(db, material).catch(() => null) : null;
  return { material, fitted, report };
}

/** The saved analysis' verdict with its evidence: the reference set, the model's validation and the decision rules. */
function originEvidence(row: AnalysisRow, evidence: OriginModelEvidence | null): CertificateOrigin {
  const result = row.result as OriginAnalysis;
  const summary = describeSavedAnalysis(row);
  const material = row.material ?? '';
  // Evidence fetched for another reference set (the saved analysis changed meanwhile) is not used.
  const { fitted, report } = evidence?.material === material ? evidence : { fitted: null, report: null };
  return {
    analysisId: row.id,
    analysisDate: row.analysisDate.toISOString(),
    modelName: ORIGIN_MODEL_NAME,
    modelVersion: row.referenceVersion ?? fitted?.version ?? '—',
    referenceSet: {
      material,
      recordCount: fitted?.model.referenceCount ?? 0,
      regionCount: fitted?.model.regions.length ?? 0,
      version: row.referenceVersion ?? fitted?.version ?? '—',
    },
    validation: report
      ? {
          method: report.validation.method,
          sampleCount: report.validation.sampleCount,
          accuracy: report.validation.accuracy,
          logLoss: report.validation.logLoss,
        }
      : null,
    prediction: result.predictedOrigin,
    isAtypical: result.isAtypical,
    leadingRegions: summary.leadingRegions,
    claimed: summary.claimed,
    xinjiang: summary.xinjiang,
    likelihoodRatio: likelihoodOfClaim(result, report),
    thresholds: {
      consistentProbability: analysisThresholds.consistentProbability,
      inconsistentProbability: analysisThresholds.inconsistentProbability,
      atypicalPValue: analysisThresholds.atypicalPValue,
      typicalPValue: analysisThresholds.typicalPValue,
    },
  };
}

/**
 * The claimed origin's likelihood ratio against the other regions, with the Cllr of that region's
 * claims in the model report (the pooled one when the region has none), so the reader knows
 * whether the ratio may be quoted. None without a claim of a region the model knows.
 */
function likelihoodOfClaim(
  result: OriginAnalysis,
  report: Awaited<ReturnType<typeof modelReportFor>> | null,
): CertificateOrigin['likelihoodRatio'] {
  const claimed = result.consistency.claimed;
  if (!claimed?.isKnownRegion || claimed.probability == null) return null;
  const errors = report?.verdictErrors;
  const region = claimed.region.trim().toLowerCase();
  // A country's claim (region holds its code) has its own error rates beside the regions'.
  const ofRegion = [...(errors?.claims ?? []), ...(errors?.countries ?? [])].find(
    (c) => c.region.trim().toLowerCase() === region,
  );
  return {
    value: claimLikelihoodRatio(claimed.probability, result.regionalProbability.length),
    cllr: ofRegion?.cllr ?? errors?.pooled.cllr ?? null,
  };
}

const day = (value: Date | string | null | undefined) => (value ? new Date(value).toISOString() : null);

/** What the certificate will say, read from the sample, its booking, the third lab's result and the saved analysis. */
export async function snapshotContent(
  db: Executor,
  sample: SampleEntry,
  {
    version,
    issuedAt,
    signatory,
    signatoryRole,
    laboratory,
    evidence,
    amendmentReason = null,
    timeZone,
  }: {
    version: number;
    issuedAt: Date;
    /** The signatory's role, their function on the certificate. */
    signatoryRole: string;
    /** The laboratory's time zone (LAB_TIME_ZONE): the day whose measurement uncertainty is stated. */
    timeZone: string;
    signatory: string;
    laboratory: Pick<Laboratory, 'name' | 'address'>;
    evidence: OriginModelEvidence | null;
    /** Why this version replaces the one before; none for the first. */
    amendmentReason?: string | null;
  },
): Promise<CertificateContent> {
  const [client] = sample.bookingId
    ? await db
        .select({
          person: booking.applicantContactPerson,
          company: booking.applicantCompany,
          address: booking.address,
          city: booking.cityStateCountry,
          language: booking.language,
          bookingNumber: booking.bookingNumber,
          description: booking.sampleDescription,
        })
        .from(booking)
        .where(eq(booking.id, sample.bookingId))
    : [];
  const [result] = await db
    .select({
      carbon: thirdLabEntry.carbon,
      hydrogen: thirdLabEntry.hydrogen,
      oxygen: thirdLabEntry.oxygen,
      carbonUncertainty: thirdLabEntry.carbonUncertainty,
      hydrogenUncertainty: thirdLabEntry.hydrogenUncertainty,
      oxygenUncertainty: thirdLabEntry.oxygenUncertainty,
      nitrogen: thirdLabEntry.nitrogen,
      sulfur: thirdLabEntry.sulfur,
      nitrogenUncertainty: thirdLabEntry.nitrogenUncertainty,
      sulfurUncertainty: thirdLabEntry.sulfurUncertainty,
      labName: thirdLabEntry.labName,
      returned: thirdLabEntry.resultReturnedDate,
      measurementRuns: thirdLabEntry.measurementRuns,
    })
    .from(thirdLabEntry)
    .where(eq(thirdLabEntry.sampleEntryId, sample.id))
    .orderBy(desc(thirdLabEntry.id))
    .limit(1);
  const saved = await latestSavedAnalysis(db, sample.id);
  const measurement = result
    ? await certificateMeasurement(db, {
        results: result,
        runs: result.measurementRuns,
        saved,
        evidence,
        asOf: dayInTimeZone(issuedAt, timeZone),
      })
    : null;
  const description = [sample.sampleCode, sample.sampleInformation].filter((part) => part?.trim()).join(', ');
  return {
    laboratoryName: laboratory.name,
    // A sample entered by hand (no booking) names its client in fromClientInfo.
    client: client?.person ?? sample.fromClientInfo ?? null,
    company: client?.company ?? null,
    sampleType: sample.sampleType,
    idflNumber: sample.idflNumber,
    sampleCode: sample.sampleCode,
    results: {
      carbon: result?.carbon ?? null,
      hydrogen: result?.hydrogen ?? null,
      oxygen: result?.oxygen ?? null,
      carbonUncertainty: result?.carbonUncertainty ?? null,
      hydrogenUncertainty: result?.hydrogenUncertainty ?? null,
      oxygenUncertainty: result?.oxygenUncertainty ?? null,
      nitrogen: result?.nitrogen ?? null,
      sulfur: result?.sulfur ?? null,
      nitrogenUncertainty: result?.nitrogenUncertainty ?? null,
      sulfurUncertainty: result?.sulfurUncertainty ?? null,
    },
    conclusion: sample.conclusion,
    predictedOrigin: sample.predictedOrigin,
    issuedAt: issuedAt.toISOString(),
    signatory,
    signatoryRole,
    version,
    laboratoryAddress: laboratory.address,
    supersedesVersion: version > 1 ? version - 1 : null,
    amendmentReason,
    clientAddress: client ? [client.address, client.city].filter((part) => part?.trim()).join(', ') : null,
    bookingNumber: client?.bookingNumber ?? null,
    clientDescription: client?.description?.trim() || null,
    itemDescription: description || null,
    receivedDate: day(sample.receivedDate),
    measuredDate: day(result?.returned),
    externalLaboratory: result?.labName ?? null,
    origin: saved?.result ? originEvidence(saved, evidence) : null,
    originReason: sample.originReason,
    language: client?.language ?? 'en',
    receivedCondition: sample.receivedCondition,
    receiptNote: sample.receiptNote,
    measurement,
  };
}

/**
 * The latest origin analysis saved to the sample ("save to sample entry"): its verdict is the
 * certificate's origin statement. Null when none was saved.
 */
export async function latestSavedAnalysis(db: Executor, sampleEntryId: number) {
  const [row] = await db
    .select()
    .from(analysis)
    .where(
      and(eq(analysis.sampleEntryId, sampleEntryId), inArray(analysis.status, ['SavedToSampleEntry', 'Transferred'])),
    )
    .orderBy(desc(analysis.id))
    .limit(1);
  return row ?? null;
}

/** The verdict of the origin analysis saved to a sample, as the supervisor's screen and the certificate state it. */
type SavedOriginAnalysis = {
  id: number;
  material: string | null;
  referenceVersion: string | null;
  analysisDate: string;
  /** The predicted region, or 'Atypical' when no region fits. */
  prediction: string;
  isAtypical: boolean;
  leadingRegions: { region: string; probability: number }[];
  claimed: OriginConsistency | null;
  xinjiang: OriginConsistency;
};

// The claim as made and the regions it was judged on travel with the verdict, so the certificate
// repeats the client's words ("Vietnam") and not a region the client never named.
const consistencyOf = (c: OriginAnalysis['consistency']['xinjiang']): OriginConsistency => ({
  region: c.region,
  verdict: c.verdict,
  probability: c.probability,
  isKnownRegion: c.isKnownRegion,
  ...(c.claim === undefined ? {} : { claim: c.claim }),
  ...(c.regions === undefined ? {} : { regions: c.regions }),
  ...(c.referenceCount === undefined ? {} : { referenceCount: c.referenceCount }),
});

function describeSavedAnalysis(row: NonNullable<Awaited<ReturnType<typeof latestSavedAnalysis>>>) {
  const result = row.result as OriginAnalysis;
  return {
    id: row.id,
    material: row.material,
    referenceVersion: row.referenceVersion,
    analysisDate: row.analysisDate.toISOString(),
    prediction: row.prediction ?? ATYPICAL_PREDICTION,
    isAtypical: result.isAtypical,
    leadingRegions: result.regionalProbability
      .slice(0, 3)
      .map((r) => ({ region: r.region, probability: r.probability })),
    claimed: result.consistency.claimed ? consistencyOf(result.consistency.claimed) : null,
    xinjiang: consistencyOf(result.consistency.xinjiang),
  } satisfies SavedOriginAnalysis;
}

export async function findSavedOriginAnalysis(db: Executor, sampleEntryId: number) {
  const [sample] = await db.select({ id: sampleEntry.id }).from(sampleEntry).where(eq(sampleEntry.id, sampleEntryId));
  if (!sample) throw notFound('sampleNotFound');
  const row = await latestSavedAnalysis(db, sampleEntryId);
  return row ? describeSavedAnalysis(row) : null;
}
