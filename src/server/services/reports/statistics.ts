import { sql, type SQL } from 'drizzle-orm';
import {
  analysisClassifications,
  bookingStatuses,
  openSampleStatuses,
  turnaroundStages,
} from '../../../shared/statistics.ts';
import { sampleStatuses } from '../../../shared/workflow/sample-workflow.ts';
import type { Executor } from '../../db/client.ts';
import { SAMPLE_ENTITY } from '../samples/sample-transitions.ts';
import { DAY_MS } from '../../../shared/dates.ts';

// The dashboard's figures. Every count, bucket and percentile is computed by the
// database: the queries read only the rows of the period through the indexes named beside them, so
// the answer stays quick with a laboratory's whole history in the tables.

export type Period = { from: Date; to: Date };

/** Rows of a raw query, whichever driver (node-postgres or PGlite) ran it. */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] } | T[];
  return Array.isArray(result) ? result : result.rows;
}

const isoOf = (value: Date | string | null): string | null => (value == null ? null : new Date(value).toISOString());
const roundHours = (value: number | string | null) => (value == null ? null : Math.round(Number(value) * 100) / 100);
const closedList = sql.raw(
  sampleStatuses
    .filter((status) => !(openSampleStatuses as readonly string[]).includes(status))
    .map((status) => `'${status}'`)
    .join(', '),
);
// Written out, not bound, so the planner can match the partial index sample_entry_open_since.
const openList = sql.raw(openSampleStatuses.map((status) => `'${status}'`).join(', '));

type SampleNeedingAttention = {
  id: number;
  idflNumber: string;
  status: string;
  statusChangedAt: string | null;
  bookingNumber: string | null;
  rush: boolean;
};

async function samplesNeedingAttention(db: Executor, where: SQL, order: SQL): Promise<SampleNeedingAttention[]> {
  const rows = await rowsOf<{
    id: number;
    idfl_number: string;
    status: string;
    status_changed_at: Date | string | null;
    booking_number: string | null;
    rush: boolean;
  }>(
    db,
    sql`SELECT s.id, s.idfl_number, s.status, s.status_changed_at, b.booking_number,
          coalesce(b.rush_service, false) AS rush
        FROM sample_entry s LEFT JOIN booking b ON b.id = s.booking_id
        WHERE s.status IN (${openList}) AND ${where}
        ORDER BY ${order} LIMIT 10`,
  );
  return rows.map((r) => ({
    id: r.id,
    idflNumber: r.idfl_number,
    status: r.status,
    statusChangedAt: isoOf(r.status_changed_at),
    bookingNumber: r.booking_number,
    rush: r.rush,
  }));
}

/**
 * The summary's queries by name, each with the index it reads (the EXPLAIN test checks them on
 * PostgreSQL): bookings created, samples received and completed, analyses and third-lab returns in
 * the period; samples per stage, waiting and rushed now.
 */
