// A laboratory after a few years' work, loaded through SQL in seconds: `entries` sample entries
// across every stage (most of the history completed, the latest still open), one booking for every
// five entries with its sample types, a third-lab entry for every sample that reached the third
// lab, received dates spread over two years.
import { sql } from 'drizzle-orm';
import type { Database, Tx } from '../../src/server/db/client.ts';
import { statusesBetween } from '../../src/shared/workflow/sample-workflow.ts';
import { openSampleStatuses } from '../../src/shared/statistics.ts';

/** Statuses of the open tail, one of each in turn; the history before it is completed. */
const OPEN = openSampleStatuses;
const THIRD_LAB_AND_AFTER = statusesBetween('SentToThirdLab', 'Completed');

/** The IDFL number of the n-th entry (1-based), as the loader writes it. */
export const idflNumberOf = (n: number) => `IDFL-${String(n).padStart(7, '0')}`;
/** The booking number of the n-th booking (1-based). */
export const bookingNumberOf = (n: number) => `BK-${String(n).padStart(7, '0')}`;
const COMPANIES = ['Acme Foods', 'Mekong Rice', 'Saigon Coffee', 'Delta Fruit'];
const COMPANY_NUMBERS = 997;
/** The applicant company of the n-th booking, as the loader writes it (a few thousand distinct names). */
export const applicantCompanyOf = (n: number) => `${COMPANIES[n % COMPANIES.length]} ${n % COMPANY_NUMBERS}`;

export async function loadLaboratory(database: Database, entries: number): Promise<void> {
  const db = database.db;
  const bookings = Math.max(1, Math.floor(entries / 5));
  const openTail = Math.max(70, Math.floor(entries / 20));
  const twoYears = 2 * 365 * 24 * 3600;
  // One transaction without the server's statement timeout: loading is not a request.
  await db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL statement_timeout = 0`);
    await load(tx, entries, bookings, openTail, twoYears);
  });
  // What autovacuum does on a live server: statistics for the planner, a visibility map for index-only scans.
  await db.execute(sql`VACUUM ANALYZE`);
}

async function load(db: Tx, entries: number, bookings: number, openTail: number, twoYears: number) {
  const openList = sql.raw(`ARRAY[${OPEN.map((s) => `'${s}'`).join(', ')}]`);
  await db.execute(sql`
    INSERT INTO booking (booking_number, applicant_contact_person, applicant_company, telephone, email, address,
      city_state_country, sample_prepared_date, status, rush_service, created_at, updated_at)
    SELECT 'BK-' || lpad(i::text, 7, '0'),
      (ARRAY['Lan Nguyen', 'Minh Tran', 'Hoa Le', 'Quang Pham', 'Thu Vo'])[1 + i % 5] || ' ' || i,
      (${sql.raw(`ARRAY[${COMPANIES.map((name) => `'${name}'`).join(', ')}]`)})[1 + i % ${COMPANIES.length}] || ' ' || (i % ${COMPANY_NUMBERS}),
      '0901' || lpad(i::text, 6, '0'), 'client' || i || '@lab.test', '1 Road', 'HCMC, Vietnam', '2025-01-01',
      (ARRAY['UnConfirmed', 'Confirmed', 'Confirmed', 'Cancelled'])[1 + i % 4], i % 50 = 0,
      timestamptz '2024-11-24' + make_interval(secs => ${twoYears}::float8 * i / ${bookings}),
      timestamptz '2024-11-24' + make_interval(secs => ${twoYears}::float8 * i / ${bookings})
    FROM generate_series(1, ${bookings}) AS i`);
  await db.execute(sql`
    INSERT INTO booking_sample_type (booking_id, position, type, composition, expected_origins)
    SELECT b, p, (ARRAY['Rice', 'Coffee', 'Pepper', 'Cashew'])[1 + (b + p) % 4], 'Whole grain', '[{"origin": "VN"}]'
    FROM generate_series(1, ${bookings}) AS b, generate_series(1, 2) AS p`);
  await db.execute(sql`
    INSERT INTO sample_entry (idfl_number, booking_id, sample_code, sample_type, source, local_code, bn_code,
      package_code, status, received_by, received_date, sent_date, initial_weight, created_at, updated_at)
    SELECT 'IDFL-' || lpad(i::text, 7, '0'), 1 + (i - 1) / 5, 'SC-' || i,
      (ARRAY['Rice', 'Coffee', 'Pepper', 'Cashew'])[1 + i % 4], (ARRAY['Client', 'Retailer', 'Factory'])[1 + i % 3],
      'L' || i, 'BN' || (i * 7919 % 1000003), 'PK-' || (i / 40),
      CASE WHEN i > ${entries - openTail} THEN (${openList})[1 + i % 7]
        ELSE (ARRAY['ResultConfirmed', 'Completed'])[1 + i % 2] END,
      'Lan Nguyen',
      timestamptz '2024-11-24' + make_interval(secs => ${twoYears}::float8 * i / ${entries}),
      timestamptz '2024-11-26' + make_interval(secs => ${twoYears}::float8 * i / ${entries}),
      1.0,
      timestamptz '2024-11-24' + make_interval(secs => ${twoYears}::float8 * i / ${entries}),
      timestamptz '2024-11-24' + make_interval(secs => ${twoYears}::float8 * i / ${entries} + 3600)
    FROM generate_series(1, ${entries}) AS i`);
  const thirdLab = sql.raw(`(${THIRD_LAB_AND_AFTER.map((s) => `'${s}'`).join(', ')})`);
  await db.execute(sql`
    INSERT INTO third_lab_entry (sample_entry_id, sent_date, received_date, result_returned_date, created_at, updated_at)
    SELECT id, sent_date, sent_date + interval '1 day',
      CASE WHEN status IN ('ResultReturned', 'ResultConfirmed', 'Completed') THEN sent_date + interval '5 days' END,
      sent_date, sent_date
    FROM sample_entry WHERE status IN ${thirdLab}`);
  await db.execute(sql`SELECT setval(pg_get_serial_sequence('booking', 'id'), (SELECT max(id) FROM booking))`);
}
