// Non-conformities: the record a rejected run opens, the hold it puts on the samples it covers
// (confirming the final result and issuing a certificate answer 409 qcHold while it is open), and its
// release by a supervisor other than the run's importer, signed with their password, the signature
// written into every covered sample's custody log (docs/quality-control.md). An unsatisfactory
// proficiency round opens one too (proficiency-tests.ts), holding no sample, released the same way by
// a supervisor other than the person who entered the round.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { NonconformityStatus } from '../../../shared/measurement/qc.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { countEvent, currentCount, tooManyRequests } from '../accounts/rate-limit.ts';
import type { Executor, Tx } from '../../db/client.ts';
import {
  appUser,
  measurementRun,
  nonconformity,
  nonconformitySample,
  proficiencyTest,
  sampleEntry,
} from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { appendAudit, type Actor } from '../custody/audit.ts';
import { roundedZ } from './proficiency-tests.ts';
import { NONCONFORMITY_ENTITY, ruleList } from './qc-judgement.ts';
import { SAMPLE_ENTITY } from '../samples/sample-transitions.ts';

// ————— The hold —————

/**
 * Refuses (409 qcHold) a step that would let a sample's result out while an open non-conformity
 * covers it, naming the run and the rules. Called inside the step's transaction, after the sample's lock.
 */
export async function assertNoQcHold(tx: Tx, sample: { id: number; idflNumber: string }) {
  const [hold] = await tx
    .select({ id: nonconformity.id, runId: nonconformity.measurementRunId, rules: nonconformity.rules })
    .from(nonconformitySample)
    .innerJoin(nonconformity, eq(nonconformity.id, nonconformitySample.nonconformityId))
    .where(and(eq(nonconformitySample.sampleEntryId, sample.id), eq(nonconformity.status, 'open')))
    .orderBy(asc(nonconformity.id))
    .limit(1);
  if (hold)
    throw conflict('qcHold', {
      idflNumber: sample.idflNumber,
      // Only a rejected run's non-conformity holds samples.
      run: hold.runId ?? '',
      rules: ruleList(hold.rules),
      nonconformity: hold.id,
    });
}

// ————— Reading —————

const releasedByUser = sql<
  string | null
>`(select ${appUser.displayName} from ${appUser} where ${appUser.id} = ${nonconformity.releasedBy})`;

/** Who produced the result in question: the run's importer or the round's entrant; they may not release it. */
const producedBy = sql<number | null>`coalesce(${measurementRun.importedBy}, ${proficiencyTest.createdBy})`;

const listColumns = {
  id: nonconformity.id,
  measurementRunId: nonconformity.measurementRunId,
  runFileName: measurementRun.fileName,
  runMeasuredOn: measurementRun.measuredOn,
  proficiencyTestId: nonconformity.proficiencyTestId,
  proficiencyScheme: proficiencyTest.scheme,
  proficiencyRound: proficiencyTest.round,
  proficiencyRoundDate: proficiencyTest.roundDate,
  proficiencyElement: proficiencyTest.element,
  proficiencyZ: proficiencyTest.z,
  importedBy: producedBy,
  importedByName: appUser.displayName,
  rules: nonconformity.rules,
  status: nonconformity.status,
  releasedBy: nonconformity.releasedBy,
  releasedByName: releasedByUser,
  releasedAt: nonconformity.releasedAt,
  justification: nonconformity.justification,
  version: nonconformity.version,
  createdAt: nonconformity.createdAt,
};

async function samplesOf(db: Executor, ids: number[]) {
  if (!ids.length)
    return new Map<number, { sampleEntryId: number; idflNumber: string; status: string; measurementRunId: number }[]>();
  const rows = await db
    .select({
      nonconformityId: nonconformitySample.nonconformityId,
      sampleEntryId: nonconformitySample.sampleEntryId,
      measurementRunId: nonconformitySample.measurementRunId,
      idflNumber: sampleEntry.idflNumber,
      status: sampleEntry.status,
    })
    .from(nonconformitySample)
    .innerJoin(sampleEntry, eq(sampleEntry.id, nonconformitySample.sampleEntryId))
    .where(inArray(nonconformitySample.nonconformityId, ids))
    .orderBy(asc(sampleEntry.idflNumber));
  const by = new Map<
    number,
    { sampleEntryId: number; idflNumber: string; status: string; measurementRunId: number }[]
  >();
  for (const { nonconformityId, ...sample } of rows) {
    const list = by.get(nonconformityId) ?? [];
    list.push(sample);
    by.set(nonconformityId, list);
  }
  return by;
}

const selectNonconformities = (db: Executor) =>
  db
    .select(listColumns)
    .from(nonconformity)
    .leftJoin(measurementRun, eq(measurementRun.id, nonconformity.measurementRunId))
    .leftJoin(proficiencyTest, eq(proficiencyTest.id, nonconformity.proficiencyTestId))
    .leftJoin(appUser, eq(appUser.id, producedBy));

type ListRow = Awaited<ReturnType<typeof selectNonconformities>>[number];

function present(
  {
    proficiencyTestId,
    proficiencyScheme,
    proficiencyRound,
    proficiencyRoundDate,
    proficiencyElement,
    proficiencyZ,
    ...row
  }: ListRow,
  samples: { sampleEntryId: number; idflNumber: string; status: string; measurementRunId: number }[],
) {
  return {
    ...row,
    proficiencyTest:
      proficiencyTestId === null
        ? null
        : {
            id: proficiencyTestId,
            scheme: proficiencyScheme!,
            round: proficiencyRound,
            roundDate: proficiencyRoundDate!,
            element: proficiencyElement!,
            z: roundedZ(proficiencyZ!),
          },
    releasedAt: row.releasedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    samples,
  };
}

