import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, certificate } from '../../../src/server/db/schema.ts';
import { certificateContentHash } from '../../../src/server/services/certificates/certificate-seal.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// A certificate's content is sealed into the chain of custody when it is issued; the public check
// recomputes the seal, so a certificate row edited in the database reads as Tampered, not Valid.

const t = useTestApp();

async function issuedCertificate() {
  const admin = await t.signInAsAdmin();
  const sample = await sampleAt(t, admin, 'ResultConfirmed');
  const supervisor = await t.userWith(['CanConfirmFinalResult']);
  const res = await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: supervisor.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...(res.body.data as { id: number; token: string }), sampleId: sample.id, supervisor };
}

async function publicCheck(token: string) {
  const res = await t.request('GET', `/api/issue-certificate?token=${encodeURIComponent(token)}`);
  expect(res.status).toBe(200);
  return res.body;
}

describe('[SECURITY] certificates are sealed into the chain of custody', () => {
  it('puts the hash of the stored certificate into its issue record', async () => {
    const issued = await issuedCertificate();
    const [record] = await t.database.db
      .select()
      .from(auditRecord)
      .where(
        and(
          eq(auditRecord.entityType, 'certificate'),
          eq(auditRecord.entityId, String(issued.id)),
          eq(auditRecord.action, 'issueCertificate'),
        ),
      );
    expect(record!.changes.contentHash?.to).toMatch(/^[0-9a-f]{64}$/);
    expect((await publicCheck(issued.token)).data.status).toBe('Valid');
  });

  it('reads an edited certificate row as Tampered on the public check', async () => {
    const issued = await issuedCertificate();
    await t.database.db.execute(
      sql`UPDATE certificate SET content = jsonb_set(content, '{conclusion}', '"Consistent with the declared origin"') WHERE id = ${issued.id}`,
    );
    const body = await publicCheck(issued.token);
    expect(body.data.status).toBe('Tampered');
    expect(body.message).toMatch(/was altered after it was issued: it is not valid/);
  });

  it('reads a revoked certificate set back to Valid as Tampered', async () => {
    const issued = await issuedCertificate();
    const revoked = await t.request('PUT', `/api/issue-certificate/revoke?id=${issued.sampleId}`, {
      token: issued.supervisor.token,
      body: { reason: 'Wrong sample weighed' },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect((await publicCheck(issued.token)).data.status).toBe('Revoked');

    await t.database.db
      .update(certificate)
      .set({ status: 'Valid', revokedAt: null, revokeReason: null })
      .where(eq(certificate.id, issued.id));
    expect((await publicCheck(issued.token)).data.status).toBe('Tampered');
  });

  it('reads a row and its sealed hash edited together as Tampered: the issue record no longer holds', async () => {
    const issued = await issuedCertificate();
    await t.database.db.execute(
      sql`UPDATE certificate SET content = jsonb_set(content, '{signatory}', '"Someone Else"') WHERE id = ${issued.id}`,
    );
    const [row] = await t.database.db.select().from(certificate).where(eq(certificate.id, issued.id));
    const db = t.database.db;
    await db.execute(sql`ALTER TABLE audit_record DISABLE TRIGGER audit_record_append_only`);
    try {
      await db.execute(sql`
        UPDATE audit_record
        SET changes = jsonb_set(changes, '{contentHash,to}', to_jsonb(${certificateContentHash(row!)}::text))
        WHERE entity_type = 'certificate' AND entity_id = ${String(issued.id)} AND action = 'issueCertificate'`);
    } finally {
      await db.execute(sql`ALTER TABLE audit_record ENABLE TRIGGER audit_record_append_only`);
    }
    expect((await publicCheck(issued.token)).data.status).toBe('Tampered');
  });
});
