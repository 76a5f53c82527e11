import { and, eq } from 'drizzle-orm';
import type { Conclusion, TransferIdflData } from '../../../shared/schemas/supervisor.ts';
import type { Executor } from '../../db/client.ts';
import { cleanIsotopeRecord, thirdLabEntry } from '../../db/schema.ts';
import { AppError, conflict, forbidden } from '../../errors.ts';
import { finalResultProblems } from '../../../shared/certificate-readiness.ts';
import { latestSavedAnalysis } from '../certificates/certificate-content.ts';
import { ATYPICAL_PREDICTION } from '../../../shared/origin-prediction.ts';
import { assertVersion } from '../stale-writes.ts';
import { withUniqueCheck } from '../../db/queries.ts';
import { appendAudit, type Actor } from '../custody/audit.ts';
import { fireSampleAction, judgeEdit, lockSample, SAMPLE_ENTITY, writeSampleChange } from './sample-transitions.ts';
import { lockThirdLabEntry } from './third-lab.ts';
import { assertNoQcHold } from '../measurement/nonconformities.ts';

export async function updateConclusion(db: Executor, { id, input, by }: { id: number; input: Conclusion; by: Actor }) {
  return db.transaction(async (tx) => {
    const sample = await lockSample(tx, id);
    assertVersion(sample, input.version, 'staleSample');
    judgeEdit('supervisorConclusion', sample);
    const { version: _version, ...fields } = input;
    return writeSampleChange(tx, { sample, action: 'updateConclusion', by, changes: fields });
  });
}

/**
 * The supervisor's sign-off. Needs a recorded conclusion, and four eyes: whoever entered the
 * third lab's result may not confirm it.
 */
export async function confirmFinalResult(db: Executor, { id, by }: { id: number; by: Actor }) {
  return db.transaction(async (tx) => {
    const { after } = await fireSampleAction(tx, id, {
      action: 'confirmFinalResult',
      by,
      changes: async (sample) => {
        const saved = await latestSavedAnalysis(tx, sample.id);
        const problems = finalResultProblems(sample, saved && { prediction: saved.prediction ?? ATYPICAL_PREDICTION });
        if (problems.conclusion) {
          throw new AppError(
            'CONFLICT',
            'noConclusion',
            { idflNumber: sample.idflNumber },
            { errors: problems, data: sample },
          );
        }
        if (problems.originReason) {
          throw new AppError(
            'CONFLICT',
            'noOriginAnalysis',
            { idflNumber: sample.idflNumber },
            { errors: problems, data: sample },
          );
        }
        const entry = await lockThirdLabEntry(tx, sample);
        if (entry.resultEnteredBy === by.id) throw forbidden('fourEyes');
        await assertNoQcHold(tx, sample);
        const now = new Date();
        await tx
          .update(thirdLabEntry)
          .set({
            testTeamConfirmedDate: now,
            testTeamConfirmedBy: by.id,
            idflConfirmedDate: now,
            idflConfirmedBy: by.id,
            updatedAt: now,
          })
          .where(eq(thirdLabEntry.id, entry.id));
        return { finalResultConfirmedBy: by.id, finalResultConfirmedAt: now };
      },
      announce: (sample) => ({
        params: { idflNumber: sample.idflNumber, by: by.displayName },
        title: 'Final result confirmed',
        message: `The final result of sample ${sample.idflNumber} was confirmed by ${by.displayName}; its certificate can be issued.`,
        link: `/supervisor-samples/${sample.id}`,
      }),
    });
    return after;
  });
}

export async function undoReturnResult(db: Executor, { id, by }: { id: number; by: Actor }) {
  return db.transaction(async (tx) => {
    const { after } = await fireSampleAction(tx, id, {
      action: 'undoReturnResult',
      by,
      reason: 'Returned result sent back to the third lab',
      changes: async (sample) => {
        const entry = await lockThirdLabEntry(tx, sample);
        await tx
          .update(thirdLabEntry)
          .set({ resultReturnedDate: null, updatedAt: new Date() })
          .where(eq(thirdLabEntry.id, entry.id));
        return {};
      },
    });
    return after;
  });
}

/**
 * Copies a confirmed sample's C/H/O (and δ15N/δ34S when measured) into the clean isotope data set (the origin model's reference).
 * With sameId the record earlier made from this sample is replaced; otherwise a second copy is refused.
 */
export async function transferIdflData(
  db: Executor,
  { input, sameId, by }: { input: TransferIdflData; sameId: boolean; by: Actor },
) {
  return db.transaction(async (tx) => {
    const sample = await lockSample(tx, input.id);
    judgeEdit('transferIdflData', sample);
    const entry = await lockThirdLabEntry(tx, sample);
    if (entry.carbon == null || entry.hydrogen == null || entry.oxygen == null) {
      throw conflict('noIsotopeValues', { idflNumber: sample.idflNumber }, sample);
    }
    if (!sample.sampleType) {
      throw conflict('noSampleType', { idflNumber: sample.idflNumber }, sample);
    }
    const values = {
      sampleCode: sample.sampleCode ?? sample.idflNumber,
      material: sample.sampleType,
      countryCode: input.countryCode.toUpperCase(),
      region: input.region ?? null,
      latitude: input.latitude,
      longitude: input.longitude,
      d13C: entry.carbon,
      d2H: entry.hydrogen,
      d18O: entry.oxygen,
      d15N: entry.nitrogen,
      d34S: entry.sulfur,
      verifiedBy: by.displayName,
      sourceSampleEntryId: sample.id,
    };
    const [existing] = await tx
      .select()
      .from(cleanIsotopeRecord)
      .where(and(eq(cleanIsotopeRecord.sourceSampleEntryId, sample.id)))
      .limit(1);
    if (existing && !sameId) {
      throw conflict('alreadyInCleanData', { idflNumber: sample.idflNumber }, existing);
    }
    const [record] = existing
      ? await tx
          .update(cleanIsotopeRecord)
          .set({ ...values, updatedAt: new Date() })
          .where(eq(cleanIsotopeRecord.id, existing.id))
          .returning()
      : await withUniqueCheck(
          () => tx.insert(cleanIsotopeRecord).values(values).returning(),
          () => conflict('cleanSampleCodeTaken', { sampleCode: values.sampleCode, material: values.material }),
        );
    await appendAudit(tx, {
      entityType: SAMPLE_ENTITY,
      entityId: sample.id,
      action: 'transferIdflData',
      changes: { cleanIsotopeRecordId: { from: existing?.id ?? null, to: record!.id } },
      actor: by,
    });
    return record!;
  });
}
