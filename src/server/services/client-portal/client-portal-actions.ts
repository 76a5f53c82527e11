import { and, count, desc, eq, isNotNull, max, sql } from 'drizzle-orm';
import { CLIENT_NOTE_LIMITS } from '../../../shared/client-portal.ts';
import type { Executor } from '../../db/client.ts';
import type { Paging } from '../../db/queries.ts';
import {
  booking,
  certificate,
  clientBookingMail,
  clientBookingNote,
  clientBookingPreference,
  sampleEntry,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { appendAudit } from '../custody/audit.ts';
import { cancelBooking } from '../bookings/bookings.ts';
import { loadCertificateFile } from '../certificates/certificate-files.ts';
import { claimAttachments } from '../bookings/public-attachments.ts';
import { countEvent, tooManyRequests } from '../accounts/rate-limit.ts';
import { clientBookingCondition } from './client-portal.ts';

// What a client may still do with their bookings, each only on a booking their address may see
// (clientBookingCondition); and what staff see of the client's side of a booking.

/** The booking's id if the address may see it; otherwise the same 404 as a booking that does not exist. */
async function ownBooking(db: Executor, email: string, bookingId: number) {
  const [row] = await db
    .select({ id: booking.id, bookingNumber: booking.bookingNumber })
    .from(booking)
    .where(and(eq(booking.id, bookingId), clientBookingCondition(email)));
  if (!row) throw notFound('bookingNotFound');
  return row;
}

/** The staff cancel, as the client: only an UnConfirmed booking, with a reason (409 otherwise). */
export async function cancelClientBooking(
  db: Executor,
  { email, bookingId, reason }: { email: string; bookingId: number; reason: string },
) {
  await ownBooking(db, email, bookingId);
  return cancelBooking(db, { bookingId, reason, by: null, client: email });
}

export async function addClientNote(
  db: Executor,
  { email, bookingId, text }: { email: string; bookingId: number; text: string },
) {
  await ownBooking(db, email, bookingId);
  const hourly = { limit: CLIENT_NOTE_LIMITS.perHour, seconds: 3600 };
  if ((await countEvent(db, `client-note:${email.toLowerCase()}`, hourly)) > hourly.limit) {
    throw tooManyRequests('clientNotesTooFast', { max: hourly.limit });
  }
  return db.transaction(async (tx) => {
    // The booking's row is locked while its notes are counted, so two notes sent at once cannot
    // both take the last place.
    await tx.select({ id: booking.id }).from(booking).where(eq(booking.id, bookingId)).for('update');
    const [held] = await tx
      .select({ notes: count() })
      .from(clientBookingNote)
      .where(eq(clientBookingNote.bookingId, bookingId));
    if ((held?.notes ?? 0) >= CLIENT_NOTE_LIMITS.perBooking) {
      throw conflict('clientNotesFull', { max: CLIENT_NOTE_LIMITS.perBooking });
    }
    const [note] = await tx.insert(clientBookingNote).values({ bookingId, email, text }).returning();
    await appendAudit(tx, {
      entityType: 'booking',
      entityId: bookingId,
      action: 'clientNote',
      changes: { clientNote: { from: null, to: text } },
      reason: email,
    });
    return { text: note!.text, createdAt: note!.createdAt.toISOString() };
  });
}

/** Files a booking holds at most, however many times the client adds some. */
const MAX_BOOKING_ATTACHMENTS = 20;

/**
 * Files the client uploaded through the order form's public upload become the booking's, as the
 * form's own attachments do (claimed once, in the same transaction as the booking's change).
 */
export async function addClientAttachments(
  db: Executor,
  { email, bookingId, fileIds }: { email: string; bookingId: number; fileIds: string[] },
) {
  await ownBooking(db, email, bookingId);
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(booking).where(eq(booking.id, bookingId)).for('update');
    const ids = [...new Set(fileIds)].filter((id) => !current!.attachmentFileIds.includes(id));
    const next = [...current!.attachmentFileIds, ...ids];
    if (next.length > MAX_BOOKING_ATTACHMENTS)
      throw badRequest('invalidField', {
        field: 'attachmentFileIds',
        detail: `at most ${MAX_BOOKING_ATTACHMENTS} files`,
      });
    await claimAttachments(tx, ids);
    const now = new Date();
    await tx
      .update(booking)
      .set({ attachmentFileIds: next, version: current!.version + 1, updatedAt: now })
      .where(eq(booking.id, bookingId));
    await appendAudit(tx, {
      entityType: 'booking',
      entityId: bookingId,
      action: 'clientAttachment',
      changes: { attachmentFileIds: { from: current!.attachmentFileIds, to: next } },
      reason: email,
      at: now,
    });
    return { attachments: next.length };
  });
}