export function summaryQueries({ period, waitingSince }: { period: Period; waitingSince: Date }) {
  const { from, to } = period;
  return {
    // booking_created
    bookings: sql`SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status = 'UnConfirmed')::int AS "UnConfirmed",
            count(*) FILTER (WHERE status = 'Confirmed')::int AS "Confirmed",
            count(*) FILTER (WHERE status = 'Cancelled')::int AS "Cancelled",
            count(*) FILTER (WHERE rush_service)::int AS rush
          FROM booking WHERE created_at >= ${from} AND created_at < ${to}`,
    // sample_entry_open_since for the open stages; the closed ones count through sample_entry_status_changed
    openStages: sql`SELECT status, count(*)::int AS count FROM sample_entry WHERE status IN (${openList}) GROUP BY status`,
    closedStages: sql`SELECT status, count(*)::int AS count FROM sample_entry
          WHERE status IN (${closedList}) GROUP BY status`,
    // sample_entry_received
    received: sql`SELECT count(*)::int AS count FROM sample_entry WHERE received_date >= ${from} AND received_date < ${to}`,
    // sample_entry_final_result
    completed: sql`SELECT count(*)::int AS count FROM sample_entry
          WHERE final_result_confirmed_at >= ${from} AND final_result_confirmed_at < ${to}`,
    // sample_entry_open_since
    waiting: sql`SELECT count(*)::int AS count FROM sample_entry
          WHERE status IN (${openList}) AND status_changed_at < ${waitingSince}`,
    // the open samples (sample_entry_open_since), then their bookings
    rush: sql`SELECT count(*)::int AS count FROM sample_entry s JOIN booking b ON b.id = s.booking_id
          WHERE b.rush_service AND s.status IN (${openList})`,
    // analysis_date
    analyses: sql`SELECT classify, count(*)::int AS count FROM analysis
          WHERE analysis_date >= ${from} AND analysis_date < ${to} GROUP BY classify`,
    // third_lab_entry_returned
    thirdLab: sql`SELECT count(*)::int AS count,
            percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM result_returned_date - sent_date) / 3600) AS median,
            percentile_cont(0.9) WITHIN GROUP (ORDER BY extract(epoch FROM result_returned_date - sent_date) / 3600) AS p90
          FROM third_lab_entry
          WHERE result_returned_date >= ${from} AND result_returned_date < ${to} AND sent_date IS NOT NULL`,
  };
}

/**
 * The statistic summary of a period: bookings created and samples received or completed in it,
 * analyses made in it, the third lab's turnaround of results returned in it; and, as of now, the
 * samples in each stage, the rush ones and those waiting longer than `waitingDays` in their stage.
 */
export async function statisticSummary(
  db: Executor,
  { period, waitingDays, now = new Date() }: { period: Period; waitingDays: number; now?: Date },
) {
  const { from, to } = period;
  const waitingSince = new Date(now.getTime() - waitingDays * DAY_MS);
  const q = summaryQueries({ period, waitingSince });
  const [
    bookingRows,
    openStageRows,
    closedStageRows,
    receivedRows,
    completedRows,
    waitingRows,
    rushRows,
    analysisRows,
    thirdLabRows,
  ] = await Promise.all([
    rowsOf<Record<string, number>>(db, q.bookings),
    rowsOf<{ status: string; count: number }>(db, q.openStages),
    rowsOf<{ status: string; count: number }>(db, q.closedStages),
    rowsOf<{ count: number }>(db, q.received),
    rowsOf<{ count: number }>(db, q.completed),
    rowsOf<{ count: number }>(db, q.waiting),
    rowsOf<{ count: number }>(db, q.rush),
    rowsOf<{ classify: string; count: number }>(db, q.analyses),
    rowsOf<{ count: number; median: number | null; p90: number | null }>(db, q.thirdLab),
  ]);
  const [longWaiting, rushSamples] = await Promise.all([
    samplesNeedingAttention(db, sql`s.status_changed_at < ${waitingSince}`, sql`s.status_changed_at ASC, s.id ASC`),
    samplesNeedingAttention(db, sql`b.rush_service`, sql`s.status_changed_at ASC, s.id ASC`),
  ]);

  const bookings = bookingRows[0]!;
  const byStage = Object.fromEntries(sampleStatuses.map((s) => [s, 0])) as Record<string, number>;
  for (const row of [...openStageRows, ...closedStageRows]) byStage[row.status] = row.count;
  const byClassify = Object.fromEntries(analysisClassifications.map((c) => [c, 0])) as Record<string, number>;
  for (const row of analysisRows) byClassify[row.classify] = row.count;
  const thirdLab = thirdLabRows[0]!;
  return {
    fromDate: from.toISOString(),
    toDate: to.toISOString(),
    waitingDays,
    bookings: {
      total: bookings.total!,
      byStatus: Object.fromEntries(bookingStatuses.map((s) => [s, bookings[s] ?? 0])) as Record<string, number>,
      rush: bookings.rush!,
    },
    samples: {
      byStage,
      open: openSampleStatuses.reduce((sum, s) => sum + (byStage[s] ?? 0), 0),
      received: receivedRows[0]!.count,
      completed: completedRows[0]!.count,
      overdue: waitingRows[0]!.count,
      rush: rushRows[0]!.count,
      longWaiting,
      rushSamples,
    },
    analyses: {
      total: analysisRows.reduce((sum, r) => sum + r.count, 0),
      byClassify,
    },
    thirdLabTurnaround: {
      returned: thirdLab.count,
      medianHours: roundHours(thirdLab.median),
      p90Hours: roundHours(thirdLab.p90),
    },
  };
}

