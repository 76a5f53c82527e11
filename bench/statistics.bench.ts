// The dashboard's statistic summary and the two reports at a laboratory's scale (100,000 sample
// entries, 20,000 bookings, their chain of custody), each against a bare indexed count(*) over the
// same rows in the same run: on PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set.
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { createApp } from '../src/server/app.ts';
import { loadSigningKey } from '../src/server/auth/tokens.ts';
import { openDatabase, type Database } from '../src/server/db/client.ts';
import { parseEnv } from '../src/server/env.ts';
import { createLogger } from '../src/server/logger.ts';
import { createMailer } from '../src/server/services/messaging/outbound-mail.ts';
import { reportRows } from '../src/server/services/reports/report-rows.ts';
import { seedDatabase } from '../src/server/seed.ts';
import type { BenchRow } from './run.ts';

const SAMPLES = 100_000;
const BOOKINGS = 20_000;
const TRANSITIONS_PER_SAMPLE = 4;
// One sample every 10 minutes: 100,000 samples span about two years, ending now.
const STEP_MINUTES = 10;
const OPEN_SAMPLES = (30 * 24 * 60) / STEP_MINUTES;

async function timePerCall(calls: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < 3; i++) await fn(); // warm up: plans and caches
  const started = performance.now();
  for (let i = 0; i < calls; i++) await fn();
  return (performance.now() - started) / calls;
}

async function fillLaboratory(database: Database) {
  const db = database.db;
  const start = new Date(Date.now() - SAMPLES * STEP_MINUTES * 60_000).toISOString();
  await db.execute(sql`
    INSERT INTO booking (booking_number, applicant_contact_person, applicant_company, telephone, email, address,
      city_state_country, sample_prepared_date, status, rush_service, created_at)
    SELECT 'BENCH-' || i, 'Lan', 'Acme', '0901', 'lan@acme.test', '1 Road', 'HCMC', '2025-01-01',
      (ARRAY['UnConfirmed', 'Confirmed', 'Cancelled'])[1 + i % 3], i % 40 = 0,
      ${start}::timestamptz + (i * ${SAMPLES / BOOKINGS} * interval '${sql.raw(String(STEP_MINUTES))} minutes')
    FROM generate_series(1, ${BOOKINGS}) AS i`);
  await db.execute(sql`
    INSERT INTO sample_entry (idfl_number, booking_id, status, source, received_by, received_date,
      final_result_confirmed_at, status_changed_at, initial_weight, sent_weight, remaining_weight, sample_code)
    SELECT 'IDFL-B-' || i, 1 + i % ${BOOKINGS},
      -- As in a laboratory: the history is completed; the samples of the last 30 days are at every stage.
      CASE WHEN i > ${SAMPLES - OPEN_SAMPLES}
        THEN (ARRAY['New', 'CsConfirmed', 'SentToTester', 'TesterConfirmed', 'SentToThirdLab', 'ThirdLabConfirmed',
          'ResultReturned', 'ResultConfirmed', 'Completed'])[1 + i % 9]
        ELSE (ARRAY['ResultConfirmed', 'Completed'])[1 + i % 2] END,
      (ARRAY['Client', 'Retailer', 'Factory', 'Mill'])[1 + i % 4], 'Lan Nguyen',
      ${start}::timestamptz + (i * interval '${sql.raw(String(STEP_MINUTES))} minutes'),
      CASE WHEN i % 9 >= 7 THEN ${start}::timestamptz + (i * interval '${sql.raw(String(STEP_MINUTES))} minutes') + interval '9 days' END,
      ${start}::timestamptz + (i * interval '${sql.raw(String(STEP_MINUTES))} minutes') + interval '2 days',
      100, 20, 80, 'SC-' || i
    FROM generate_series(1, ${SAMPLES}) AS i`);
  await db.execute(sql`
    INSERT INTO audit_record (entity_type, entity_id, action, to_status, at, prev_hash, hash)
    SELECT 'sample_entry', s::text, 'bench',
      (ARRAY['CsConfirmed', 'SentToTester', 'TesterConfirmed', 'SentToThirdLab'])[1 + k],
      ${start}::timestamptz + (s * interval '${sql.raw(String(STEP_MINUTES))} minutes') + (k * interval '7 hours'), 'x', 'x'
    FROM generate_series(1, ${SAMPLES}) AS s, generate_series(0, ${TRANSITIONS_PER_SAMPLE - 1}) AS k`);
  await db.execute(sql`
    INSERT INTO analysis (input, classify, prediction, analysis_date)
    SELECT '{}'::jsonb, (ARRAY['Pending', 'Unsatisfied', 'Neutral', 'Satisfied'])[1 + i % 4],
      (ARRAY['Viet Nam', 'China', 'India'])[1 + i % 3],
      ${start}::timestamptz + (i * 5 * interval '${sql.raw(String(STEP_MINUTES))} minutes')
    FROM generate_series(1, ${SAMPLES / 5}) AS i`);
  await db.execute(sql`
    INSERT INTO third_lab_entry (sample_entry_id, sent_date, result_returned_date)
    SELECT i, ${start}::timestamptz + (i * interval '${sql.raw(String(STEP_MINUTES))} minutes'),
      ${start}::timestamptz + (i * interval '${sql.raw(String(STEP_MINUTES))} minutes') + interval '3 days'
    FROM generate_series(1, ${SAMPLES}, 2) AS i`);
  // As autovacuum would have by now: statistics, and the visibility map index-only scans rely on.
  await db.execute(sql`VACUUM ANALYZE`);
}

