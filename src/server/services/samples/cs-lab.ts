import { eq, inArray, sql } from 'drizzle-orm';
import { isHeldOnReceipt, sampleBlockingDestruction } from '../../../shared/workflow/sample-workflow.ts';
import type {
  CsCheckInSample,
  CsSampleForm,
  CsUpdateSample,
  ReceiptDecisionInput,
} from '../../../shared/schemas/sample-entry.ts';
import type { Executor } from '../../db/client.ts';
import { booking, sampleEntry } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { appendAudit, asJson, rowChanges, type Actor } from '../custody/audit.ts';
import { recordDeletions } from '../deletions.ts';
import { nextNumber } from './numbering.ts';
import { fireSampleAction, lockSample, recordSampleChange, SAMPLE_ENTITY, wrongHold } from './sample-transitions.ts';
import { computeWeights } from './sample-weights.ts';
import { editSampleData } from './sample-edits.ts';
import { assertFilesAttachable, type FileAttacher } from '../files.ts';
import { DATE_ONLY, DAY_MS } from '../../../shared/dates.ts';

// The client-side lab's changes of sample entries: create, update, check in, transfer to the
// tester, destroy an order. The state machine and the audit write are shared (sample-transitions.ts).

export async function createSampleEntry(
  db: Executor,
  { input, by }: { input: CsSampleForm; by: Actor & FileAttacher },
) {
  return db.transaction(async (tx) => {
    const idflNumber = input.idflNumber?.trim() || (await nextNumber(tx, 'IDFL'));
    const [taken] = await tx
      .select({ id: sampleEntry.id })
      .from(sampleEntry)
      .where(eq(sampleEntry.idflNumber, idflNumber));
    if (taken) {
      throw new AppError(
        'CONFLICT',
        'idflNumberTaken',
        { idflNumber },
        { errors: { idflNumber: `IDFL number ${idflNumber} already exists.` } },
      );
    }
    await assertFilesAttachable(tx, input.imageFileIds ?? [], { field: 'imageFileIds', kind: 'image', by });
    const weights = computeWeights({ initialWeight: null, sentWeight: null }, input);
    const { idflNumber: _given, receivedDate, ...fields } = input;
    const [created] = await tx
      .insert(sampleEntry)
      .values({
        ...fields,
        ...weights,
        idflNumber,
        status: 'New',
        receivedDate: receivedDate ? new Date(receivedDate) : null,
      })
      .returning();
    await appendAudit(tx, {
      entityType: SAMPLE_ENTITY,
      entityId: created!.id,
      action: 'create',
      fromStatus: null,
      toStatus: 'New',
      changes: rowChanges({}, { ...fields, ...weights, idflNumber }),
      actor: by,
    });
    return created!;
  });
}

export async function updateSampleEntryCs(
  db: Executor,
  { id, input, by }: { id: number; input: CsUpdateSample; by: Actor & FileAttacher },
) {
  const { version: _version, receivedDate, ...fields } = input;
  return editSampleData(db, {
    id,
    edit: 'csUpdate',
    action: 'update',
    input,
    by,
    changes: (stored) => ({
      ...fields,
      ...(receivedDate !== undefined ? { receivedDate: keepTimeOfDay(receivedDate, stored.receivedDate) } : {}),
    }),
  });
}

/**
 * The received date as an edit sends it. A date without a time (a form's date field) keeps the
 * stored time of day: the receipt happened at a moment, and changing or re-sending its day must not
 * move it to midnight.
 */
function keepTimeOfDay(value: string | null, stored: Date | null): Date | null {
  if (!value) return null;
  if (!DATE_ONLY.test(value) || !stored) return new Date(value);
  const timeOfDay = stored.toISOString().slice(10);
  return new Date(`${value}${timeOfDay}`);
}

const RECEIPT_IN_FUTURE = 'The received date cannot be in the future';
const RECEIPT_BEFORE_BOOKING = 'The received date cannot be before the booking was made';

/**
 * A receipt happens after the sample was booked and no later than today. A day either side is
 * allowed: the bench enters its local date or time, up to a day apart from the server's UTC.
 */
async function assertPossibleReceipt(db: Executor, sample: { bookingId: number | null }, receivedDate: Date) {
  if (receivedDate.getTime() > Date.now() + DAY_MS) {
    throw badRequest('receiptInFuture', {}, { receivedDate: RECEIPT_IN_FUTURE });
  }
  if (sample.bookingId === null) return;
  const [booked] = await db
    .select({ createdAt: booking.createdAt, bookingNumber: booking.bookingNumber })
    .from(booking)
    .where(eq(booking.id, sample.bookingId));
  if (booked && receivedDate.getTime() < booked.createdAt.getTime() - DAY_MS) {
    throw badRequest(
      'receiptBeforeBooking',
      { bookingNumber: booked.bookingNumber },
      { receivedDate: RECEIPT_BEFORE_BOOKING },
    );
  }
}