/**
 * Bookings per day of a month (or per month of a year) by status. The buckets are the laboratory's
 * local days, generated by the database so that empty days are present as zeros.
 */
export async function bookingMonthlyStatusChart(
  db: Executor,
  { year, month, timeZone }: { year: number; month?: number; timeZone: string },
) {
  const rows = await rowsOf<{ bucket: string; total: number } & Record<string, number>>(
    db,
    monthlyChartQuery({ year, month, timeZone }),
  );
  return {
    year,
    month: month ?? null,
    timeZone,
    bucket: month ? ('day' as const) : ('month' as const),
    labels: rows.map((r) => (month ? r.bucket : r.bucket.slice(0, 7))),
    totals: rows.map((r) => r.total),
    series: bookingStatuses.map((status) => ({ status, counts: rows.map((r) => r[status] ?? 0) })),
  };
}

/** booking_created: one index range per generated bucket. */
export function monthlyChartQuery({ year, month, timeZone }: { year: number; month?: number; timeZone: string }) {
  const start = month ? `${year}-${String(month).padStart(2, '0')}-01` : `${year}-01-01`;
  const unit = month ? sql.raw(`'1 month'`) : sql.raw(`'1 year'`);
  const step = month ? sql.raw(`'1 day'`) : sql.raw(`'1 month'`);
  return sql`SELECT to_char(g.bucket, 'YYYY-MM-DD') AS bucket,
          count(b.id)::int AS total,
          count(b.id) FILTER (WHERE b.status = 'UnConfirmed')::int AS "UnConfirmed",
          count(b.id) FILTER (WHERE b.status = 'Confirmed')::int AS "Confirmed",
          count(b.id) FILTER (WHERE b.status = 'Cancelled')::int AS "Cancelled"
        FROM generate_series(${start}::timestamp, ${start}::timestamp + interval ${unit} - interval ${step},
          interval ${step}) AS g(bucket)
        LEFT JOIN booking b ON b.created_at >= (g.bucket AT TIME ZONE ${timeZone})
          AND b.created_at < ((g.bucket + interval ${step}) AT TIME ZONE ${timeZone})
        GROUP BY g.bucket ORDER BY g.bucket`;
}

/**
 * Median and 90th percentile of the time each stage took, and of the whole path, from the chain
 * of custody: a stage ends when the sample first entered its end status within the period, and
 * began at the sample's latest entry into its start status before that (an undo restarts a stage).
 */
export async function turnaround(db: Executor, { period }: { period: Period }) {
  const rows = await rowsOf<{ stage: string; count: number; median: number | null; p90: number | null }>(
    db,
    turnaroundQuery(period),
  );
  return {
    fromDate: period.from.toISOString(),
    toDate: period.to.toISOString(),
    stages: rows.map((r) => ({
      stage: r.stage,
      samples: r.count,
      medianHours: roundHours(r.median),
      p90Hours: roundHours(r.p90),
    })),
  };
}

