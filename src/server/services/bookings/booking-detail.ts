/** The booking as read back: everything submitted with it, the sample entries made from it and its history. */
import { certificateRevokedSql } from '../certificates/certificate-standing.ts';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  booking,
  bookingFactory,
  bookingPayer,
  bookingRetailer,
  bookingSampleType,
  sampleEntry,
  storedFile,
} from '../../db/schema.ts';
import { notFound } from '../../errors.ts';
import { auditTrail } from '../custody/audit.ts';
import { fileUrl } from '../files.ts';

/** Sample entries made from the given bookings (for the booking detail and lists). */
async function sampleEntriesOfBookings(db: Executor, bookingIds: number[]) {
  if (!bookingIds.length) return [];
  return db
    .select({
      id: sampleEntry.id,
      bookingId: sampleEntry.bookingId,
      idflNumber: sampleEntry.idflNumber,
      status: sampleEntry.status,
      certificateRevoked: certificateRevokedSql,
    })
    .from(sampleEntry)
    .where(inArray(sampleEntry.bookingId, bookingIds))
    .orderBy(asc(sampleEntry.id));
}

/** Everything submitted with a booking, the sample entries made from it and its history. */
export async function findBookingDetail(db: Executor, bookingId: number) {
  const [found] = await db.select().from(booking).where(eq(booking.id, bookingId));
  if (!found) throw notFound('bookingNotFound');
  const [sampleTypes, [payer], [retailer], [factory], attachments, sampleEntries, trail] = await Promise.all([
    db
      .select()
      .from(bookingSampleType)
      .where(eq(bookingSampleType.bookingId, bookingId))
      .orderBy(asc(bookingSampleType.position), asc(bookingSampleType.id)),
    db.select().from(bookingPayer).where(eq(bookingPayer.bookingId, bookingId)),
    db.select().from(bookingRetailer).where(eq(bookingRetailer.bookingId, bookingId)),
    db.select().from(bookingFactory).where(eq(bookingFactory.bookingId, bookingId)),
    found.attachmentFileIds.length
      ? db
          .select({ id: storedFile.id, name: storedFile.name, mimeType: storedFile.mimeType, size: storedFile.size })
          .from(storedFile)
          .where(inArray(storedFile.id, found.attachmentFileIds))
      : Promise.resolve([]),
    sampleEntriesOfBookings(db, [bookingId]),
    auditTrail(db, 'booking', bookingId),
  ]);
  // Attachments keep the order the applicant gave them.
  const byId = new Map(attachments.map((a) => [a.id, a]));
  return {
    id: found.id,
    bookingNumber: found.bookingNumber,
    status: found.status,
    applicantContactPerson: found.applicantContactPerson,
    applicantCompany: found.applicantCompany,
    telephone: found.telephone,
    email: found.email,
    address: found.address,
    cityStateCountry: found.cityStateCountry,
    emailReportToEmail: found.emailReportToEmail,
    sampleDescription: found.sampleDescription,
    rushService: found.rushService,
    language: found.language,
    specialInstructions: found.specialInstructions,
    returnSample: found.returnSample,
    sendReportHardcopy: found.sendReportHardcopy,
    sendReportEmail: found.sendReportEmail,
    sendReportFax: found.sendReportFax,
    bookingNotes: found.bookingNotes,
    cancelReason: found.cancelReason,
    samplePreparedDate: found.samplePreparedDate,
    isAgreeRegistration: found.isAgreeRegistration,
    isConfirmAccurate: found.isConfirmAccurate,
    createdBy: found.createdBy,
    confirmedBy: found.confirmedBy,
    confirmedAt: found.confirmedAt?.toISOString() ?? null,
    cancelledBy: found.cancelledBy,
    cancelledAt: found.cancelledAt?.toISOString() ?? null,
    version: found.version,
    createdAt: found.createdAt.toISOString(),
    updatedAt: found.updatedAt.toISOString(),
    sampleTypes: sampleTypes.map((t) => ({
      id: t.id,
      type: t.type,
      composition: t.composition,
      expectedOrigins: t.expectedOrigins,
      notes: t.notes,
    })),
    payerInfo: {
      isTheSameClientInfo: payer?.isTheSameClientInfo ?? true,
      companyName: payer?.companyName ?? null,
      address: payer?.address ?? null,
      cityStateCountry: payer?.cityStateCountry ?? null,
      phone: payer?.phone ?? null,
      contactName: payer?.contactName ?? null,
      email: payer?.email ?? null,
      sendInvoiceToEmail: payer?.sendInvoiceToEmail ?? null,
      bookingId: found.id,
    },
    retailerInfo: { retailerName: retailer?.retailerName ?? null, notes: retailer?.notes ?? null },
    factoryInfo: {
      enabled: factory?.enabled ?? false,
      factoryName: factory?.factoryName ?? null,
      contactName: factory?.contactName ?? null,
      phone: factory?.phone ?? null,
      email: factory?.email ?? null,
      address: factory?.address ?? null,
      cityStateCountry: factory?.cityStateCountry ?? null,
      notes: factory?.notes ?? null,
    },
    attachments: found.attachmentFileIds.flatMap((id) => {
      const file = byId.get(id);
      return file ? [{ ...file, url: fileUrl(file.id) }] : [];
    }),
    sampleEntries: sampleEntries.map(({ id, idflNumber, status, certificateRevoked }) => ({
      id,
      idflNumber,
      status,
      certificateRevoked,
    })),
    history: trail.map((r) => ({
      id: r.id,
      action: r.action,
      fromStatus: r.fromStatus,
      toStatus: r.toStatus,
      changes: r.changes,
      reason: r.reason,
      actorId: r.actorId,
      actorName: r.actorName,
      at: r.at.toISOString(),
    })),
  };
}
