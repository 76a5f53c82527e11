import { hasRevokedCertificate, type CertificateContent } from '../../../shared/certificate.ts';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { clientStageOf, clientStages, statusesOfStage, type ClientStage } from '../../../shared/client-portal.ts';
import { isSampleStatus } from '../../../shared/workflow/sample-workflow.ts';
import type { Executor } from '../../db/client.ts';
import {
  auditRecord,
  booking,
  bookingPayer,
  certificate,
  clientBookingNote,
  clientBookingPreference,
  sampleEntry,
} from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { SAMPLE_ENTITY } from '../samples/sample-transitions.ts';
import { turnaround } from '../reports/statistics.ts';

// What a client sees of their bookings ("My orders"): the bookings the session's address made (the
// applicant's), and those naming it as report recipient or payer that it confirmed by opening a link
// mailed about them; of those only what the client gave or is owed (stages in plain words, dates,
// certificates), never staff names or internal notes.

/** The booking names the address as report recipient or payer. Compared lower-cased; the payer is a row of its own. */
function namesAsCoParty(email: string): SQL {
  return or(
    sql`lower(${booking.emailReportToEmail}) = ${email}`,
    sql`exists (select 1 from ${bookingPayer} where ${bookingPayer.bookingId} = ${booking.id} and lower(${bookingPayer.email}) = ${email})`,
  )!;
}

/** The address confirmed the booking (opened a link mailed to it about that booking). */
function confirmedBy(email: string): SQL {
  return sql`exists (select 1 from ${clientBookingPreference} where ${clientBookingPreference.bookingId} = ${booking.id} and ${clientBookingPreference.email} = ${email} and ${clientBookingPreference.confirmedAt} is not null)`;
}

const madeBy = (email: string): SQL => sql`lower(${booking.email}) = ${email}`;

/**
 * The bookings an address may see: its own, and those naming it as report recipient or payer once
 * it confirmed them. Anyone can type any address into the public form, so naming an address alone
 * puts nothing in its My orders.
 */
export function clientBookingCondition(email: string): SQL {
  return or(madeBy(email), and(namesAsCoParty(email), confirmedBy(email)))!;
}

/**
 * The address opened a link mailed to it about this booking: from now on the booking is in its My
 * orders, if the booking names it (a link outliving a change of recipient confirms nothing).
 */
export async function confirmClientBooking(
  db: Executor,
  { bookingId, email, at = new Date() }: { bookingId: number; email: string; at?: Date },
) {
  const [named] = await db
    .select({ id: booking.id })
    .from(booking)
    .where(and(eq(booking.id, bookingId), or(madeBy(email), namesAsCoParty(email))));
  if (!named) return false;
  await db
    .insert(clientBookingPreference)
    .values({ bookingId, email, confirmedAt: at })
    .onConflictDoUpdate({
      target: [clientBookingPreference.bookingId, clientBookingPreference.email],
      set: { confirmedAt: sql`coalesce(${clientBookingPreference.confirmedAt}, ${at.toISOString()}::timestamptz)` },
    });
  return true;
}

/** Bookings listed of each kind (own, confirmed as recipient or payer), so neither pushes the other out. */
const MAX_BOOKINGS = 100;
/** "The last months" of the laboratory's usual time to result. */
const TURNAROUND_MONTHS = 6;

/** The median days from receipt to confirmed result over the last months, or null without data. */
async function usualDaysToResult(db: Executor, now = new Date()): Promise<number | null> {
  const from = new Date(now);
  from.setMonth(from.getMonth() - TURNAROUND_MONTHS);
  const { stages } = await turnaround(db, { period: { from, to: now } });
  const hours = stages.find((s) => s.stage === 'endToEnd')?.medianHours;
  return hours == null ? null : Math.max(1, Math.round(hours / 24));
}

