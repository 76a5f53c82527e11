// Proficiency tests: the laboratory's results in interlaboratory comparison rounds, each with the
// z-score the server computes (shared/measurement/measurement-uncertainty.ts), the history per element, its CSV,
// and the last satisfactory round the certificate may cite. An unsatisfactory round opens a
// non-conformity (nonconformities.ts), in the round's own transaction. Every write with its audit record.
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Language } from '../../../shared/language.ts';
import { formatInTimeZone } from '../../../shared/display-date.ts';
import type { MeasuredElement } from '../../../shared/measurement/measurement.ts';
import {
  proficiencyOutcome,
  proficiencySigmaDefaults,
  zScore,
  type ProficiencyTestInput,
} from '../../../shared/measurement/measurement-uncertainty.ts';
import type { Executor, Tx } from '../../db/client.ts';
import { appUser, nonconformity, proficiencyTest } from '../../db/schema.ts';
import { appendAudit, asJson, type Actor } from '../custody/audit.ts';
import { wordsFor } from '../app-words.ts';
import { csvLines } from '../documents/spreadsheet-cells.ts';
import { NONCONFORMITY_ENTITY } from './qc-judgement.ts';
import { announceChange } from '../messaging/notifications.ts';
import { nonconformityOpening } from '../../../shared/measurement/qc.ts';

const PROFICIENCY_TEST_ENTITY = 'proficiency_test';

type Row = typeof proficiencyTest.$inferSelect;

/** z as kept and shown: to two decimals (the class is judged on the unrounded z). */
export const roundedZ = (z: number) => Math.round(z * 100) / 100;

type OpenedNonconformity = { id: number; status: 'open' | 'released' } | null;

function toRecord(row: Row & { enteredByName?: string | null; nonconformity?: OpenedNonconformity }) {
  return {
    id: row.id,
    scheme: row.scheme,
    round: row.round,
    roundDate: row.roundDate,
    material: row.material,
    element: row.element,
    assignedValue: row.assignedValue,
    laboratoryValue: row.laboratoryValue,
    sigma: row.sigma,
    z: roundedZ(row.z),
    outcome: row.outcome,
    notes: row.notes,
    enteredByName: row.enteredByName ?? null,
    nonconformity: row.nonconformity ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}
type ProficiencyTestRecord = ReturnType<typeof toRecord>;

/**
 * Records a round's result for one element: σp is the scheme's when given, else the element's default;
 * z and its class are computed here, whatever the caller sent.
 */
export async function createProficiencyTest(db: Executor, { input, by }: { input: ProficiencyTestInput; by: Actor }) {
  const sigma = input.sigma ?? proficiencySigmaDefaults[input.element];
  const z = zScore(input.laboratoryValue, input.assignedValue, sigma);
  const outcome = proficiencyOutcome(z);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(proficiencyTest)
      .values({
        scheme: input.scheme,
        round: input.round || null,
        roundDate: input.roundDate,
        material: input.material,
        element: input.element,
        assignedValue: input.assignedValue,
        laboratoryValue: input.laboratoryValue,
        sigma,
        z,
        outcome,
        notes: input.notes || null,
        createdBy: by.id,
      })
      .returning();
    await appendAudit(tx, {
      entityType: PROFICIENCY_TEST_ENTITY,
      entityId: created!.id,
      action: 'create',
      changes: asJson({ proficiencyTest: { from: null, to: created } }),
      actor: by,
    });
    const opened = outcome === 'unsatisfactory' ? await openNonconformity(tx, created!, by) : null;
    return { ...created!, nonconformity: opened === null ? null : { id: opened, status: 'open' as const } };
  });
  return toRecord({ ...row, enteredByName: by.displayName });
}

/**
 * An unsatisfactory round (|z| > 3) is non-conforming work (ISO/IEC 17025 §7.10): it is recorded as a
 * non-conformity, open until a supervisor other than the person who entered the round releases it
 * with the cause found and what was done. It holds no sample: the round's material is the scheme's,
 * and which of the laboratory's results are in doubt is what that investigation decides.
 */
