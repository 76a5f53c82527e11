import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { appSetting, auditAnchor, auditRecord, outboundMail } from '../../../src/server/db/schema.ts';
import { appendAudit, type Actor } from '../../../src/server/services/custody/audit.ts';
import { anchorAuditChainIfDue } from '../../../src/server/services/custody/audit-anchor.ts';
import { canonicalJson } from '../../../src/server/services/custody/audit-hash.ts';
import { createMailer } from '../../../src/server/services/messaging/outbound-mail.ts';
import { SAMPLE_FORM } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// The chain of custody against someone who can write to the database: each attack is made the
// way such a person would (the append-only trigger switched off), and must read as a broken chain.

const METRICS_TOKEN = 'audit-chain-scraper-0123456789';
const t = useTestApp({ METRICS_TOKEN, AUDIT_ANCHOR_EMAIL: 'anchors@isotope.lab' });

/** As someone with the database's password would: the append-only trigger off for the change. */
async function tamper(statement: ReturnType<typeof sql>) {
  const db = t.database.db;
  await db.execute(sql`ALTER TABLE audit_record DISABLE TRIGGER audit_record_append_only`);
  try {
    await db.execute(statement);
  } finally {
    await db.execute(sql`ALTER TABLE audit_record ENABLE TRIGGER audit_record_append_only`);
  }
}

async function verify() {
  const admin = await t.signInAsAdmin();
  const res = await t.request('GET', '/api/audit/verify', { token: admin });
  expect(res.status).toBe(200);
  return res.body.data as { valid: boolean; checked: number; brokenAt?: number; problem?: string };
}

async function createdSample() {
  const cs = await t.userWith(['CanCreateSampleEntryCs', 'CanViewDetailSampleEntryCs'], 'Lan Nguyen');
  const created = await t.request('POST', '/api/cs-lab/create', { token: cs.token, body: SAMPLE_FORM });
  expect(created.status).toBe(201);
  return { id: created.body.data.id as number, cs };
}

async function custodyCsv(id: number, token: string) {
  const res = await t.request('GET', `/api/sample-entries/${id}/custody.csv?lang=en`, { token });
  expect(res.status).toBe(200);
  return new TextDecoder().decode(new Uint8Array(await res.raw.arrayBuffer()));
}

/** Appends records through the service layer, as any audited change does. */
async function appendRecords(count: number, entry: Partial<Parameters<typeof appendAudit>[1]> = {}) {
  const actor: Actor = { id: 1, displayName: 'Bench writer' };
  await t.database.db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      await appendAudit(tx, { entityType: 'country', entityId: i, action: 'update', actor, ...entry });
    }
  });
}

/** The chain re-hashed the way it was before keying: plain SHA-256, no actor name, no key. */
function plainSha256(row: typeof auditRecord.$inferSelect, prevHash: string) {
  return createHash('sha256')
    .update(
      canonicalJson({
        entityType: row.entityType,
        entityId: row.entityId,
        action: row.action,
        fromStatus: row.fromStatus,
        toStatus: row.toStatus,
        changes: row.changes,
        reason: row.reason,
        actorId: row.actorId,
        at: row.at.toISOString(),
        prevHash,
      }),
    )
    .digest('hex');
}

/** Rewrites every record from `fromId` on with a recomputed plain SHA-256 chain. */
async function recomputeWithoutKey(fromId: number, hashVersion: number) {
  const rows = await t.database.db.select().from(auditRecord).orderBy(asc(auditRecord.id));
  let prev = '0'.repeat(64);
  for (const row of rows) {
    if (row.id >= fromId) {
      const hash = plainSha256(row, prev);
      await tamper(
        sql`UPDATE audit_record SET prev_hash = ${prev}, hash = ${hash}, hash_version = ${hashVersion} WHERE id = ${row.id}`,
      );
      prev = hash;
    } else prev = row.hash;
  }
}

function capturingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino({ level: 'info' }, stream), lines };
}

