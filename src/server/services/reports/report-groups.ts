import { count, sql } from 'drizzle-orm';
import { sampleStatuses } from '../../../shared/workflow/sample-workflow.ts';
import type { Executor } from '../../db/client.ts';
import { sampleEntry } from '../../db/schema.ts';
import { whereOf, type ReportFilters, type ReportKind } from './report-rows.ts';

// The summary of a report, grouped by the database: samples per source × status (by source), or
// per status with the median days the samples have been in it (by status).

/** Samples of one status within a source's line (by-source report). */
type StatusCount = { status: string; samples: number };

/**
 * One line of a report's summary: a source (with its samples per status) or a status (with the
 * median days its samples have been in it).
 */
export type ReportGroup = {
  key: string | null;
  samples: number;
  initialWeight: number;
  sentWeight: number;
  byStatus?: StatusCount[];
  medianDays?: number | null;
};

export const workflowOrder = (status: string | null) =>
  sampleStatuses.indexOf(status as (typeof sampleStatuses)[number]);

/**
 * The summary's lines, grouped by the database: per source and status (by source), or per status
 * with its median days (by status). `asOf` is the report's moment, from which the days are counted.
 */
export async function reportGroups(
  db: Executor,
  kind: ReportKind,
  filters: ReportFilters,
  asOf = new Date(),
): Promise<ReportGroup[]> {
  const rows = await reportGroupsQuery(db, kind, filters, asOf);
  if (kind === 'status') {
    return rows
      .map((r) => ({
        key: r.status,
        samples: r.samples,
        initialWeight: Number(r.initialWeight),
        sentWeight: Number(r.sentWeight),
        medianDays: r.medianDays == null ? null : Math.round(Number(r.medianDays) * 10) / 10,
      }))
      .sort((a, b) => workflowOrder(a.key) - workflowOrder(b.key));
  }
  const bySource = new Map<string | null, ReportGroup & { byStatus: StatusCount[] }>();
  for (const r of rows) {
    const group = bySource.get(r.source) ?? {
      key: r.source,
      samples: 0,
      initialWeight: 0,
      sentWeight: 0,
      byStatus: [],
    };
    group.samples += r.samples;
    group.initialWeight += Number(r.initialWeight);
    group.sentWeight += Number(r.sentWeight);
    group.byStatus.push({ status: r.status, samples: r.samples });
    bySource.set(r.source, group);
  }
  const groups = [...bySource.values()];
  for (const group of groups) group.byStatus.sort((a, b) => workflowOrder(a.status) - workflowOrder(b.status));
  return groups.sort((a, b) => b.samples - a.samples || String(a.key ?? '').localeCompare(String(b.key ?? '')));
}

/**
 * With a received-date range, sample_entry_received narrows the rows before they are grouped.
 * Days in a status are counted from sample_entry.status_changed_at: the moment the sample last
 * entered the status it is in, which the database keeps on every status change (and took from the
 * chain of custody's latest transition into that status for older samples, after-migrate.sql).
 * Only the samples now in a status count for it: a sample that has left a status is counted under
 * the status it is in now, as in the counts beside it. The median is taken of the intervals and
 * turned into days once per status: extract(epoch …) per sample is numeric arithmetic, which made
 * the query about twice as slow.
 */
export function reportGroupsQuery(db: Executor, kind: ReportKind, filters: ReportFilters, asOf = new Date()) {
  const bySource = kind === 'source';
  return db
    .select({
      source: bySource ? sampleEntry.source : sql<string | null>`null::text`,
      status: sampleEntry.status,
      samples: count(),
      initialWeight: sql<number>`coalesce(sum(${sampleEntry.initialWeight}), 0)::float8`,
      sentWeight: sql<number>`coalesce(sum(${sampleEntry.sentWeight}), 0)::float8`,
      medianDays: bySource
        ? sql<number | null>`null::float8`
        : sql<
            number | null
          >`(extract(epoch FROM percentile_cont(0.5) WITHIN GROUP (ORDER BY ${asOf.toISOString()}::timestamptz - ${sampleEntry.statusChangedAt})) / 86400)::float8`,
    })
    .from(sampleEntry)
    .where(whereOf(filters))
    .groupBy(...(bySource ? [sampleEntry.source, sampleEntry.status] : [sampleEntry.status]));
}

export function totalOf(groups: ReportGroup[]) {
  return groups.reduce(
    (total, g) => ({
      samples: total.samples + g.samples,
      initialWeight: total.initialWeight + g.initialWeight,
      sentWeight: total.sentWeight + g.sentWeight,
    }),
    { samples: 0, initialWeight: 0, sentWeight: 0 },
  );
}
