import { and, asc, eq } from 'drizzle-orm';
import {
  bookingRequestNotice,
  bookingTransitions,
  canChangeBooking,
} from '../../../shared/workflow/record-workflows.ts';
import type { BookingInput } from '../../../shared/schemas/booking.ts';
import type { Executor } from '../../db/client.ts';
import {
  booking,
  bookingFactory,
  bookingPayer,
  bookingRetailer,
  bookingSampleType,
  sampleEntry,
} from '../../db/schema.ts';
import { conflict, notFound } from '../../errors.ts';
import { appendAudit, type Actor } from '../custody/audit.ts';
import { nextNumber } from '../samples/numbering.ts';
import { announceChange } from '../messaging/notifications.ts';
import { claimAttachments } from './public-attachments.ts';

/** What the client told us about a sample type, kept on each sample entry for the lab's later stages. */
function describeClientInfo(sampleType: { composition: string; expectedOrigins: { origin: string }[] }) {
  const origins = sampleType.expectedOrigins.map((o) => o.origin).join(', ');
  return `Composition: ${sampleType.composition}; Expected origins: ${origins}`;
}

/**
 * Where a booked sample came from, as its source: the public order form (a booking nobody signed in
 * made) or the client-side lab (a booking staff entered). Free text like any source a person types,
 * so the lists' and reports' source filters take them as they are; migration 0019 gave the samples
 * booked before this rule theirs.
 */
const bookingSources = { publicForm: 'Order form', staff: 'Client-side lab' } as const;

function sourceOfBooking(b: { createdBy: number | null }): string {
  return b.createdBy === null ? bookingSources.publicForm : bookingSources.staff;
}

/**
 * The client-side lab's confirmation of a booking: UnConfirmed → Confirmed, and one sample entry per
 * sample type, each with a fresh IDFL number, New: confirming accepts the order, nothing has
 * arrived yet. The receipt (when, by whom, weight, condition) is recorded when each sample is
 * checked in (checkInSampleCs), so the dashboard's stages count only what has really arrived. Runs in its own transaction (a savepoint when the caller already holds one) so that a
 * failure leaves neither a half-confirmed booking nor orphan sample entries.
 * Exposed over HTTP by the client-side lab's check-in call, PUT /api/cs-lab/check-in?id (routes/cs-lab.ts).
 */