describe('[SECURITY] the chain of custody is keyed and covers what custody documents print', () => {
  it('detects an edited actor name, in the full check and in the custody document', async () => {
    const { id, cs } = await createdSample();
    expect(await custodyCsv(id, cs.token)).toContain('intact');
    const [first] = await t.database.db
      .select()
      .from(auditRecord)
      .where(eq(auditRecord.entityId, String(id)))
      .orderBy(asc(auditRecord.id));
    expect(first!.actorName).toMatch(/Lan Nguyen$/);
    expect(first!.hashVersion).toBe(2);

    await tamper(sql`UPDATE audit_record SET actor_name = 'Someone Else' WHERE id = ${first!.id}`);

    // The custody document re-hashes its own sample's records even though they lie behind the
    // stored checkpoint.
    expect(await custodyCsv(id, cs.token)).toMatch(new RegExp(`BROKEN at record ${first!.id}`));
    expect(await verify()).toMatchObject({ valid: false, brokenAt: first!.id, problem: 'altered' });
  });

  it('detects a chain recomputed with plain SHA-256 by someone without the key', async () => {
    await createdSample();
    await appendRecords(3);
    const { logger } = capturingLogger();
    await anchorAuditChainIfDue(t.database.db, {
      mailer: createMailer(t.env, logger),
      logger,
      labTimeZone: t.env.LAB_TIME_ZONE,
    });
    const [first] = await t.database.db.select().from(auditRecord).orderBy(asc(auditRecord.id)).limit(1);
    await tamper(sql`UPDATE audit_record SET reason = 'forged' WHERE id = ${first!.id}`);

    // Marked as keyed: the plain hash is not the keyed one.
    await recomputeWithoutKey(first!.id, 2);
    expect(await verify()).toMatchObject({ valid: false, brokenAt: first!.id, problem: 'altered' });

    // Marked as written before keying: the chain was keyed from its first record, so it is a downgrade.
    await recomputeWithoutKey(first!.id, 1);
    expect(await verify()).toMatchObject({ valid: false, brokenAt: first!.id, problem: 'downgraded' });

    // ...and with the record of when keying began removed too, so that the next record written marks
    // the rewritten chain as the old one: the anchor still names the hash its head had.
    await t.database.db.delete(appSetting).where(eq(appSetting.key, 'audit_chain_keyed_after'));
    await appendRecords(1);
    expect(await verify()).toMatchObject({ valid: false, problem: 'altered' });
  });

  it('still verifies records sealed before keying, and refuses an unkeyed record after them', async () => {
    // A chain written before keying: plain SHA-256 over the old fields, hash version 1.
    let prev = '0'.repeat(64);
    for (let i = 0; i < 3; i++) {
      const row = {
        entityType: 'country',
        entityId: String(i),
        action: 'create',
        fromStatus: null,
        toStatus: null,
        changes: { name: { from: null, to: `Country ${i}` } },
        reason: null,
        actorId: null,
        actorName: 'Old writer',
        at: new Date(Date.UTC(2025, 0, 1 + i)),
      };
      const hash = plainSha256({ ...row, id: 0, prevHash: prev, hash: '', hashVersion: 1 }, prev);
      await t.database.db.insert(auditRecord).values({ ...row, prevHash: prev, hash, hashVersion: 1 });
      prev = hash;
    }
    await appendRecords(2);
    const rows = await t.database.db.select().from(auditRecord).orderBy(asc(auditRecord.id));
    expect(rows.map((r) => r.hashVersion)).toEqual([1, 1, 1, 2, 2]);
    expect(await verify()).toEqual({ valid: true, checked: 5 });

    // The last keyed record rewritten the old way (its actor's name changed, nothing to stop it).
    const last = rows.at(-1)!;
    await tamper(sql`UPDATE audit_record SET actor_name = 'Nobody' WHERE id = ${last.id}`);
    await tamper(
      sql`UPDATE audit_record SET hash_version = 1, hash = ${plainSha256(last, last.prevHash)} WHERE id = ${last.id}`,
    );
    expect(await verify()).toMatchObject({ valid: false, brokenAt: last.id, problem: 'downgraded' });
  });

  it('hashes text with a lone surrogate as it is stored, so the chain stays valid', async () => {
    const lone = 'Sample \uD800 label \uDC00 end';
    await t.database.db.transaction(async (tx) => {
      await appendAudit(tx, {
        entityType: 'sample_entry',
        entityId: 1,
        action: 'update',
        reason: lone,
        changes: { [`note${'\uDBFF'}`]: { from: null, to: lone } },
        actor: { id: 1, displayName: 'Lan \uD83D' },
      });
    });
    const [row] = await t.database.db.select().from(auditRecord).orderBy(desc(auditRecord.id)).limit(1);
    expect(row!.reason).toBe('Sample \uFFFD label \uFFFD end');
    expect(row!.actorName).toBe('Lan \uFFFD');
    expect(row!.changes).toEqual({ 'note\uFFFD': { from: null, to: 'Sample \uFFFD label \uFFFD end' } });
    expect(await verify()).toMatchObject({ valid: true });
  });
});