export async function listNonconformities(
  db: Executor,
  filters: { status?: NonconformityStatus; limit: number; offset: number },
) {
  const where = filters.status ? eq(nonconformity.status, filters.status) : undefined;
  const [rows, [total]] = await Promise.all([
    selectNonconformities(db).where(where).orderBy(desc(nonconformity.id)).limit(filters.limit).offset(filters.offset),
    db.select({ total: count() }).from(nonconformity).where(where),
  ]);
  const samples = await samplesOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    items: rows.map((r) => present(r, samples.get(r.id) ?? [])),
    total: total?.total ?? 0,
    limit: filters.limit,
    offset: filters.offset,
  };
}

export async function getNonconformity(db: Executor, id: number) {
  const [row] = await selectNonconformities(db).where(eq(nonconformity.id, id));
  if (!row) throw notFound('nonconformityNotFound');
  const samples = await samplesOf(db, [id]);
  return present(row, samples.get(id) ?? []);
}

/** The run's non-conformity, for its detail page. */
export async function runNonconformity(db: Executor, runId: number) {
  const [row] = await db
    .select({ id: nonconformity.id, status: nonconformity.status })
    .from(nonconformity)
    .where(eq(nonconformity.measurementRunId, runId));
  return row ?? null;
}

// ————— Release —————

/** Wrong release passwords an account may enter in an hour, as many as its sign-in allows. */
const RELEASE_PASSWORD_FAILURES = { limit: 5, seconds: 60 * 60 };

/**
 * Releases a non-conformity: a supervisor other than the run's importer, with a written
 * justification and their password entered again (checked as sign-in checks it, before the
 * transaction: argon2 is slow on purpose). The release and its signature in the custody log of
 * every sample it covers are one transaction.
 */
export async function releaseNonconformity(
  db: Executor,
  { id, justification, password, by }: { id: number; justification: string; password: string; by: Actor },
) {
  const [record] = await db
    .select({ status: nonconformity.status, producedBy, fromRound: nonconformity.proficiencyTestId })
    .from(nonconformity)
    .leftJoin(measurementRun, eq(measurementRun.id, nonconformity.measurementRunId))
    .leftJoin(proficiencyTest, eq(proficiencyTest.id, nonconformity.proficiencyTestId))
    .where(eq(nonconformity.id, id));
  if (!record) throw notFound('nonconformityNotFound');
  if (record.producedBy === by.id)
    throw new AppError('FORBIDDEN', record.fromRound === null ? 'qcReleaseByImporter' : 'qcReleaseByEntrant');
  // The password is a signature: a session left open on a bench must not let anyone guess it. After
  // as many wrong tries as sign-in allows an account, releases by this account wait out the hour.
  const failures = `qc-release-password:${by.id}`;
  if ((await currentCount(db, failures)) >= RELEASE_PASSWORD_FAILURES.limit) throw tooManyRequests();
  const [account] = await db.select({ passwordHash: appUser.passwordHash }).from(appUser).where(eq(appUser.id, by.id));
  if (!(await verifyPassword(account?.passwordHash ?? undefined, password))) {
    await countEvent(db, failures, RELEASE_PASSWORD_FAILURES);
    throw badRequest('qcReleasePasswordWrong', {}, { password: 'The password is not correct' });
  }
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(nonconformity).where(eq(nonconformity.id, id)).for('update');
    if (!current) throw notFound('nonconformityNotFound');
    if (current.status !== 'open') throw conflict('nonconformityReleased', { nonconformity: id });
    const releasedAt = new Date();
    await tx
      .update(nonconformity)
      .set({
        status: 'released',
        releasedBy: by.id,
        releasedAt,
        justification,
        version: current.version + 1,
        updatedAt: releasedAt,
      })
      .where(eq(nonconformity.id, id));
    await appendAudit(tx, {
      entityType: NONCONFORMITY_ENTITY,
      entityId: id,
      action: 'release',
      fromStatus: 'open',
      toStatus: 'released',
      changes: { releasedBy: { from: null, to: by.id }, justification: { from: null, to: justification } },
      reason: justification,
      actor: by,
      at: releasedAt,
    });
    const covered = await tx
      .select({ sampleEntryId: nonconformitySample.sampleEntryId })
      .from(nonconformitySample)
      .where(eq(nonconformitySample.nonconformityId, id))
      .orderBy(asc(nonconformitySample.sampleEntryId));
    // The signature: who (the record's actor), when (its time) and its meaning, "released".
    for (const { sampleEntryId } of covered) {
      await appendAudit(tx, {
        entityType: SAMPLE_ENTITY,
        entityId: sampleEntryId,
        action: 'qcRelease',
        changes: { nonconformityId: { from: null, to: id }, qcHold: { from: 'held', to: 'released' } },
        reason: `Released from non-conformity ${id}: ${justification}`,
        actor: by,
        at: releasedAt,
      });
      await tx.update(sampleEntry).set({ updatedAt: releasedAt }).where(eq(sampleEntry.id, sampleEntryId));
    }
  });
  return getNonconformity(db, id);
}