/** The client's bookings, newest first, each with samples, stages, certificates and notes. */
export async function listClientBookings(db: Executor, email: string, onlyId?: number) {
  const only = onlyId === undefined ? undefined : eq(booking.id, onlyId);
  // Own bookings and confirmed co-party bookings are read apart, each with its own limit, so
  // however many bookings name the address it still sees every booking it made. Among its own,
  // those it confirmed by their mailed link come first, ahead of any a stranger made in its name.
  const [own, named] = await Promise.all([
    db
      .select()
      .from(booking)
      .where(and(madeBy(email), only))
      .orderBy(sql`${confirmedBy(email)} desc`, desc(booking.createdAt), desc(booking.id))
      .limit(MAX_BOOKINGS),
    db
      .select()
      .from(booking)
      .where(and(sql`not (${madeBy(email)})`, namesAsCoParty(email), confirmedBy(email), only))
      .orderBy(desc(booking.createdAt), desc(booking.id))
      .limit(MAX_BOOKINGS),
  ]);
  const rows = [...own, ...named].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  if (rows.length === 0) return { bookings: [], usualDaysToResult: await usualDaysToResult(db) };
  const ids = rows.map((r) => r.id);
  const samples = await db
    .select({
      id: sampleEntry.id,
      bookingId: sampleEntry.bookingId,
      idflNumber: sampleEntry.idflNumber,
      sampleType: sampleEntry.sampleType,
      status: sampleEntry.status,
      statusChangedAt: sampleEntry.statusChangedAt,
      createdAt: sampleEntry.createdAt,
    })
    .from(sampleEntry)
    .where(inArray(sampleEntry.bookingId, ids))
    .orderBy(asc(sampleEntry.id));
  const sampleIds = samples.map((s) => s.id);
  const [transitions, certificates, notes, preferences] = await Promise.all([
    sampleIds.length
      ? db
          .select({
            entityId: auditRecord.entityId,
            toStatus: auditRecord.toStatus,
            at: sql<Date>`min(${auditRecord.at})`,
          })
          .from(auditRecord)
          .where(
            and(
              eq(auditRecord.entityType, SAMPLE_ENTITY),
              inArray(auditRecord.entityId, sampleIds.map(String)),
              sql`${auditRecord.toStatus} is not null`,
            ),
          )
          .groupBy(auditRecord.entityId, auditRecord.toStatus)
      : [],
    sampleIds.length
      ? db
          .select()
          .from(certificate)
          .where(inArray(certificate.sampleEntryId, sampleIds))
          .orderBy(desc(certificate.version))
      : [],
    db
      .select()
      .from(clientBookingNote)
      .where(and(inArray(clientBookingNote.bookingId, ids), eq(clientBookingNote.email, email)))
      .orderBy(asc(clientBookingNote.createdAt)),
    db
      .select()
      .from(clientBookingPreference)
      .where(and(inArray(clientBookingPreference.bookingId, ids), eq(clientBookingPreference.email, email))),
  ]);

  const describeSample = (s: (typeof samples)[number]) => {
    const reached = new Map<string, Date>();
    for (const t of transitions) {
      if (t.entityId === String(s.id) && t.toStatus) reached.set(t.toStatus, new Date(t.at));
    }
    const stage: ClientStage = isSampleStatus(s.status) ? clientStageOf[s.status] : 'awaiting';
    const upTo = clientStages.indexOf(stage);
    const stages = clientStages.slice(1, upTo + 1).map((name) => {
      const dates = statusesOfStage(name)
        .map((status) => reached.get(status))
        .filter((d): d is Date => d !== undefined);
      // Without an audit entry (records imported from the old system) the current stage dates from
      // the sample's own status change.
      const at = dates.length
        ? new Date(Math.min(...dates.map((d) => d.getTime())))
        : name === stage
          ? (s.statusChangedAt ?? null)
          : null;
      return { stage: name, at: at?.toISOString() ?? null };
    });
    const ofSample = certificates.filter((c) => c.sampleEntryId === s.id);
    return {
      id: s.id,
      idflNumber: s.idflNumber,
      sampleType: s.sampleType,
      stage,
      stages,
      certificates: ofSample.map((c) => ({
        token: c.token,
        version: c.version,
        status: c.status,
        issuedAt: c.issuedAt.toISOString(),
        revokedAt: c.revokedAt?.toISOString() ?? null,
        revokeReason: c.status === 'Revoked' ? c.revokeReason : null,
        amendmentReason: (c.content as Partial<CertificateContent>).amendmentReason ?? null,
        hasPdf: c.fileId !== null,
      })),
      certificateRevoked: hasRevokedCertificate(ofSample),
    };
  };

  return {
    usualDaysToResult: await usualDaysToResult(db),
    bookings: rows.map((b) => {
      const preference = preferences.find((p) => p.bookingId === b.id);
      return {
        id: b.id,
        bookingNumber: b.bookingNumber,
        createdAt: b.createdAt.toISOString(),
        status: b.status,
        rushService: b.rushService,
        cancelReason: b.cancelReason,
        canCancel: b.status === 'UnConfirmed',
        attachments: b.attachmentFileIds.length,
        mailsOff: preference?.mailsOff ?? false,
        notes: notes
          .filter((n) => n.bookingId === b.id)
          .map((n) => ({ text: n.text, createdAt: n.createdAt.toISOString() })),
        samples: samples.filter((s) => s.bookingId === b.id).map(describeSample),
      };
    }),
  };
}

/** Notes when the client looked at these bookings (the staff booking detail shows it). */
export async function recordClientLook(
  db: Executor,
  { email, bookingIds, at = new Date() }: { email: string; bookingIds: number[]; at?: Date },
) {
  if (bookingIds.length === 0) return;
  await db
    .insert(clientBookingPreference)
    .values(bookingIds.map((bookingId) => ({ bookingId, email, lastViewedAt: at })))
    .onConflictDoUpdate({
      target: [clientBookingPreference.bookingId, clientBookingPreference.email],
      set: { lastViewedAt: at },
    });
}

/** One booking of the client's, or a 404 that says no more than "not found" (never "not yours"). */
export async function findClientBooking(db: Executor, email: string, bookingId: number) {
  const { bookings, usualDaysToResult: days } = await listClientBookings(db, email, bookingId);
  const [found] = bookings;
  if (!found) throw notFound('bookingNotFound');
  return { booking: found, usualDaysToResult: days };
}