/** Turns the booking's progress mails off or back on, for this address. */
export async function setClientMails(
  db: Executor,
  { email, bookingId, mailsOff }: { email: string; bookingId: number; mailsOff: boolean },
) {
  await ownBooking(db, email, bookingId);
  await db
    .insert(clientBookingPreference)
    .values({ bookingId, email, mailsOff })
    .onConflictDoUpdate({
      target: [clientBookingPreference.bookingId, clientBookingPreference.email],
      set: { mailsOff },
    });
  return { mailsOff };
}

/** A certificate's PDF, if its sample belongs to one of the client's bookings. */
export async function clientCertificateFile(db: Executor, email: string, token: string, timeZone: string) {
  const [row] = await db
    .select({ token: certificate.token })
    .from(certificate)
    .innerJoin(sampleEntry, eq(sampleEntry.id, certificate.sampleEntryId))
    .innerJoin(booking, eq(booking.id, sampleEntry.bookingId))
    .where(and(eq(certificate.token, token), clientBookingCondition(email)));
  if (!row) throw notFound('bookingNotFound');
  return loadCertificateFile(db, row.token, timeZone);
}

/**
 * The details of the client's latest own booking as the order form's quick-fill takes them: one
 * they made and confirmed by its mailed link. Anyone may type the client's address into the form
 * with their own company and address; those details must not become the client's next booking's.
 */
export async function clientPrefill(db: Executor, email: string) {
  const [row] = await db
    .select()
    .from(booking)
    .innerJoin(
      clientBookingPreference,
      and(
        eq(clientBookingPreference.bookingId, booking.id),
        eq(clientBookingPreference.email, email),
        isNotNull(clientBookingPreference.confirmedAt),
      ),
    )
    .where(sql`lower(${booking.email}) = ${email}`)
    .orderBy(desc(booking.createdAt), desc(booking.id))
    .limit(1);
  if (!row) throw notFound('bookingNotFound');
  const { booking: own } = row;
  return {
    companyName: own.applicantCompany,
    contactName: own.applicantContactPerson,
    phone: own.telephone,
    email: own.email,
    address: own.address,
    cityStateCountry: own.cityStateCountry,
  };
}

/** A page of a booking's client notes for staff, newest first, with how many there are. */
export async function clientNotesPage(db: Executor, bookingId: number, { limit, offset }: Paging) {
  const [exists] = await db.select({ id: booking.id }).from(booking).where(eq(booking.id, bookingId));
  if (!exists) throw notFound('bookingNotFound');
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(clientBookingNote)
      .where(eq(clientBookingNote.bookingId, bookingId))
      .orderBy(desc(clientBookingNote.createdAt), desc(clientBookingNote.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(clientBookingNote).where(eq(clientBookingNote.bookingId, bookingId)),
  ]);
  return {
    items: rows.map((n) => ({ email: n.email, text: n.text, createdAt: n.createdAt.toISOString() })),
    total: counted?.total ?? 0,
    limit,
    offset,
  };
}

/**
 * The staff booking detail's "client's view": mails sent, the last look, the mail choice, and the
 * newest page of notes with their count (clientNotesPage gives the next ones).
 */
export async function clientActivity(db: Executor, bookingId: number) {
  const [exists] = await db.select({ id: booking.id }).from(booking).where(eq(booking.id, bookingId));
  if (!exists) throw notFound('bookingNotFound');
  const [mails, [looked], notes] = await Promise.all([
    db
      .select()
      .from(clientBookingMail)
      .where(eq(clientBookingMail.bookingId, bookingId))
      .orderBy(desc(clientBookingMail.createdAt), desc(clientBookingMail.id)),
    db
      .select({
        lastViewedAt: max(clientBookingPreference.lastViewedAt),
        // Each address chooses for itself: staff are told whose mails are off, not "the client's".
        mailsOffFor: sql<
          string[] | null
        >`array_agg(${clientBookingPreference.email} order by ${clientBookingPreference.email}) filter (where ${clientBookingPreference.mailsOff})`,
      })
      .from(clientBookingPreference)
      .where(eq(clientBookingPreference.bookingId, bookingId)),
    clientNotesPage(db, bookingId, { limit: CLIENT_NOTE_LIMITS.page, offset: 0 }),
  ]);
  return {
    lastViewedAt: looked?.lastViewedAt ? new Date(looked.lastViewedAt).toISOString() : null,
    mailsOffFor: looked?.mailsOffFor ?? [],
    mails: mails.map((m) => ({ kind: m.kind, to: m.to, sentAt: m.createdAt.toISOString() })),
    notes: notes.items,
    notesTotal: notes.total,
  };
}
