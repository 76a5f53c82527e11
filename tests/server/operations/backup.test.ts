import { readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { BackupError, backupDatabase, restoreDatabase, type RestoreTarget } from '../../../src/server/db/backup.ts';
import { openDatabase, type Database } from '../../../src/server/db/client.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { loadSigningKey } from '../../../src/server/auth/tokens.ts';
import { createMailer } from '../../../src/server/services/messaging/outbound-mail.ts';
import { bookingForm, submitBooking } from '../support/bookings.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { onPostgres, onServer, useScratch } from '../support/scratch.ts';
import { ADMIN, useTestApp } from '../support/test-app.ts';

// A laboratory's backup is worth what its restore gives back: data made through the API is backed
// up, restored into a fresh database, and found identical, files and chain of custody included.

const t = useTestApp();
const restoredName = `isotope_restored_${process.pid}`;
const workDir = useScratch('isotope-backup-', restoredName);

let targets = 0;

async function freshTarget(): Promise<RestoreTarget> {
  targets += 1;
  if (!onPostgres) return { dataDir: path.join(workDir, `restored-${targets}`) };
  await onServer(`DROP DATABASE IF EXISTS ${restoredName} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${restoredName}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${restoredName}`;
  return { url: url.toString() };
}

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) as Record<
    string,
    unknown
  >[];
}

/** Every row of every table, as text, so two databases can be compared whole. */
async function everything(database: Database): Promise<Record<string, string[]>> {
  const tables = rowsOf(
    await database.db.execute(sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`),
  ).map((r) => String(r.tablename));
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const rows = rowsOf(await database.db.execute(sql.raw(`SELECT t::text AS row FROM "${table}" t ORDER BY 1`)));
    out[table] = rows.map((r) => String(r.row));
  }
  return out;
}

const png = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(2048, 7),
]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

// Each test dumps and restores a whole database: on PGlite, late in a full run on two cores, that has
// taken two minutes, so the budget is twice that.
describe('[BACKUP] backup and restore', () => {
  it('gives back every record and file, with a valid chain of custody', { timeout: 240_000 }, async () => {
    const admin = await t.signInAsAdmin();
    await submitBooking(t);
    await submitBooking(t);
    await sampleAt(t, admin, 'ResultConfirmed');
    await sampleAt(t, admin, 'SentToTester');
    const image = new FormData();
    image.append('files', new File([new Uint8Array(png)], 'sample front.png', { type: 'image/png' }));
    const uploaded = await t.request('POST', '/api/upload', { token: admin, form: image });
    expect(uploaded.status).toBe(201);
    const result = new FormData();
    result.append('file', new File([new Uint8Array(pdf)], 'result.pdf', { type: 'application/pdf' }));
    const uploadedPdf = await t.request('POST', '/api/upload-file-pdf', { token: admin, form: result });
    expect(uploadedPdf.status).toBeLessThan(300);
    const files = [uploaded.body.data[0].url as string, uploadedPdf.body.data.url as string];

    const before = await everything(t.database);
    expect(before.sample_entry!.length).toBe(2);
    expect(before.stored_file!.length).toBe(2);
    expect(before.audit_record!.length).toBeGreaterThan(10);

    const file = path.join(workDir, 'lab.backup');
    const made = await backupDatabase(t.database, file);
    expect(made).toMatchObject({ kind: onPostgres ? 'postgres' : 'pglite' });
    expect(made.bytes).toBeGreaterThan(0);
    expect(readdirSync(workDir)).toEqual(['lab.backup']); // nothing partial left beside it

    const target = await freshTarget();
    await restoreDatabase(target, file);
    const restored = openDatabase('url' in target ? { url: target.url } : { dataDir: target.dataDir });
    try {
      expect(await everything(restored)).toEqual(before);

      const env = t.env;
      const logger = createLogger(env);
      const app = createApp({
        env,
        logger,
        database: restored,
        mailer: createMailer(env, logger),
        signingKey: await loadSigningKey(restored.db, env),
      });
      const signIn = await app.request('/api/auth', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: ADMIN.username, password: ADMIN.password }),
      });
      const token = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
      const auth = { authorization: `Bearer ${token}` };
      const verify = (await (await app.request('/api/audit/verify', { headers: auth })).json()) as {
        data: { valid: boolean; checked: number };
      };
      expect(verify.data).toMatchObject({ valid: true, checked: before.audit_record!.length });
      const served = await Promise.all(
        files.map(async (url) => Buffer.from(await (await app.request(url, { headers: auth })).arrayBuffer())),
      );
      expect(served[0]!.equals(png)).toBe(true);
      expect(served[1]!.equals(pdf)).toBe(true);
      // The restored database goes on numbering where the original stopped.
      const next = await submitBookingOn(app);
      expect(next).toBe(201);
    } finally {
      await restored.close();
    }
  });

  it('refuses a database that is not empty unless forced, and the wrong kind of file', async () => {
    const file = path.join(workDir, 'second.backup');
    await backupDatabase(t.database, file);
    const target = await freshTarget();
    await restoreDatabase(target, file);
    await expect(restoreDatabase(target, file)).rejects.toThrow(BackupError);
    await expect(restoreDatabase(target, file)).rejects.toThrow(/not empty/);
    const forced = await restoreDatabase(target, file, { force: true });
    if ('dataDir' in target) {
      expect(forced.movedAside).toContain('before-restore');
      rmSync(forced.movedAside!, { recursive: true, force: true });
    }

    const stray = path.join(workDir, 'not-a-backup.txt');
    writeFileSync(stray, 'hello');
    await expect(restoreDatabase(await freshTarget(), stray)).rejects.toThrow(/not a backup/);
    const otherKind: RestoreTarget =
      'url' in target ? { dataDir: path.join(workDir, 'other') } : { url: 'postgres://x@127.0.0.1:1/none' };
    await expect(restoreDatabase(otherKind, file)).rejects.toThrow(/This backup is of/);
    // Four restores, each starting a database of its own: seconds each on a busy two-core machine.
  }, 240_000);
});

async function submitBookingOn(app: ReturnType<typeof createApp>): Promise<number> {
  const res = await app.request('/api/sample-submit-form', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bookingForm()),
  });
  return res.status;
}
