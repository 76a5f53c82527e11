import { and, asc, count, eq, gte, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import { bookingTransitions, canChangeBooking } from '../../shared/record-workflows.ts';
import type { BookingInput } from '../../shared/schemas/booking.ts';
import type { Executor } from '../db/client.ts';
import { afterCursor, cursorKeys, nextCursorOf, orderByKeys, type ListOrder } from '../db/keyset.ts';
import { cappedCount, matchedFirst, parseSort, readCappedTotal } from '../db/queries.ts';
import {
  booking,
  bookingFactory,
  bookingPayer,
  bookingRetailer,
  bookingSampleType,
  sampleEntry,
  storedFile,
} from '../db/schema.ts';
import { conflict, notFound } from '../errors.ts';
import type { AuthUser } from '../http/context.ts';
import { appendAudit, auditTrail } from './audit.ts';
import { fileUrl } from './files.ts';
import { nextNumber } from './numbering.ts';
import { notifyPermission } from './notifications.ts';
import { claimAttachments } from './public-attachments.ts';

export type BookingStatus = (typeof booking.status.enumValues)[number];

/** The staff member acting: the signed-in user, or any account (demo seeding, tests). */
export type Actor = Pick<AuthUser, 'id' | 'displayName'>;

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

    // The specification's push: 'Booking Confirmed ... has been confirmed.'
    await notifyPermission(tx, {
      permission: 'CanViewAllSampleEntryCs',
      kind: 'bookingConfirmed',
      params: { bookingNumber: confirmed.bookingNumber },
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
      await notifyPermission(tx, {
        permission: 'CanViewAllbooking',
        kind: 'bookingArrived',
        params: { bookingNumber: created!.bookingNumber, company: created!.applicantCompany },
        title: 'New booking request',
        message: `Booking ${created!.bookingNumber} from ${created!.applicantCompany} arrived through the Order Request Form.`,
        link: `/bookings/${created!.id}`,
      });
    }

    return created!;
  });
}

// ---- list ---------------------------------------------------------------------------------------

export const bookingStatuses = booking.status.enumValues;

export type BookingListFilters = {
  status?: BookingStatus;
  bookingNumber?: string;
  applicantContactPerson?: string;
  search?: string;
  orderBy?: string;
  updatedSince?: Date;
  /** Keyset paging (db/keyset.ts): the page after the row of a previous page's nextCursor. */
  cursor?: string;
  limit: number;
  offset: number;
};

/** Sortable columns of the booking list, by the names the API uses. */
export const bookingOrderColumns = {
  createdAt: booking.createdAt,
  updatedAt: booking.updatedAt,
  bookingNumber: booking.bookingNumber,
  applicantCompany: booking.applicantCompany,
  applicantContactPerson: booking.applicantContactPerson,
  email: booking.email,
  samplePreparedDate: booking.samplePreparedDate,
  status: booking.status,
} as const;

/** The list's sort (queries.ts parseSort), or the fallback when none is asked for. */
export function parseOrderBy<K extends string>(
  orderBy: string | undefined,
  allowed: readonly K[],
  fallback: { field: K; direction: 'asc' | 'desc' },
): { field: K; direction: 'asc' | 'desc' } {
  return parseSort(orderBy, allowed) ?? fallback;
}

