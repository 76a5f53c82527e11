import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { booking, bookingSampleType, notification, sampleEntry } from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import type { AuthUser } from '../http/context.ts';
import { appendAudit } from './audit.ts';
import { nextNumber } from './numbering.ts';

export type BookingStatus = (typeof booking.status.enumValues)[number];

/** What the client told us about a sample type, kept on each sample entry for the lab's later stages. */
export function describeClientInfo(sampleType: { composition: string; expectedOrigins: { origin: string }[] }) {
  const origins = sampleType.expectedOrigins.map((o) => o.origin).join(', ');
  return `Composition: ${sampleType.composition}; Expected origins: ${origins}`;
}

/**
 * The client-side lab's check-in of a booking: UnConfirmed → Confirmed, and one sample entry per
 * sample type, each with a fresh IDFL number, already CsConfirmed because the lab has the samples
 * in hand. Runs in its own transaction (a savepoint when the caller already holds one) so that a
 * failure leaves neither a half-confirmed booking nor orphan sample entries.
 */
export async function confirmBooking(db: Executor, { bookingId, by }: { bookingId: number; by: AuthUser }) {
  return db.transaction(async (tx) => {
    // The row lock makes two simultaneous confirmations queue: the second sees Confirmed and gets a 409.
    const [current] = await tx.select().from(booking).where(eq(booking.id, bookingId)).for('update');
    if (!current) throw notFound('Booking');
    if (current.status !== 'UnConfirmed') {
      throw conflict(
        `Booking ${current.bookingNumber} is ${current.status}; only UnConfirmed bookings can be confirmed.`,
        { id: current.id, bookingNumber: current.bookingNumber, status: current.status },
      );
    }

    const now = new Date();
    const [confirmed] = await tx
      .update(booking)
      .set({
        status: 'Confirmed',
        confirmedBy: by.id,
        confirmedAt: now,
        version: current.version + 1,
        updatedAt: now,
      })
      .where(and(eq(booking.id, bookingId), eq(booking.status, 'UnConfirmed')))
      .returning();
    if (!confirmed) throw conflict(`Booking ${current.bookingNumber} changed meanwhile; please reload it.`);

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
          status: 'CsConfirmed',
          fromClientInfo: describeClientInfo(sampleType),
          receivedDate: now,
          receivedBy: by.displayName,
          confirmDate: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await appendAudit(tx, {
        entityType: 'sample_entry',
        entityId: entry!.id,
        action: 'csCheckIn',
        fromStatus: null,
        toStatus: entry!.status,
        changes: {
          idflNumber: { from: null, to: entry!.idflNumber },
          bookingNumber: { from: null, to: confirmed.bookingNumber },
          sampleType: { from: null, to: entry!.sampleType },
        },
        reason: `Created from booking ${confirmed.bookingNumber}`,
        actor: by,
        at: now,
      });
      sampleEntries.push(entry!);
    }

    await tx.insert(notification).values({
      permission: 'CanViewAllSampleEntryCs',
      title: 'Booking Confirmed',
      message: `Booking ${confirmed.bookingNumber} has been confirmed.`,
      link: `/bookings/${confirmed.id}`,
    });

    return { booking: confirmed, sampleEntries };
  });
}

/** Sample entries made from the given bookings (for the booking detail and lists). */
export async function sampleEntriesOfBookings(db: Executor, bookingIds: number[]) {
  if (!bookingIds.length) return [];
  return db
    .select({
      id: sampleEntry.id,
      bookingId: sampleEntry.bookingId,
      idflNumber: sampleEntry.idflNumber,
      status: sampleEntry.status,
    })
    .from(sampleEntry)
    .where(inArray(sampleEntry.bookingId, bookingIds))
    .orderBy(asc(sampleEntry.id));
}
