import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { reportGroupsQuery } from '../../../src/server/services/reports/report-groups.ts';
import { rowBatch } from '../../../src/server/services/reports/report-rows.ts';
import { monthlyChartQuery, summaryQueries, turnaroundQuery } from '../../../src/server/services/reports/statistics.ts';
import { useTestApp } from '../support/test-app.ts';

// The dashboard's and the reports' queries read the period through their indexes, not by scanning
// the tables: EXPLAIN on a laboratory's worth of rows, on PGlite and on PostgreSQL (TEST_DB=postgres).

const t = useTestApp();
const ROWS = 20_000;

async function plan(query: SQL | SQLWrapper): Promise<string> {
  const result = (await t.database.db.execute(sql`EXPLAIN ${query}`)) as unknown as
    { rows: Record<string, string>[] } | Record<string, string>[];
  const rows = Array.isArray(result) ? result : result.rows;
  return rows.map((r) => Object.values(r)[0]).join('\n');
}

/** Two years of history: bookings, samples, their custody, analyses and third-lab entries. */
async function seedHistory() {
  const db = t.database.db;
  await db.execute(sql`
    INSERT INTO booking (booking_number, applicant_contact_person, applicant_company, telephone, email, address,
      city_state_country, sample_prepared_date, status, rush_service, created_at)
    SELECT 'BK-' || i, 'Lan', 'Acme', '0901', 'lan' || i || '@acme.test', '1 Road', 'HCMC', '2025-01-01',
      (ARRAY['UnConfirmed', 'Confirmed', 'Cancelled'])[1 + i % 3], i % 50 = 0,
      timestamptz '2025-01-01' + (i * interval '1 hour')
    FROM generate_series(1, ${ROWS}) AS i`);
  await db.execute(sql`
    INSERT INTO sample_entry (idfl_number, booking_id, status, source, received_by, received_date,
      final_result_confirmed_at, status_changed_at, initial_weight)
    SELECT 'IDFL-' || i, 1 + i % ${ROWS},
      -- As in a laboratory: the history is completed, only the latest samples are still open.
      CASE WHEN i > ${ROWS - 700}
        THEN (ARRAY['New', 'CsConfirmed', 'SentToTester', 'TesterConfirmed', 'SentToThirdLab', 'ThirdLabConfirmed',
          'ResultReturned'])[1 + i % 7]
        ELSE (ARRAY['ResultConfirmed', 'Completed'])[1 + i % 2] END,
      (ARRAY['Client', 'Retailer', 'Factory'])[1 + i % 3], 'Lan Nguyen',
      timestamptz '2025-01-01' + (i * interval '1 hour'),
      CASE WHEN i % 9 >= 7 THEN timestamptz '2025-01-05' + (i * interval '1 hour') END,
      timestamptz '2025-01-01' + (i * interval '1 hour'), 1.0
    FROM generate_series(1, ${ROWS}) AS i`);
  await db.execute(sql`
    INSERT INTO audit_record (entity_type, entity_id, action, to_status, at, prev_hash, hash)
    SELECT 'sample_entry', (1 + i % ${ROWS})::text, 'seed',
      (ARRAY['CsConfirmed', 'SentToTester', 'TesterConfirmed', 'SentToThirdLab', 'ThirdLabConfirmed',
        'ResultReturned', 'ResultConfirmed'])[1 + i % 7],
      timestamptz '2025-01-01' + (i * interval '10 minutes'), 'x', 'x'
    FROM generate_series(1, ${ROWS * 5}) AS i`);
  await db.execute(sql`
    INSERT INTO analysis (input, classify, prediction, analysis_date)
    SELECT '{}'::jsonb, (ARRAY['Pending', 'Unsatisfied', 'Neutral', 'Satisfied'])[1 + i % 4], 'VN',
      timestamptz '2025-01-01' + (i * interval '1 hour')
    FROM generate_series(1, ${ROWS}) AS i`);
  await db.execute(sql`
    INSERT INTO third_lab_entry (sample_entry_id, sent_date, result_returned_date)
    SELECT 1 + i % ${ROWS}, timestamptz '2025-01-01' + (i * interval '1 hour'),
      timestamptz '2025-01-03' + (i * interval '1 hour')
    FROM generate_series(1, ${ROWS}) AS i`);
  await db.execute(sql`ANALYZE`);
}

const week = { from: new Date('2026-01-05T00:00:00Z'), to: new Date('2026-01-12T00:00:00Z') };

describe('[STATISTICS] indexes', () => {
  it('reads each figure and report of a period through its index', { timeout: 120_000 }, async () => {
    await seedHistory();
    const queries = summaryQueries({ period: week, waitingSince: new Date('2025-01-10T00:00:00Z') });
    expect(await plan(queries.bookings)).toContain('booking_created');
    expect(await plan(queries.received)).toContain('sample_entry_received');
    expect(await plan(queries.completed)).toContain('sample_entry_final_result');
    expect(await plan(queries.waiting)).toContain('sample_entry_open_since');
    expect(await plan(queries.openStages)).toContain('sample_entry_open_since');
    expect(await plan(queries.rush)).not.toMatch(/Seq Scan on sample_entry/);
    expect(await plan(queries.analyses)).toContain('analysis_date');
    expect(await plan(queries.thirdLab)).toContain('third_lab_entry_returned');
    expect(await plan(monthlyChartQuery({ year: 2026, month: 1, timeZone: 'Asia/Ho_Chi_Minh' }))).toContain(
      'booking_created',
    );
    const turnaround = await plan(turnaroundQuery(week));
    expect(turnaround).toContain('audit_record_transition');
    expect(turnaround).toContain('audit_record_entity_status');
    expect(turnaround).not.toMatch(/Seq Scan on audit_record/);

    // A report's period, through the received-date index.
    const filters = { receivedFromDate: '2026-01-05', receivedToDate: '2026-01-11', timeZone: 'Asia/Ho_Chi_Minh' };
    expect(await plan(reportGroupsQuery(t.database.db, 'source', filters))).toContain('sample_entry_received');
    const first = await plan(rowBatch(t.database.db, filters, null, 1_000));
    expect(first).toContain('sample_entry_received');
    const cursor = { phase: 'received' as const, date: new Date('2026-01-07T00:00:00Z'), id: 9_000 };
    const later = await plan(rowBatch(t.database.db, filters, cursor, 1_000));
    // The keyset continues inside the period's range of the received-date index.
    expect(later).toContain('sample_entry_received');
    expect(later).not.toMatch(/Seq Scan on sample_entry|sample_entry_pkey/);
  });
});