async function openNonconformity(tx: Tx, round: Row, by: Actor) {
  const name = [round.scheme, round.round].filter(Boolean).join(' ');
  const z = roundedZ(round.z);
  const [opened] = await tx.insert(nonconformity).values({ proficiencyTestId: round.id, rules: [] }).returning();
  await appendAudit(tx, {
    entityType: NONCONFORMITY_ENTITY,
    entityId: opened!.id,
    action: 'open',
    toStatus: 'open',
    changes: asJson({ proficiencyTestId: { from: null, to: round.id }, z: { from: null, to: z } }),
    reason: `Proficiency test ${name} unsatisfactory (z = ${z})`,
    actor: by,
  });
  await announceChange(tx, nonconformityOpening.round, {
    params: { number: opened!.id, round: name, z },
    title: 'Proficiency round unsatisfactory',
    message: `Proficiency round ${name} was unsatisfactory (z = ${z}): non-conformity no. ${opened!.id} is open until a supervisor releases it.`,
    link: '/nonconformities',
  });
  return opened!.id;
}

const conditionsOf = (element: MeasuredElement | undefined): SQL | undefined =>
  element ? eq(proficiencyTest.element, element) : undefined;

/** The history, newest round first, of one element or of all. */
export async function listProficiencyTests(
  db: Executor,
  { element, limit, offset }: { element?: MeasuredElement; limit: number; offset: number },
) {
  const where = conditionsOf(element);
  const rows = await db
    .select({
      row: proficiencyTest,
      enteredByName: appUser.displayName,
      nonconformityId: nonconformity.id,
      nonconformityStatus: nonconformity.status,
    })
    .from(proficiencyTest)
    .leftJoin(appUser, eq(appUser.id, proficiencyTest.createdBy))
    .leftJoin(nonconformity, eq(nonconformity.proficiencyTestId, proficiencyTest.id))
    .where(where)
    .orderBy(desc(proficiencyTest.roundDate), desc(proficiencyTest.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(proficiencyTest).where(where);
  return {
    items: rows.map((r) =>
      toRecord({
        ...r.row,
        enteredByName: r.enteredByName,
        nonconformity: r.nonconformityId === null ? null : { id: r.nonconformityId, status: r.nonconformityStatus! },
      }),
    ),
    total: total?.n ?? 0,
    limit,
    offset,
  };
}

/** Per element, the latest round judged satisfactory: the line the certificate may cite. */
export async function lastSatisfactoryRounds(db: Executor, elements: readonly MeasuredElement[]) {
  const found: ProficiencyTestRecord[] = [];
  for (const element of elements) {
    const [row] = await db
      .select()
      .from(proficiencyTest)
      .where(and(eq(proficiencyTest.element, element), eq(proficiencyTest.outcome, 'satisfactory')))
      .orderBy(desc(proficiencyTest.roundDate), desc(proficiencyTest.id))
      .limit(1);
    if (row) found.push(toRecord(row));
  }
  return found;
}

/**
 * The history as CSV in the requester's language (UTF-8 with a byte-order mark, so spreadsheets read
 * it): a preface naming the element and the day it was made, then one row per round, newest first.
 * Every cell through the one rule for exported cells (spreadsheet-cells.ts).
 */
export async function proficiencyTestsCsv(
  db: Executor,
  { element, language, timeZone }: { element?: MeasuredElement; language: Language; timeZone: string },
): Promise<string> {
  const words = wordsFor(language, ['quality']);
  const rows: ProficiencyTestRecord[] = [];
  for (let offset = 0; ; offset += 500) {
    const page = await listProficiencyTests(db, { element, limit: 500, offset });
    rows.push(...page.items);
    if (page.items.length < 500) break;
  }
  const columns = [
    'roundDate',
    'scheme',
    'round',
    'material',
    'element',
    'assignedValue',
    'laboratoryValue',
    'sigma',
    'z',
    'outcome',
    'notes',
    'enteredBy',
  ];
  const lines: unknown[][] = [
    [words('proficiency.file.title')],
    [words('proficiency.file.element'), element ? words(`elements.${element}`) : words('proficiency.file.all')],
    [words('proficiency.file.madeOn'), formatInTimeZone(new Date().toISOString(), language, timeZone)],
    [],
    columns.map((c) => words(`proficiency.columns.${c}`)),
    ...rows.map((r) => [
      r.roundDate,
      r.scheme,
      r.round,
      r.material,
      words(`elements.${r.element}`),
      r.assignedValue,
      r.laboratoryValue,
      r.sigma,
      r.z,
      words(`outcomes.${r.outcome}`),
      r.notes,
      r.enteredByName,
    ]),
  ];
  return `\uFEFF${csvLines(lines)}\r\n`;
}
