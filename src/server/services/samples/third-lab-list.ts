// What the third lab reads: its worklist (the samples sent to it, each with its third-lab entry) and
// its counts. Its actions on a sample or a package are in third-lab.ts.
import { and, count, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { afterCursor, cursorKeys, listOrder, orderByKeys } from '../../db/keyset.ts';
import { containing, matchedFirst } from '../../db/queries.ts';
import { matchingRows, readListPage } from '../../db/list-page.ts';
import { booking, sampleEntry, thirdLabEntry } from '../../db/schema.ts';
import { onDayCondition, userCondition } from '../../db/filters.ts';
import { benchStatuses } from '../../../shared/workflow/benches.ts';
import { dayInTimeZone } from '../../../shared/display-date.ts';
import { startOfLabDay } from '../../lab-time.ts';
import { fileUrl } from '../files.ts';
import { bookingRush, idflFilter } from './sample-lists.ts';

export const thirdLabOrderColumns: Record<string, PgColumn> = {
  idflNumber: sampleEntry.idflNumber,
  IDFLNumber: sampleEntry.idflNumber,
  status: sampleEntry.status,
  sentDate: thirdLabEntry.sentDate,
  sentToThirdLabDate: thirdLabEntry.sentDate,
  receivedDate: thirdLabEntry.receivedDate,
  thirdLabReceivedDate: thirdLabEntry.receivedDate,
  resultReturnedDate: thirdLabEntry.resultReturnedDate,
  updatedAt: sampleEntry.updatedAt,
};

/** The third lab's list filters (http/third-lab-query.ts validates them); the status list already split. */
export type ThirdLabFilters = {
  /** The laboratory's time zone (LAB_TIME_ZONE): a date filter names its day. */
  timeZone: string;
  limit: number;
  offset: number;
  search?: string;
  orderBy?: string;
  cursor?: string;
  IDFLNumber?: string;
  sentToThirdLabDate?: string;
  sentToThirdLabBy?: string;
  thirdLabReceivedDate?: string;
  thirdLabReceivedBy?: string;
  resultReturnedDate?: string;
  testTeamConfirmedDate?: string;
  testTeamConfirmedBy?: string;
  status?: string[];
  BNCode?: string;
  updatedSince?: string;
};

/** The third lab's worklist: samples sent to it, each with its third-lab entry. */
export async function listThirdLabSamples(db: Executor, filters: ThirdLabFilters) {
  const status = filters.status?.length
    ? filters.status.filter((s) => (benchStatuses.thirdLab as readonly string[]).includes(s))
    : [...benchStatuses.thirdLab];
  if (status.length === 0)
    return { items: [], total: 0, limit: filters.limit, offset: filters.offset, nextCursor: null };
  const queries = thirdLabListQueries(db, { ...filters, status });
  const { rows, ...counted } = await readListPage(db, queries);
  return {
    items: rows.map(({ sample, thirdLab, rushService }) => ({
      ...sample,
      rushService,
      thirdLabEntry: { ...thirdLab, reportFileUrl: fileUrl(thirdLab.reportFileId) },
    })),
    ...counted,
    limit: filters.limit,
    offset: filters.offset,
  };
}

/** The worklist's page and the rows its total counts, `status` already within the third lab's (exported for tests/server/lists/list-plans). */
export function thirdLabListQueries(db: Executor, filters: ThirdLabFilters & { status: string[] }) {
  // The "contains" filters, all on the sample: with one, the matching samples are found first (an
  // IDFL number through the part that sets it apart, idflFilter), then checked whole with the rest.
  const idfl = filters.IDFLNumber ? idflFilter(filters.IDFLNumber) : undefined;
  const contains = [
    filters.BNCode ? ilike(sampleEntry.bnCode, containing(filters.BNCode)) : undefined,
    filters.search
      ? or(
          ilike(sampleEntry.idflNumber, containing(filters.search)),
          ilike(sampleEntry.bnCode, containing(filters.search)),
          ilike(sampleEntry.packageCode, containing(filters.search)),
          ilike(sampleEntry.sampleType, containing(filters.search)),
        )
      : undefined,
  ];
  const textConditions = [idfl?.whole, ...contains].filter((c) => c !== undefined);
  const indexedConditions = [idfl?.indexed, ...contains].filter((c) => c !== undefined);
  // A third-lab entry exists exactly while its sample is at the third lab or past it: made when its
  // package is sent, withdrawn when that is undone (the one way back, undoThirdLabTransaction). The
  // whole bench's statuses then need no look at the sample, and a far page skips entries alone.
  const wholeBench = benchStatuses.thirdLab.every((s) => filters.status.includes(s));
  const conditions: (SQL | undefined)[] = [
    wholeBench ? undefined : inArray(sampleEntry.status, filters.status),
    ...textConditions,
    onDayCondition(thirdLabEntry.sentDate, filters.sentToThirdLabDate, filters.timeZone),
    userCondition(thirdLabEntry.idflSentBy, filters.sentToThirdLabBy),
    onDayCondition(thirdLabEntry.receivedDate, filters.thirdLabReceivedDate, filters.timeZone),
    userCondition(thirdLabEntry.checkedInBy, filters.thirdLabReceivedBy),
    onDayCondition(thirdLabEntry.resultReturnedDate, filters.resultReturnedDate, filters.timeZone),
    onDayCondition(thirdLabEntry.testTeamConfirmedDate, filters.testTeamConfirmedDate, filters.timeZone),
    userCondition(thirdLabEntry.testTeamConfirmedBy, filters.testTeamConfirmedBy),
    filters.updatedSince ? sql`${sampleEntry.updatedAt} > ${new Date(filters.updatedSince)}` : undefined,
  ];
  const where = and(...conditions);
  // Ties broken by the sample id as the third-lab entry holds it: the order is then third_lab_entry_sent's
  // own. The entry's own id comes last, so a keyset walk (db/keyset.ts) has one row per cursor.
  const order = listOrder(filters.orderBy, thirdLabOrderColumns, [
    { column: thirdLabEntry.sentDate, direction: 'desc' },
    { column: thirdLabEntry.sampleEntryId, direction: 'desc' },
    { column: thirdLabEntry.id, direction: 'desc' },
  ]);
  const orderBy = orderByKeys(order);
  // The matches hold what the filters and the order read of a sample.
  const sampleColumns: PgColumn[] = [
    ...[sampleEntry.id, sampleEntry.status, sampleEntry.updatedAt, sampleEntry.idflNumber],
    ...[sampleEntry.bnCode, sampleEntry.packageCode, sampleEntry.sampleType],
    ...order.keys.map((k) => k.column).filter((column) => column.table === sampleEntry),
  ];
  const matched = textConditions.length
    ? matchedFirst(db, sampleEntry, and(...indexedConditions), sampleColumns)
    : undefined;
  const joined = (listTotal: SQL<number | null>) =>
    (matched ? db.with(matched.cte) : db)
      .select({
        sample: sampleEntry,
        thirdLab: thirdLabEntry,
        rushService: bookingRush,
        cursorKeys: cursorKeys(order),
        listTotal,
      })
      .from(sampleEntry)
      .innerJoin(thirdLabEntry, eq(thirdLabEntry.sampleEntryId, sampleEntry.id))
      // The page's rows alone meet their booking (by its primary key), for the rush mark.
      .leftJoin(booking, eq(booking.id, sampleEntry.bookingId));
  const sampleNeeded =
    !wholeBench ||
    textConditions.length > 0 ||
    Boolean(filters.updatedSince) ||
    order.keys.some(({ column }) => column.table === sampleEntry);
  /** The entries the filters keep, joined to their samples only when a filter or the order reads one. */
  const entries = <T extends SelectedFields>(columns: T) =>
    sampleNeeded
      ? db
          .select(columns)
          .from(matched ? matched.rows : sampleEntry)
          .innerJoin(thirdLabEntry, eq(thirdLabEntry.sampleEntryId, sampleEntry.id))
      : db.select(columns).from(thirdLabEntry);
  // The page's third-lab entries first, then their rows: a far page skips ids, not wide rows.
  const pageIds = entries({ id: thirdLabEntry.id })
    .where(and(where, afterCursor(order, filters.cursor)))
    .orderBy(...orderBy)
    .limit(filters.limit)
    .offset(filters.offset);
  return {
    order,
    page: (listTotal: SQL<number | null>) =>
      joined(listTotal)
        .where(inArray(thirdLabEntry.id, pageIds))
        .orderBy(...orderBy),
    matching: matchingRows(entries, where),
    matched: matched?.cte,
    paging: filters,
  };
}

/**
 * Counts per status of the third lab's samples, and what it received and returned this month: the
 * laboratory's month (LAB_TIME_ZONE), so work at 04:00 on the 1st there counts in the new month.
 */
export async function thirdLabStatisticSummary(
  db: Executor,
  { timeZone, now = new Date() }: { timeZone: string; now?: Date },
) {
  const month = dayInTimeZone(now, timeZone).slice(0, 7);
  const [year, monthNumber] = month.split('-').map(Number) as [number, number];
  const following = new Date(Date.UTC(year, monthNumber, 1)).toISOString().slice(0, 7);
  const monthStart = startOfLabDay(`${month}-01`, timeZone);
  const nextMonth = startOfLabDay(`${following}-01`, timeZone);
  const [perStatus, [counted]] = await Promise.all([
    db
      .select({ status: sampleEntry.status, count: count() })
      .from(sampleEntry)
      .where(inArray(sampleEntry.status, [...benchStatuses.thirdLab]))
      .groupBy(sampleEntry.status),
    db
      .select({
        receivedThisMonth: sql<number>`count(*) FILTER (WHERE ${and(gte(thirdLabEntry.receivedDate, monthStart), lt(thirdLabEntry.receivedDate, nextMonth))})::int`,
        returnedThisMonth: sql<number>`count(*) FILTER (WHERE ${and(gte(thirdLabEntry.resultReturnedDate, monthStart), lt(thirdLabEntry.resultReturnedDate, nextMonth))})::int`,
      })
      .from(thirdLabEntry),
  ]);
  const byStatus = Object.fromEntries(benchStatuses.thirdLab.map((s) => [s, 0])) as Record<string, number>;
  for (const row of perStatus) byStatus[row.status] = row.count;
  return {
    byStatus,
    total: Object.values(byStatus).reduce((a, b) => a + b, 0),
    receivedThisMonth: counted?.receivedThisMonth ?? 0,
    returnedThisMonth: counted?.returnedThisMonth ?? 0,
    month,
  };
}