/** Text for ILIKE '%…%' with the user's own % and _ taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listBookings(db: Executor, filters: BookingListFilters) {
  const queries = bookingListQueries(db, filters);
  const [rows, counted] = await Promise.all([queries.page, readCappedTotal(db, queries.total)]);
  const items = rows.map(({ cursorKeys: _keys, ...item }) => item);
  const nextCursor = nextCursorOf(queries.order, rows.at(-1)?.cursorKeys, rows.length === filters.limit);
  const typeCounts = items.length
    ? await db
        .select({ bookingId: bookingSampleType.bookingId, count: count() })
        .from(bookingSampleType)
        .where(
          inArray(
            bookingSampleType.bookingId,
            items.map((b) => b.id),
          ),
        )
        .groupBy(bookingSampleType.bookingId)
    : [];
  const countOf = new Map(typeCounts.map((t) => [t.bookingId, t.count]));
  return {
    items: items.map((item) => ({
      ...item,
      sampleTypeCount: countOf.get(item.id) ?? 0,
      createdAt: item.createdAt.toISOString(),
      updatedAt: item.updatedAt.toISOString(),
    })),
    ...counted,
    limit: filters.limit,
    offset: filters.offset,
    nextCursor,
  };
}

/** The booking list's page and its capped total (exported for tests/server/list-plans). */
export function bookingListQueries(db: Executor, filters: BookingListFilters) {
  const order = parseOrderBy(
    filters.orderBy,
    Object.keys(bookingOrderColumns) as (keyof typeof bookingOrderColumns)[],
    {
      field: 'createdAt',
      direction: 'desc',
    },
  );
  const conditions: SQL[] = [];
  if (filters.status) conditions.push(eq(booking.status, filters.status));
  if (filters.bookingNumber) conditions.push(ilike(booking.bookingNumber, containing(filters.bookingNumber)));
  if (filters.applicantContactPerson)
    conditions.push(ilike(booking.applicantContactPerson, containing(filters.applicantContactPerson)));
  if (filters.updatedSince) conditions.push(gte(booking.updatedAt, filters.updatedSince));
  if (filters.search) {
    const pattern = containing(filters.search);
    conditions.push(
      or(
        ilike(booking.bookingNumber, pattern),
        ilike(booking.applicantCompany, pattern),
        ilike(booking.applicantContactPerson, pattern),
        ilike(booking.email, pattern),
      )!,
    );
  }
  const where = conditions.length ? and(...conditions) : undefined;
  const column = bookingOrderColumns[order.field];
  // The id breaks ties so that paging never repeats or skips a row.
  const keyset = {
    name: `${order.field}:${order.direction}`,
    keys: [
      { column, direction: order.direction },
      { column: booking.id, direction: order.direction },
    ],
  } satisfies ListOrder;
  const orderBy = orderByKeys(keyset);
  const after = afterCursor(keyset, filters.cursor);
  // The page's ids first (a far page skips index entries, not rows), then its rows, and the sample
  // types counted for those rows alone: no count per row skipped.
  // With a "contains" filter the matching bookings are found first (queries.ts matchedFirst).
  const textFilter = filters.bookingNumber || filters.applicantContactPerson || filters.search;
  const pageIds = (
    textFilter
      ? db
          .select({ id: sql<number>`"booking"."id"` })
          .from(matchedFirst(booking, where))
          .where(after)
      : db.select({ id: booking.id }).from(booking).where(and(where, after))
  )
    .orderBy(...orderBy)
    .limit(filters.limit)
    .offset(filters.offset);
  return {
    order: keyset,
    page: db
      .select({
        id: booking.id,
        bookingNumber: booking.bookingNumber,
        applicantContactPerson: booking.applicantContactPerson,
        applicantCompany: booking.applicantCompany,
        email: booking.email,
        telephone: booking.telephone,
        registration: booking.isAgreeRegistration,
        samplePreparedDate: booking.samplePreparedDate,
        status: booking.status,
        createdAt: booking.createdAt,
        updatedAt: booking.updatedAt,
        cursorKeys: cursorKeys(keyset),
      })
      .from(booking)
      .where(inArray(booking.id, pageIds))
      .orderBy(...orderBy),
    total: cappedCount(filters, (cap) =>
      db
        .select({ one: sql`1` })
        .from(booking)
        .where(where)
        .limit(cap),
    ),
  };
}

// ---- detail -------------------------------------------------------------------------------------

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
    sampleEntries: sampleEntries.map(({ id, idflNumber, status }) => ({ id, idflNumber, status })),
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

export type BookingDetail = Awaited<ReturnType<typeof findBookingDetail>>;

// ---- cancel -------------------------------------------------------------------------------------

/** UnConfirmed → Cancelled with the reason; a booking already confirmed or cancelled is a 409. */
export async function cancelBooking(
  db: Executor,
  { bookingId, reason, by }: { bookingId: number; reason: string; by: Actor },
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
        cancelledBy: by.id,
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
      },
      reason,
      actor: by,
      at: now,
    });
    return cancelled;
  });
}