async function benchOne(label: string, database: Database): Promise<BenchRow[]> {
  const env = parseEnv({ LOG_LEVEL: 'silent', ADMIN_PASSWORD: 'bench-password-1', STATIC_DIR: '' });
  await database.migrate();
  await seedDatabase(database.db, env);
  await fillLaboratory(database);
  const logger = createLogger(env);
  const app = createApp({
    env,
    logger,
    database,
    mailer: createMailer(env, logger),
    signingKey: await loadSigningKey(database.db, env),
  });
  const signIn = await app.request('/api/auth', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin', password: 'bench-password-1' }),
  });
  const token = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
  const auth = { headers: { authorization: `Bearer ${token}` } };
  const read = async (path: string) => {
    const res = await app.request(path, auth);
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };

  // The period a manager looks at: the last 30 days (about 4,300 sample entries).
  const to = new Date();
  const from = new Date(to.getTime() - 30 * 86_400_000);
  const period = `fromDate=${from.toISOString()}&toDate=${to.toISOString()}`;
  const received = `receivedFromDate=${from.toISOString()}&receivedToDate=${to.toISOString()}`;
  const bareCount = await timePerCall(20, () =>
    database.db.execute(
      sql`SELECT count(*) FROM sample_entry WHERE received_date >= ${from} AND received_date < ${to}`,
    ),
  );
  // What every file must do whatever its format: read the period's rows (with their booking's
  // number and rush), as the reports read them, straight from the database. The files' floor.
  const readRows = await timePerCall(5, async () => {
    const filters = { receivedFromDate: from.toISOString(), receivedToDate: to.toISOString(), timeZone: 'UTC' };
    for await (const batch of reportRows(database.db, filters)) void batch;
  });
  const summary = await timePerCall(10, () => read(`/api/statictis/statistic-summary?${period}`));
  const turnaround = await timePerCall(5, () => read(`/api/statictis/turnaround?${period}`));
  const preview = await timePerCall(10, () => read(`/api/report/sample-entry-source?${received}&format=json`));
  // Each report's files: the summary (per source × status, or per status with its median days)
  // and the period's samples, written as a stream.
  const files = [];
  for (const [report, path] of [
    ['by source', 'sample-entry-source'],
    ['by status', 'sample-by-status'],
  ] as const) {
    for (const format of ['csv', 'xlsx'] as const) {
      const value = await timePerCall(3, () => read(`/api/report/${path}?${received}&format=${format}&lang=vi`));
      files.push({ name: `report ${report}, ${format.toUpperCase()} file`, value });
    }
  }
  await database.close();

  const baseline = { label: `a bare indexed count(*) of the period's rows (${label})`, value: bareCount };
  return [
    { name: `statistic summary, 30 days (${label})`, baseline, value: summary, unit: 'ms', targetRatio: 10 },
    { name: `turnaround per stage, 30 days (${label})`, baseline, value: turnaround, unit: 'ms' },
    { name: `report by source, preview (${label})`, baseline, value: preview, unit: 'ms', targetRatio: 10 },
    { name: `the reports' rows read alone, no file, 30 days (${label})`, baseline, value: readRows, unit: 'ms' },
    ...files.map((file) => ({
      name: `${file.name}, 30 days (${label})`,
      baseline,
      value: file.value,
      unit: 'ms',
      targetRatio: 10,
    })),
    // The same files against their floor: what writing the file adds to reading its rows.
    ...files.map((file) => ({
      name: `${file.name} against its rows read alone (${label})`,
      baseline: { label: `the reports' rows read alone (${label})`, value: readRows },
      value: file.value,
      unit: 'ms',
      targetRatio: 3,
    })),
  ];
}

export default async function benchStatistics(): Promise<BenchRow[]> {
  const rows = await benchOne('PGlite', openDatabase({}));
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return rows;
  const name = `isotope_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = openDatabase({ url: target.toString() });
  try {
    rows.push(...(await benchOne('PostgreSQL', database)));
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  } finally {
    // Not WITH (FORCE): the pool has ended by now, and forcing would kill the connections it is closing.
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.end();
  }
  return rows;
}