export async function checkInSampleCs(
  db: Executor,
  { id, input, by }: { id: number; input: CsCheckInSample; by: Actor },
) {
  const receivedDate = new Date(input.receivedDate);
  return db.transaction(async (tx) => {
    const { after } = await fireSampleAction(tx, id, {
      action: 'csCheckIn',
      by,
      changes: async (sample) => {
        await assertPossibleReceipt(tx, sample, receivedDate);
        return {
          receivedDate,
          receivedBy: input.receivedBy,
          ...computeWeights(sample, { initialWeight: input.initialWeight }),
          ...(input.unit !== undefined ? { unit: input.unit } : {}),
          receivedCondition: input.receivedCondition,
          receiptNote: input.receiptNote ?? null,
          // A replacement's receipt is judged afresh: the decision about the sample it replaces is in
          // the chain of custody, not on this receipt.
          receiptDecision: null,
          receiptDecisionNote: null,
          receiptDecisionAt: null,
          receiptDecisionBy: null,
          confirmDate: new Date(),
        };
      },
    });
    return after;
  });
}

/**
 * Records the client's decision about a sample held on receipt (damaged or insufficient), with its
 * audit record in the chain of custody. "Test as received" releases the hold; "send a replacement"
 * returns the entry to New to await the replacement's receipt (the workflow table's
 * awaitReplacement); "return" keeps it on hold, never tested, with the decision shown. A decision
 * may be changed while the sample is still held (a client who first asked for its return may agree
 * to testing).
 */
export async function recordReceiptDecision(
  db: Executor,
  { id, input, by }: { id: number; input: ReceiptDecisionInput; by: Actor },
) {
  const decision = {
    receiptDecision: input.decision,
    receiptDecisionNote: input.note ?? null,
    receiptDecisionAt: new Date(),
    receiptDecisionBy: by.id,
  };
  return db.transaction(async (tx) => {
    // A replacement is the workflow table's transition back to New (allowed only while the sample
    // is held): the kernel judges it. The other decisions change no status.
    if (input.decision === 'replacement') {
      return (await fireSampleAction(tx, id, { action: 'awaitReplacement', by, changes: decision })).after;
    }
    const sample = await lockSample(tx, id);
    if (sample.status !== 'CsConfirmed') {
      throw conflict(
        'sampleWrongState',
        { idflNumber: sample.idflNumber, status: sample.status, needed: ['CsConfirmed'] },
        sample,
      );
    }
    if (!isHeldOnReceipt(sample)) throw wrongHold(sample);
    return recordSampleChange(tx, { sample, action: 'receiptDecision', by, changes: decision });
  });
}

export async function transferToTester(db: Executor, { id, by }: { id: number; by: Actor }) {
  return db.transaction(async (tx) => {
    const { after } = await fireSampleAction(tx, id, {
      action: 'transferToTester',
      by,
      changes: { sentToTesterDate: new Date(), sentToTesterBy: by.id },
      announce: (sample) => ({
        params: { idflNumber: sample.idflNumber },
        title: 'New sample to check in',
        message: `Sample ${sample.idflNumber} was sent to the tester lab.`,
        link: `/testers/${sample.id}`,
      }),
    });
    return after;
  });
}

/**
 * Destroys an order (a booking number) while none of its samples has left the client-side lab:
 * the booking is cancelled and its New/CsConfirmed sample entries removed; the audit keeps them.
 */
export async function destroyOrder(db: Executor, { orderNumber, by }: { orderNumber: string; by: Actor }) {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(booking).where(eq(booking.bookingNumber, orderNumber)).for('update');
    if (!order) throw notFound('orderNotFound', { orderNumber });
    if (order.status === 'Cancelled')
      throw conflict('orderAlreadyCancelled', { orderNumber }, { status: order.status });
    const samples = await tx.select().from(sampleEntry).where(eq(sampleEntry.bookingId, order.id)).for('update');
    const moved = sampleBlockingDestruction(samples);
    if (moved) {
      throw conflict(
        'orderCannotBeDestroyed',
        { orderNumber, idflNumber: moved.idflNumber, status: moved.status },
        { status: moved.status },
      );
    }
    const reason = 'Destroyed by client-side lab';
    for (const sample of samples) {
      await appendAudit(tx, {
        entityType: SAMPLE_ENTITY,
        entityId: sample.id,
        action: 'destroy',
        fromStatus: sample.status,
        toStatus: null,
        changes: asJson({ idflNumber: { from: sample.idflNumber, to: null } }),
        reason,
        actor: by,
      });
    }
    if (samples.length) {
      await tx.delete(sampleEntry).where(
        inArray(
          sampleEntry.id,
          samples.map((s) => s.id),
        ),
      );
      await recordDeletions(
        tx,
        'sample_entry',
        samples.map((s) => s.id),
      );
    }
    const now = new Date();
    const [cancelled] = await tx
      .update(booking)
      .set({
        status: 'Cancelled',
        cancelReason: reason,
        cancelledBy: by.id,
        cancelledAt: now,
        version: sql`${booking.version} + 1`,
        updatedAt: now,
      })
      .where(eq(booking.id, order.id))
      .returning();
    await appendAudit(tx, {
      entityType: 'booking',
      entityId: order.id,
      action: 'destroyOrder',
      fromStatus: order.status,
      toStatus: 'Cancelled',
      changes: asJson({ destroyedSamples: { from: samples.map((s) => s.idflNumber), to: [] } }),
      reason,
      actor: by,
    });
    return { booking: cancelled!, destroyedSampleEntryIds: samples.map((s) => s.id) };
  });
}