/** audit_record_transition finds the period's transitions; audit_record_entity_status each sample's start. */
export function turnaroundQuery(period: Period) {
  const stageValues = sql.join(
    turnaroundStages.map((s, i) => sql`(${s.stage}, ${s.from}, ${s.to}, ${i})`),
    sql`, `,
  );
  // The end statuses written out, so that the period's transitions are found through the index.
  const endStatuses = sql.raw([...new Set(turnaroundStages.map((s) => `'${s.to}'`))].join(', '));
  return sql`WITH stage(name, from_status, to_status, position) AS (VALUES ${stageValues}),
        ended AS (
          SELECT st.name, st.from_status, a.entity_id, min(a.at) AS ended_at
          FROM audit_record a JOIN stage st ON st.to_status = a.to_status
          WHERE a.entity_type = ${SAMPLE_ENTITY} AND a.to_status IN (${endStatuses})
            AND a.at >= ${period.from} AND a.at < ${period.to}
          GROUP BY st.name, st.from_status, a.entity_id
        ),
        spans AS MATERIALIZED (
          SELECT e.name, extract(epoch FROM e.ended_at - started.at) / 3600 AS hours
          FROM ended e
          JOIN LATERAL (
            SELECT s.at FROM audit_record s
            WHERE s.entity_type = ${SAMPLE_ENTITY} AND s.entity_id = e.entity_id
              AND s.to_status = e.from_status AND s.at <= e.ended_at
            ORDER BY s.at DESC LIMIT 1
          ) started ON true
        )
        SELECT st.name AS stage, count(sp.hours)::int AS count,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY sp.hours) AS median,
          percentile_cont(0.9) WITHIN GROUP (ORDER BY sp.hours) AS p90
        FROM stage st LEFT JOIN spans sp ON sp.name = st.name
        GROUP BY st.name, st.position ORDER BY st.position`;
}

/** Analyses per week (weeks start on Monday, in the laboratory's time zone) by classify status and by predicted origin. */
export async function analysisTrends(db: Executor, { period, timeZone }: { period: Period; timeZone: string }) {
  const weeks = sql`SELECT date_trunc('week', g) AS week FROM generate_series(
      date_trunc('week', ${period.from}::timestamptz AT TIME ZONE ${timeZone}),
      ${period.to}::timestamptz AT TIME ZONE ${timeZone} - interval '1 microsecond', interval '1 week') AS g`;
  const weekOf = sql`date_trunc('week', analysis_date AT TIME ZONE ${timeZone})`;
  // analysis_date
  const [weekRows, classifyRows, predictionRows] = await Promise.all([
    rowsOf<{ week: string }>(db, sql`SELECT to_char(week, 'YYYY-MM-DD') AS week FROM (${weeks}) w ORDER BY week`),
    rowsOf<{ week: string; classify: string; count: number }>(
      db,
      sql`SELECT to_char(${weekOf}, 'YYYY-MM-DD') AS week, classify, count(*)::int AS count FROM analysis
          WHERE analysis_date >= ${period.from} AND analysis_date < ${period.to} GROUP BY 1, 2`,
    ),
    rowsOf<{ week: string; prediction: string | null; count: number }>(
      db,
      sql`SELECT to_char(${weekOf}, 'YYYY-MM-DD') AS week, nullif(trim(prediction), '') AS prediction,
            count(*)::int AS count FROM analysis
          WHERE analysis_date >= ${period.from} AND analysis_date < ${period.to} GROUP BY 1, 2`,
    ),
  ]);
  const labels = weekRows.map((r) => r.week);
  const position = new Map(labels.map((w, i) => [w, i]));
  const seriesOf = (rows: { week: string; key: string; count: number }[], keys: string[]) =>
    keys.map((key) => {
      const counts = labels.map(() => 0);
      for (const row of rows)
        if (row.key === key && position.has(row.week)) counts[position.get(row.week)!] = row.count;
      return { key, counts, total: counts.reduce((a, b) => a + b, 0) };
    });
  const predictions = [...new Set(predictionRows.map((r) => r.prediction ?? ''))];
  return {
    fromDate: period.from.toISOString(),
    toDate: period.to.toISOString(),
    timeZone,
    weeks: labels,
    byClassify: seriesOf(
      classifyRows.map((r) => ({ week: r.week, key: r.classify, count: r.count })),
      [...analysisClassifications],
    ).map(({ key, ...rest }) => ({ classify: key, ...rest })),
    byPrediction: seriesOf(
      predictionRows.map((r) => ({ week: r.week, key: r.prediction ?? '', count: r.count })),
      predictions,
    )
      .map(({ key, ...rest }) => ({ origin: key || null, ...rest }))
      .sort((a, b) => b.total - a.total),
  };
}