export async function confirmBooking(db: Executor, { bookingId, by }: { bookingId: number; by: Actor }) {
  return db.transaction(async (tx) => {
    // The row lock makes two simultaneous confirmations queue: the second sees Confirmed and gets a 409.
    const [current] = await tx.select().from(booking).where(eq(booking.id, bookingId)).for('update');
    if (!current) throw notFound('bookingNotFound');
    if (!canChangeBooking('confirm', current.status)) {
      throw conflict(
        'bookingWrongStateConfirm',
        { bookingNumber: current.bookingNumber, status: current.status },
        { id: current.id, bookingNumber: current.bookingNumber, status: current.status },
      );
    }

    const now = new Date();
    const [confirmed] = await tx
      .update(booking)
      .set({
        status: bookingTransitions.confirm.to,
        confirmedBy: by.id,
        confirmedAt: now,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(and(eq(booking.id, bookingId), eq(booking.status, 'UnConfirmed')))
      .returning();
    if (!confirmed) throw conflict('bookingChangedMeanwhile', { bookingNumber: current.bookingNumber });

    await appendAudit(tx, {
      entityType: 'booking',
      entityId: confirmed.id,
      action: 'confirm',
      fromStatus: current.status,
      toStatus: confirmed.status,
      changes: { status: { from: current.status, to: confirmed.status } },
      actor: by,
      at: now,
    });

    const sampleTypes = await tx
      .select()
      .from(bookingSampleType)
      .where(eq(bookingSampleType.bookingId, bookingId))
      .orderBy(asc(bookingSampleType.position), asc(bookingSampleType.id));

    const sampleEntries = [];
    for (const sampleType of sampleTypes) {
      const [entry] = await tx
        .insert(sampleEntry)
        .values({
          idflNumber: await nextNumber(tx, 'IDFL', now),
          bookingId,
          bookingSampleTypeId: sampleType.id,
          sampleType: sampleType.type,
          source: sourceOfBooking(current),
          status: 'New',
          fromClientInfo: describeClientInfo(sampleType),
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await appendAudit(tx, {
        entityType: 'sample_entry',
        entityId: entry!.id,
        action: 'create',
        fromStatus: null,
        toStatus: entry!.status,
        changes: {
          idflNumber: { from: null, to: entry!.idflNumber },
          bookingNumber: { from: null, to: confirmed.bookingNumber },
          sampleType: { from: null, to: entry!.sampleType },
          source: { from: null, to: entry!.source },
        },
        reason: `Created from booking ${confirmed.bookingNumber}`,
        actor: by,
        at: now,
      });
      sampleEntries.push(entry!);
    }

    // The specification's push: 'Booking Confirmed ... has been confirmed.'
    await announceChange(tx, bookingTransitions.confirm, {
      params: { bookingNumber: confirmed.bookingNumber },
      title: 'Booking Confirmed',
      message: `Booking ${confirmed.bookingNumber} has been confirmed.`,
      link: `/bookings/${confirmed.id}`,
    });

    return { booking: confirmed, sampleEntries };
  });
}

// ---- create ------------------------------------------------------------------------------------

const blankToNull = (value: string | null | undefined) => (value && value.trim() ? value.trim() : null);

/**
 * Records a booking as submitted (UnConfirmed) with its sample types, payer, retailer and factory.
 * `by` is the staff member who entered it, or none for the public form.
 */
export async function createBooking(db: Executor, { input, by }: { input: BookingInput; by?: Actor }) {
  const attachmentFileIds = [...new Set(input.attachmentFileIds)];

  return db.transaction(async (tx) => {
    // The attachments become this booking's, in the same transaction: none can be taken twice.
    await claimAttachments(tx, input.attachmentFileIds);
    const now = new Date();
    const [created] = await tx
      .insert(booking)
      .values({
        bookingNumber: await nextNumber(tx, 'BK', now),
        applicantContactPerson: input.applicantContactPerson,
        applicantCompany: input.applicantCompany,
        telephone: input.telephone,
        email: input.email,
        address: input.address,
        cityStateCountry: input.cityStateCountry,
        emailReportToEmail: blankToNull(input.emailReportToEmail),
        sampleDescription: blankToNull(input.sampleDescription),
        rushService: input.rushService,
        specialInstructions: blankToNull(input.specialInstructions),
        returnSample: input.returnSample,
        sendReportHardcopy: input.sendReportHardcopy,
        sendReportEmail: input.sendReportEmail,
        sendReportFax: input.sendReportFax,
        bookingNotes: blankToNull(input.bookingNotes),
        status: 'UnConfirmed',
        samplePreparedDate: input.samplePreparedDate,
        isAgreeRegistration: input.isAgreeRegistration,
        isConfirmAccurate: input.isConfirmAccurate,
        attachmentFileIds,
        language: input.language,
        createdBy: by?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    const bookingId = created!.id;

    await tx.insert(bookingSampleType).values(
      input.sampleTypes.map((t, position) => ({
        bookingId,
        position,
        type: t.type,
        composition: t.composition,
        expectedOrigins: t.expectedOrigins.map((o) => ({ origin: o.origin })),
        notes: blankToNull(t.notes),
      })),
    );

    // When the payer is the applicant, the payer's own fields mean nothing and are not kept.
    const payer = input.payerInfo;
    const samePayer = payer.isTheSameClientInfo;
    await tx.insert(bookingPayer).values({
      bookingId,
      isTheSameClientInfo: samePayer,
      companyName: samePayer ? null : blankToNull(payer.companyName),
      address: samePayer ? null : blankToNull(payer.address),
      cityStateCountry: samePayer ? null : blankToNull(payer.cityStateCountry),
      phone: samePayer ? null : blankToNull(payer.phone),
      contactName: samePayer ? null : blankToNull(payer.contactName),
      email: samePayer ? null : blankToNull(payer.email),
      sendInvoiceToEmail: samePayer ? null : blankToNull(payer.sendInvoiceToEmail),
    });

    await tx.insert(bookingRetailer).values({
      bookingId,
      retailerName: blankToNull(input.retailerInfo.retailerName),
      notes: blankToNull(input.retailerInfo.notes),
    });

    const factory = input.factoryInfo;
    await tx.insert(bookingFactory).values({
      bookingId,
      enabled: factory.enabled,
      factoryName: blankToNull(factory.factoryName),
      contactName: blankToNull(factory.contactName),
      phone: blankToNull(factory.phone),
      email: blankToNull(factory.email),
      address: blankToNull(factory.address),
      cityStateCountry: blankToNull(factory.cityStateCountry),
      notes: blankToNull(factory.notes),
    });

    await appendAudit(tx, {
      entityType: 'booking',
      entityId: bookingId,
      action: 'create',
      fromStatus: null,
      toStatus: created!.status,
      changes: { bookingNumber: { from: null, to: created!.bookingNumber } },
      reason: by ? null : 'Submitted through the public Order Request Form',
      actor: by ?? null,
      at: now,
    });
    if (!by) {
      await announceChange(
        tx,
        { notifies: bookingRequestNotice },
        {
          params: { bookingNumber: created!.bookingNumber, company: created!.applicantCompany },
          title: 'New booking request',
          message: `Booking ${created!.bookingNumber} from ${created!.applicantCompany} arrived through the Order Request Form.`,
          link: `/bookings/${created!.id}`,
        },
      );
    }

    return created!;
  });
}

// ---- cancel -------------------------------------------------------------------------------------

/**
 * UnConfirmed → Cancelled with the reason; a booking already confirmed or cancelled is a 409. A
 * client cancelling their own booking (client-portal-actions.ts) is no staff member: `by` is null
 * and the audit record names the client's address.
 */
export async function cancelBooking(
  db: Executor,
  { bookingId, reason, by, client }: { bookingId: number; reason: string; by: Actor | null; client?: string },
) {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(booking).where(eq(booking.id, bookingId)).for('update');
    if (!current) throw notFound('bookingNotFound');
    if (!canChangeBooking('cancel', current.status)) {
      throw conflict(
        'bookingWrongStateCancel',
        { bookingNumber: current.bookingNumber, status: current.status },
        { id: current.id, bookingNumber: current.bookingNumber, status: current.status },
      );
    }
    const now = new Date();
    const [cancelled] = await tx
      .update(booking)
      .set({
        status: bookingTransitions.cancel.to,
        cancelReason: reason,
        cancelledBy: by?.id ?? null,
        cancelledAt: now,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(and(eq(booking.id, bookingId), eq(booking.status, 'UnConfirmed')))
      .returning();
    if (!cancelled) throw conflict('bookingChangedMeanwhile', { bookingNumber: current.bookingNumber });
    await appendAudit(tx, {
      entityType: 'booking',
      entityId: bookingId,
      action: 'cancel',
      fromStatus: current.status,
      toStatus: cancelled.status,
      changes: {
        status: { from: current.status, to: cancelled.status },
        cancelReason: { from: current.cancelReason, to: reason },
        ...(client ? { cancelledByClient: { from: null, to: client } } : {}),
      },
      reason,
      actor: by,
      at: now,
    });
    return cancelled;
  });
}
