import type { Executor } from '../../db/client.ts';
import { reportGroups, totalOf } from './report-groups.ts';
import { nextRows, type ReportFilters, type ReportKind } from './report-rows.ts';

// The two sample-entry reports: by source and by status, as XLSX (report-xlsx.ts)
// or CSV (report-csv.ts) files streamed a batch at a time, or as JSON for the screens' preview.

const PREVIEW_ROWS = 100;

/** The figures and the first rows, for the report screens' preview table and chart. */
export async function reportPreview(db: Executor, kind: ReportKind, filters: ReportFilters) {
  const groups = await reportGroups(db, kind, filters);
  const { rows } = await nextRows(db, filters, null, PREVIEW_ROWS);
  return {
    groups,
    total: totalOf(groups),
    rows: rows.map((r) => ({ ...r, receivedDate: r.receivedDate?.toISOString() ?? null })),
  };
}
