import { and, eq, getTableColumns, gt, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { SampleStatus } from '../../../shared/workflow/sample-workflow.ts';
import type { Executor } from '../../db/client.ts';
import { fromDateCondition, toDateCondition, userCondition } from '../../db/filters.ts';
import { afterCursor, cursorKeys, listOrder, orderByKeys } from '../../db/keyset.ts';
import { matchingRows, readListPage } from '../../db/list-page.ts';
import { containing, escapeLike, matchedFirst } from '../../db/queries.ts';
import { booking, certificate, sampleEntry } from '../../db/schema.ts';

// The sample lists every bench reads, and the filters they share with reports and the third lab.

// A sample's certificate in force when it is revoked (certificate-standing.ts says the same for one
// sample): joined to the page rather than asked per row, so the page's plan stays one join. Only the
// version no other replaced is in force, so a sample joins one such row at most.
const revokedInForce = alias(certificate, 'revoked_in_force');

export type SampleListFilters = {
  /** The laboratory's time zone (LAB_TIME_ZONE): a date-only bound is its day. */
  timeZone: string;
  IDFLNumber?: string;
  receivedFromDate?: string;
  receivedToDate?: string;
  receivedByUser?: string;
  sources?: string[];
  status?: string[];
  sentToTesterByUser?: string;
  sentToTesterFromDate?: string;
  sentToTesterToDate?: string;
  sentToThirdLabFromDate?: string;
  sentToThirdLabToDate?: string;
  packageCode?: string;
  updatedSince?: string;
  search?: string;
  orderBy?: string;
  /** Keyset paging (db/keyset.ts): the page after the row of a previous page's nextCursor. */
  cursor?: string;
  limit: number;
  offset: number;
};

/**
 * A list's IDFL number filter ("contains", case aside) as the trigram index serves it. Every IDFL
 * number begins with `IDFL-` (numbering.ts), so that word's trigrams are in every sample's posting
 * lists and select nothing, while reading them walks postings for the whole table: at 100,000
 * entries they were most of an exact number's lookup, and it grew with the table. So the index is
 * asked (`indexed`) for the rest of the text when three characters or more are left to make
 * trigrams of, and the rows it finds are then checked against the whole text (`whole`, needed
 * again only when `narrowed`): the list holds exactly what it did.
 */
export function idflFilter(text: string): { indexed: SQL; whole: SQL; narrowed: boolean } {
  const rest = text.replace(/^IDFL-/i, '');
  const narrowed = rest !== text && rest.length >= 3;
  const whole = idflContains(text);
  return { indexed: narrowed ? idflContains(rest) : whole, whole, narrowed };
}

export const sampleOrderColumns: Record<string, PgColumn> = {
  id: sampleEntry.id,
  idflNumber: sampleEntry.idflNumber,
  IDFLNumber: sampleEntry.idflNumber,
  sampleCode: sampleEntry.sampleCode,
  sampleType: sampleEntry.sampleType,
  source: sampleEntry.source,
  status: sampleEntry.status,
  receivedDate: sampleEntry.receivedDate,
  sentToTesterDate: sampleEntry.sentToTesterDate,
  testerReceivedDate: sampleEntry.testerReceivedDate,
  sentDate: sampleEntry.sentDate,
  packageCode: sampleEntry.packageCode,
  createdAt: sampleEntry.createdAt,
  updatedAt: sampleEntry.updatedAt,
};

/** The samples whose IDFL number contains `text`, case aside. */
function idflContains(text: string): SQL {
  return ilike(sampleEntry.idflNumber, containing(text));
}

/**
 * The samples of the bookings whose number or client (company or contact person) contains `text`.
 * The bookings are found once (through booking_search) into an array, so the samples' side is an
 * index condition on sample_entry_booking that a bitmap OR joins with the trigram index's, not a
 * subquery asked again for every sample.
 */
function bookedBy(text: string): SQL {
  const pattern = containing(text);
  return sql`${sampleEntry.bookingId} = ANY(ARRAY(SELECT ${booking.id} FROM ${booking} WHERE ${or(
    ilike(booking.bookingNumber, pattern),
    ilike(booking.applicantCompany, pattern),
    ilike(booking.applicantContactPerson, pattern),
  )}))`;
}

/** 'receivedDate', 'receivedDate:desc', 'receivedDate desc' or '-receivedDate'; unknown fields fall back. */
export function sampleListConditions(filters: Omit<SampleListFilters, 'limit' | 'offset' | 'orderBy'>): SQL[] {
  const conditions: (SQL | undefined)[] = [
    filters.IDFLNumber ? idflFilter(filters.IDFLNumber).whole : undefined,
    fromDateCondition(sampleEntry.receivedDate, filters.receivedFromDate, filters.timeZone),
    toDateCondition(sampleEntry.receivedDate, filters.receivedToDate, filters.timeZone),
    filters.receivedByUser ? ilike(sampleEntry.receivedBy, escapeLike(filters.receivedByUser)) : undefined,
    filters.sources?.length ? inArray(sampleEntry.source, filters.sources) : undefined,
    filters.status?.length ? inArray(sampleEntry.status, filters.status) : undefined,
    userCondition(sampleEntry.sentToTesterBy, filters.sentToTesterByUser),
    fromDateCondition(sampleEntry.sentToTesterDate, filters.sentToTesterFromDate, filters.timeZone),
    toDateCondition(sampleEntry.sentToTesterDate, filters.sentToTesterToDate, filters.timeZone),
    fromDateCondition(sampleEntry.sentDate, filters.sentToThirdLabFromDate, filters.timeZone),
    toDateCondition(sampleEntry.sentDate, filters.sentToThirdLabToDate, filters.timeZone),
    filters.packageCode ? eq(sampleEntry.packageCode, filters.packageCode) : undefined,
    filters.updatedSince ? gt(sampleEntry.updatedAt, new Date(filters.updatedSince)) : undefined,
    filters.search
      ? or(
          ...[
            sampleEntry.idflNumber,
            sampleEntry.sampleCode,
            sampleEntry.sampleType,
            sampleEntry.source,
            sampleEntry.localCode,
            sampleEntry.bnCode,
            sampleEntry.packageCode,
          ].map((column) => ilike(column, containing(filters.search!))),
          bookedBy(filters.search),
        )
      : undefined,
  ];
  return conditions.filter((c): c is SQL => c !== undefined);
}

/**
 * One list for every bench: `scope` holds the statuses a lab works with (the tester does not see
 * samples still at the client-side lab); an explicit status filter narrows it further.
 */
export async function listSampleEntries(db: Executor, filters: SampleListFilters, scope?: readonly SampleStatus[]) {
  const status = scope
    ? filters.status?.length
      ? filters.status.filter((s) => (scope as readonly string[]).includes(s))
      : [...scope]
    : filters.status;
  if (scope && status?.length === 0)
    return { items: [], total: 0, limit: filters.limit, offset: filters.offset, nextCursor: null };
  const queries = sampleListQueries(db, { ...filters, status });
  const { rows, ...counted } = await readListPage(db, queries);
  const items = rows.map(({ cursorKeys: _keys, listTotal: _total, ...sample }) => sample);
  return { items, ...counted, limit: filters.limit, offset: filters.offset };
}

/**
 * Whether the sample's booking asked for rush service, so a bench list can mark the sample: the page's
 * rows joined to their booking by its primary key (a sample with no booking is not rushed). The third
 * lab's list and the packing list read it the same way.
 */
export const bookingRush = sql<boolean>`coalesce(${booking.rushService}, false)`;

/** A sample list's page and the rows its total counts (exported for the plan checks in tests/server/lists/list-plans). */
export function sampleListQueries(db: Executor, filters: SampleListFilters) {
  const where = and(...sampleListConditions(filters));
  const order = listOrder(filters.orderBy, sampleOrderColumns, [
    { column: sampleEntry.updatedAt, direction: 'desc' },
    { column: sampleEntry.id, direction: 'desc' },
  ]);
  const orderBy = orderByKeys(order);
  const after = afterCursor(order, filters.cursor);
  // The page's ids first, then their rows: the skipped rows of a far page are walked in the index
  // (sample_entry_updated holds the order and the status), never read whole from the table. A
  // cursor starts the walk at its row instead of skipping to it.
  // With a "contains" filter the matching samples are found first through the trigram index, an
  // IDFL number by the part that sets it apart (idflFilter) and then checked whole.
  const idfl = filters.IDFLNumber ? idflFilter(filters.IDFLNumber) : undefined;
  const found = and(idfl?.indexed, ...sampleListConditions({ ...filters, IDFLNumber: undefined }));
  const matched =
    filters.IDFLNumber || filters.search
      ? matchedFirst(db, sampleEntry, found, [
          sampleEntry.id,
          sampleEntry.idflNumber,
          ...order.keys.map((k) => k.column),
        ])
      : undefined;
  // What the matches are checked against once found: the IDFL number whole.
  const rest = idfl?.narrowed ? idfl.whole : undefined;
  const pageIds = (
    matched
      ? db
          .select({ id: sql<number>`"sample_entry"."id"` })
          .from(matched.rows)
          .where(and(rest, after))
      : db.select({ id: sampleEntry.id }).from(sampleEntry).where(and(where, after))
  )
    .orderBy(...orderBy)
    .limit(filters.limit)
    .offset(filters.offset);
  return {
    order,
    page: (listTotal: SQL<number | null>) =>
      (matched ? db.with(matched.cte) : db)
        .select({
          ...getTableColumns(sampleEntry),
          rushService: bookingRush,
          certificateRevoked: sql<boolean>`${revokedInForce.id} is not null`,
          cursorKeys: cursorKeys(order),
          listTotal,
        })
        .from(sampleEntry)
        .leftJoin(booking, eq(booking.id, sampleEntry.bookingId))
        .leftJoin(
          revokedInForce,
          and(
            eq(revokedInForce.sampleEntryId, sampleEntry.id),
            // Revoked is the one status with a revocation moment: read from it, the join's filter names
            // no status, which the plans keep for the samples' own.
            isNotNull(revokedInForce.revokedAt),
            isNull(revokedInForce.supersededById),
          ),
        )
        .where(inArray(sampleEntry.id, pageIds))
        .orderBy(...orderBy),
    matching: matched
      ? matchingRows((columns) => db.select(columns).from(matched.rows), rest)
      : matchingRows((columns) => db.select(columns).from(sampleEntry), where),
    matched: matched?.cte,
    paging: filters,
  };
}