describe('[SECURITY] the chain is anchored outside the database', () => {
  it('publishes the head once a day in the log, by mail and in audit_anchor', async () => {
    await appendRecords(4);
    const { logger, lines } = capturingLogger();
    const mailer = createMailer(t.env, logger);
    // 10:00 on 2 December in Ho Chi Minh City; the laboratory's day, not UTC's, sets the rhythm.
    const now = new Date('2026-12-02T03:00:00Z');
    const deps = { mailer, logger, labTimeZone: 'Asia/Ho_Chi_Minh', anchorEmail: 'anchors@isotope.lab', now };
    const anchored = await anchorAuditChainIfDue(t.database.db, deps);
    const [head] = await t.database.db.select().from(auditRecord).orderBy(desc(auditRecord.id)).limit(1);
    expect(anchored?.anchor).toMatchObject({ recordId: head!.id, recordCount: 4, headHash: head!.hash, valid: true });
    expect(lines).toContainEqual(
      expect.objectContaining({
        msg: 'chain of custody anchored',
        auditAnchor: { recordId: head!.id, recordCount: 4, headHash: head!.hash },
      }),
    );
    const mails = await t.database.db.select().from(outboundMail);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: 'anchors@isotope.lab' });
    expect(mails[0]!.text).toContain(head!.hash);
    expect(mails[0]!.text).toContain('mã băm đầu chuỗi');
    expect(mails[0]!.subject).toContain('2026-12-02');
    expect(mails[0]!.text).toContain('2 December 2026 10:00 (Asia/Ho_Chi_Minh, UTC+07:00)');

    // Later the same day (23:00 there, 16:00 UTC): nothing new. Past the laboratory's midnight, though
    // still 2 December in UTC: the next anchor.
    expect(await anchorAuditChainIfDue(t.database.db, { ...deps, now: new Date('2026-12-02T16:00:00Z') })).toBe(
      undefined,
    );
    await appendRecords(1);
    const next = await anchorAuditChainIfDue(t.database.db, { ...deps, now: new Date('2026-12-02T17:30:00Z') });
    expect(next?.anchor.recordCount).toBe(5);
    expect(await t.database.db.select().from(auditAnchor)).toHaveLength(2);
    await expect(t.database.db.execute(sql`DELETE FROM audit_anchor`)).rejects.toThrow();
  });

  it('reads a chain whose tail was cut behind its last anchor as broken', async () => {
    const { id, cs } = await createdSample();
    await appendRecords(5);
    const { logger } = capturingLogger();
    const anchored = await anchorAuditChainIfDue(t.database.db, {
      mailer: createMailer(t.env, logger),
      logger,
      labTimeZone: t.env.LAB_TIME_ZONE,
    });
    await appendRecords(2);
    expect(await custodyCsv(id, cs.token)).toContain('intact');

    // The tail cut back to before the anchored head: every remaining record still links and hashes.
    const cutFrom = anchored!.anchor.recordId - 2;
    await tamper(sql`DELETE FROM audit_record WHERE id >= ${cutFrom}`);

    expect(await custodyCsv(id, cs.token)).toMatch(/BROKEN at record \d+/);
    expect(await verify()).toMatchObject({ valid: false, brokenAt: anchored!.anchor.recordId, problem: 'truncated' });
  });

  it('refuses an anchor not sealed with the chain key', async () => {
    await appendRecords(2);
    const [head] = await t.database.db.select().from(auditRecord).orderBy(desc(auditRecord.id)).limit(1);
    await t.database.db.insert(auditAnchor).values({
      recordId: head!.id + 10,
      recordCount: 12,
      headHash: 'f'.repeat(64),
      valid: true,
      seal: 'not-a-seal',
    });
    expect(await verify()).toMatchObject({ valid: false, problem: 'anchorForged' });
  });
});

describe('[SECURITY] custody documents check the chain from a checkpoint', () => {
  async function recordsVerified() {
    const res = await t.request('GET', '/metrics', { token: METRICS_TOKEN });
    expect(res.status).toBe(200);
    const text = await res.raw.text();
    return Number(/^isotope_audit_records_verified_total (\d+)/m.exec(text)![1]);
  }

  async function workOfOneDownload(id: number, token: string) {
    const before = await recordsVerified();
    expect(await custodyCsv(id, token)).toContain('intact');
    return (await recordsVerified()) - before;
  }

  it(
    're-hashes only the new records and the sample’s own, however long the table grows',
    { timeout: 120_000 },
    async () => {
      const { id, cs } = await createdSample();
      const own = (
        await t.database.db
          .select()
          .from(auditRecord)
          .where(and(eq(auditRecord.entityType, 'sample_entry'), eq(auditRecord.entityId, String(id))))
      ).length;
      const others = (await t.database.db.select().from(auditRecord)).length - own;
      await appendRecords(100);
      // The first download has no checkpoint to start from: it checks all of it once.
      expect(await workOfOneDownload(id, cs.token)).toBe(own + own + others + 100);
      const small = await workOfOneDownload(id, cs.token);
      expect(small).toBe(own);

      await appendRecords(5);
      expect(await workOfOneDownload(id, cs.token)).toBe(own + 5);

      // Five times the table: one download catches up with what was written, the next costs what it did.
      await appendRecords(400);
      expect(await workOfOneDownload(id, cs.token)).toBe(own + 400);
      expect(await workOfOneDownload(id, cs.token)).toBe(small);

      // The full check still walks everything.
      const before = await recordsVerified();
      const total = own + others + 505;
      expect(await verify()).toEqual({ valid: true, checked: total });
      expect((await recordsVerified()) - before).toBe(total);
    },
  );
});
