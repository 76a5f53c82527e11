import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, booking, certificate, sampleEntry } from '../../../src/server/db/schema.ts';
import { verifyAuditChain } from '../../../src/server/services/custody/audit-verification.ts';
import { UNKNOWN_CERTIFICATE_MESSAGE } from '../../../src/server/services/certificates/certificates.ts';
import { VERIFY_LIMIT, VERIFY_LIMIT_MESSAGE } from '../../../src/server/routes/certificates/certificates.ts';
import { REISSUE_REASON_REQUIRED, REVOKE_REASON_REQUIRED, sampleStatusWord } from '../../../src/shared/certificate.ts';
import { JOURNEY_ORIGIN_REASON, RESULT, SAMPLE_FORM, sampleAt } from '../support/sample-journey.ts';
import { readQrCodes } from '../support/pdf-qr.ts';
import { pdfText } from '../support/pdf-text.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

async function confirmedSample(admin: string) {
  return sampleAt(t, admin, 'ResultConfirmed');
}

/** Issues version supersedes+1 (the first when supersedes is left out); a re-issue gives its reason. */
async function issue(token: string, sampleId: number, supersedes?: number, reason = 'Client name corrected') {
  const query = supersedes === undefined ? '' : `&supersedes=${supersedes}`;
  return t.request('PUT', `/api/issue-certificate?id=${sampleId}${query}`, {
    token,
    ...(supersedes ? { body: { reason } } : {}),
  });
}

async function verify(token: string) {
  return t.request('GET', `/api/issue-certificate?token=${encodeURIComponent(token)}`);
}

async function pdfOf(res: { raw: Response }) {
  return new Uint8Array(await res.raw.arrayBuffer());
}

/** The certificate's text as a reader's viewer or a search reads it, word by word. */
describe('[CERTIFICATE] issue', () => {
  it('issues version 1 for a ResultConfirmed sample, completes the sample and answers the public check', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    const supervisor = await t.userWith(['CanConfirmFinalResult']);
    const res = await issue(supervisor.token, sample.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const issued = res.body.data;
    expect(issued).toMatchObject({ version: 1, url: `http://lab.test/certificate/${issued.token}` });
    expect(issued.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(typeof issued.fileId).toBe('string');

    const detail = await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: admin });
    expect(detail.body.data.status).toBe('Completed');

    const check = await verify(issued.token);
    expect(check.status, JSON.stringify(check.body)).toBe(200);
    expect(check.body.data).toEqual({
      status: 'Valid',
      version: 1,
      issuedAt: expect.any(String),
      idflNumber: sample.idflNumber,
      sampleType: SAMPLE_FORM.sampleType,
      client: SAMPLE_FORM.fromClientInfo,
      // The third lab gave no uncertainty.
      results: {
        carbon: RESULT.carbon,
        hydrogen: RESULT.hydrogen,
        oxygen: RESULT.oxygen,
        carbonUncertainty: null,
        hydrogenUncertainty: null,
        oxygenUncertainty: null,
        // Nor δ15N or δ34S.
        nitrogen: null,
        sulfur: null,
        nitrogenUncertainty: null,
        sulfurUncertainty: null,
      },
      conclusion: 'Consistent with the claimed origin',
      predictedOrigin: null,
      signatory: `Test ${supervisor.username}`,
      // The signatory's function as the certificate prints it: the issuing account's role.
      signatoryRole: `role-of-${supervisor.username}`,
      // The laboratory's own settings, as the certificate states them.
      laboratory: `${t.env.LAB_NAME}, ${t.env.LAB_ADDRESS}`,
      // Confirmed without an analysis: no model verdict, and the laboratory's reason instead.
      origin: null,
      originReason: JOURNEY_ORIGIN_REASON,
      // The version in force, never replaced.
      supersededByVersion: null,
      amendmentReason: null,
      currentVersion: null,
    });
    expect(check.body.data.signatory).toMatch(/\S/);
    // Only what the certificate holds: no internal ids, tokens or the sample's live record.
    expect(JSON.stringify(check.body.data)).not.toContain(issued.token);
  });

  it('stores a PDF whose QR code points at the public verification page', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    const issued = (await issue(admin, sample.id)).body.data;
    const file = await t.request('GET', `/api/issue-certificate/file?token=${issued.token}`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    const bytes = await pdfOf(file);
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(await readQrCodes(bytes)).toEqual([`http://lab.test/certificate/${issued.token}`]);
    // The same bytes are the stored file.
    const stored = await t.request('GET', `/api/files/${issued.fileId}`, { token: admin });
    expect(Buffer.from(await pdfOf(stored)).equals(Buffer.from(bytes))).toBe(true);
    expect((await t.request('GET', `/api/issue-certificate/file?token=${issued.token}`)).status).toBe(401);
  });

  it('refuses a sample that is not ResultConfirmed with a 409 naming its state', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultReturned');
    const res = await issue(admin, sample.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(`Sample ${sample.idflNumber} is ResultReturned; this action needs ResultConfirmed.`);
    expect((await issue(admin, 999999)).status).toBe(404);
  });

  it('refuses users without CanConfirmFinalResult', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    const viewer = await t.userWith(['CanViewDetailSampleEntrySupervisor']);
    expect((await issue(viewer.token, sample.id)).status).toBe(403);
    expect((await t.request('PUT', `/api/issue-certificate?id=${sample.id}`)).status).toBe(401);
    const revoke = await t.request('PUT', `/api/issue-certificate/revoke?id=${sample.id}`, {
      token: viewer.token,
      body: { reason: 'x' },
    });
    expect(revoke.status).toBe(403);
  });

  it("uses the booking for the client, the company, the booking number and the client's own description", async () => {
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    // Hand-made samples have no booking; attach one through the database as a check-in would.
    const db = t.database.db;
    const [row] = await db
      .insert(booking)
      .values({
        bookingNumber: 'BK-2026-09999',
        applicantContactPerson: 'Nguyễn Thị Lan',
        applicantCompany: 'Công ty Dệt may Đông Á',
        telephone: '0901234567',
        email: 'lan@example.com',
        address: '1 Lê Lợi',
        cityStateCountry: 'Hồ Chí Minh, Việt Nam',
        samplePreparedDate: '2026-03-01',
        sampleDescription: 'Raw cotton bales, lot 7',
      })
      .returning();
    await db.update(sampleEntry).set({ bookingId: row!.id }).where(eq(sampleEntry.id, sample.id));
    const issued = (await issue(admin, sample.id)).body.data;
    const check = await verify(issued.token);
    expect(check.body.data.client).toBe('Công ty Dệt may Đông Á — Nguyễn Thị Lan');
    // Vietnamese names fold to the PDF's fonts rather than breaking the certificate.
    const file = await t.request('GET', `/api/issue-certificate/file?token=${issued.token}`, { token: admin });
    const pdf = await pdfOf(file);
    expect(await readQrCodes(pdf)).toEqual([issued.url]);
    // The booking it came with, the item in the client's words, and who signed it in what function.
    const text = pdfText(pdf);
    expect(text).toContain('BK-2026-09999');
    expect(text).toContain('Raw cotton bales, lot 7');
    expect(text).toMatch(/Booking number/);
    expect(text).toMatch(/Item as described by the client/);
    expect(text).toMatch(/Administrator\s+Administrator/);
  });
});

describe('[CERTIFICATE] revoke and re-issue', () => {
  it('revokes with a reason, shown publicly with the date', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    const issued = (await issue(admin, sample.id)).body.data;
    const noReason = await t.request('PUT', `/api/issue-certificate/revoke?id=${sample.id}`, {
      token: admin,
      body: { reason: '  ' },
    });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors).toEqual({ reason: REVOKE_REASON_REQUIRED });
    const res = await t.request('PUT', `/api/issue-certificate/revoke?id=${sample.id}`, {
      token: admin,
      body: { reason: 'Sample mix-up at reception' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'Revoked', version: 1, revokeReason: 'Sample mix-up at reception' });
    const check = await verify(issued.token);
    expect(check.body.data).toMatchObject({
      status: 'Revoked',
      revokeReason: 'Sample mix-up at reception',
      revokedAt: expect.any(String),
    });
    const again = await t.request('PUT', `/api/issue-certificate/revoke?id=${sample.id}`, {
      token: admin,
      body: { reason: 'again' },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`The certificate of sample ${sample.idflNumber} is already Revoked.`);
  });

  it('re-issues version 2 and marks version 1 Superseded; a revoked version stays revoked', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    const first = (await issue(admin, sample.id)).body.data;
    const second = await issue(admin, sample.id, 1);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(second.body.data.version).toBe(2);
    expect(second.body.data.token).not.toBe(first.token);
    expect((await verify(first.token)).body.data).toMatchObject({ status: 'Superseded', version: 1 });
    expect((await verify(second.body.data.token)).body.data).toMatchObject({ status: 'Valid', version: 2 });

    await t.request('PUT', `/api/issue-certificate/revoke?id=${sample.id}`, { token: admin, body: { reason: 'Typo' } });
    const third = (await issue(admin, sample.id, 2)).body.data;
    expect(third.version).toBe(3);
    // A revoked version stays revoked once replaced: "Superseded" would hide the withdrawal.
    expect((await verify(second.body.data.token)).body.data).toMatchObject({
      status: 'Revoked',
      revokeReason: 'Typo',
      supersededByVersion: 3,
      currentVersion: { version: 3, status: 'Valid' },
    });
    // A replaced version names the one in force now, not only the one that replaced it.
    expect((await verify(first.token)).body.data).toMatchObject({
      status: 'Superseded',
      supersededByVersion: 2,
      amendmentReason: 'Client name corrected',
      currentVersion: { version: 3, status: 'Valid' },
    });

    const list = await t.request('GET', `/api/issue-certificate/by-sample/${sample.id}`, { token: admin });
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { version: number; status: string }) => [c.version, c.status])).toEqual([
      [3, 'Valid'],
      [2, 'Revoked'],
      [1, 'Superseded'],
    ]);
    const rows = await t.database.db.select().from(certificate).where(eq(certificate.id, first.id));
    expect(rows[0]!.supersededById).toBe(second.body.data.id);

    const trail = await t.request('GET', `/api/sample-entries/${sample.id}/timeline`, { token: admin });
    expect(trail.status).toBe(200);
    const actions = JSON.stringify(trail.body);
    expect(actions).toContain('issueCertificate');
    expect(actions).toContain('reissueCertificate');
    expect(actions).toContain('revokeCertificate');
  });
});

describe('[CERTIFICATE] amendments are identified with their reason', () => {
  it('refuses a re-issue without a reason, and prints the reason on the new version', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    await issue(admin, sample.id);
    const bare = await t.request('PUT', `/api/issue-certificate?id=${sample.id}&supersedes=1`, { token: admin });
    expect(bare.status).toBe(400);
    expect(bare.body).toMatchObject({ code: 'reissueReasonRequired', errors: { reason: REISSUE_REASON_REQUIRED } });
    const blank = await issue(admin, sample.id, 1, ' \u200b ');
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toEqual({ reason: REISSUE_REASON_REQUIRED });
    const rows = await t.database.db.select().from(certificate).where(eq(certificate.sampleEntryId, sample.id));
    expect(rows).toHaveLength(1);

    const second = await issue(admin, sample.id, 1, 'Sample weight misprinted as 12 g; it is 21 g');
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const file = await t.request('GET', `/api/issue-certificate/file?token=${second.body.data.token}`, {
      token: admin,
    });
    expect(pdfText(await pdfOf(file))).toContain('Amends version 1: Sample weight misprinted as 12 g; it is 21 g');
    const trail = await t.database.db.select().from(auditRecord).where(eq(auditRecord.action, 'reissueCertificate'));
    expect(trail[0]!.reason).toContain('Sample weight misprinted as 12 g; it is 21 g');
  });
});

describe('[CERTIFICATE] a revocation reaches everyone', () => {
  it('marks the revoked PDF wherever it is served, tells customer service, and the sample reads revoked', async () => {
    const admin = await t.signInAsAdmin();
    const cs = await t.userWith(['CanViewDetailSampleEntryCs']);
    const sample = await confirmedSample(admin);
    const issued = (await issue(admin, sample.id)).body.data;
    const download = () => t.request('GET', `/api/issue-certificate/file?token=${issued.token}`, { token: admin });
    expect(pdfText(await pdfOf(await download()))).not.toContain('REVOKED');

    const revoked = await t.request('PUT', `/api/issue-certificate/revoke?id=${sample.id}`, {
      token: admin,
      body: { reason: 'Result belongs to another sample' },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);

    const staff = await download();
    expect(staff.headers.get('cache-control')).toBe('private, no-cache');
    const text = pdfText(await pdfOf(staff));
    expect(text).toContain('REVOKED');
    expect(text).toContain('Result belongs to another sample');
    // The stored-file address serves it marked too; the stored bytes stay as issued.
    const stored = await t.request('GET', `/api/files/${issued.fileId}`, { token: admin });
    expect(stored.headers.get('cache-control')).toBe('private, no-cache');
    expect(pdfText(await pdfOf(stored))).toContain('REVOKED');

    const bell = await t.request('GET', '/api/notification', { token: cs.token });
    expect(bell.body.data.items).toEqual([
      expect.objectContaining({
        kind: 'certificateRevoked',
        title: 'Certificate revoked',
        link: `/clients/${sample.id}`,
        params: expect.objectContaining({ reason: 'Result belongs to another sample', version: 1 }),
      }),
      expect.objectContaining({ kind: 'certificateIssued' }),
    ]);

    // Still Completed in the workflow, but no list or detail leaves it at that.
    const detail = await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: admin });
    expect(detail.body.data).toMatchObject({ status: 'Completed', certificateRevoked: true });
    expect(sampleStatusWord(detail.body.data.status, detail.body.data.certificateRevoked)).toBe('CertificateRevoked');
    await issue(admin, sample.id, 1);
    const after = await t.request('GET', `/api/cs-lab/get-detail/${sample.id}`, { token: admin });
    expect(after.body.data.certificateRevoked).toBe(false);
    // Its public check still says revoked after the re-issue.
    expect((await verify(issued.token)).body.data).toMatchObject({ status: 'Revoked', currentVersion: { version: 2 } });
  });
});

describe('[CERTIFICATE] idempotency and custody', () => {
  it('replays an issue sent twice with the same Idempotency-Key instead of issuing version 2', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    const headers = { 'Idempotency-Key': 'issue-once-1' };
    const first = await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: admin, headers });
    const replay = await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: admin, headers });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(replay.status).toBe(200);
    expect(replay.body.data).toEqual(first.body.data);
    const rows = await t.database.db.select().from(certificate).where(eq(certificate.sampleEntryId, sample.id));
    expect(rows).toHaveLength(1);
  });

  it('issues one certificate when Issue certificate is clicked five times at once, without an Idempotency-Key', async () => {
    // On PostgreSQL (TEST_DATABASE_URL) the five requests run on their own connections and race; the
    // sample's lock and the unique (sample, version) index leave one certificate.
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    const clicks = await Promise.all(Array.from({ length: 5 }, () => issue(admin, sample.id)));
    expect(clicks.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(clicks.map((r) => r.body.data.token)).size).toBe(1);
    expect(clicks[0]!.body.data.version).toBe(1);
    const rows = await t.database.db.select().from(certificate).where(eq(certificate.sampleEntryId, sample.id));
    expect(rows).toHaveLength(1);

    // A re-issue clicked five times gives one version 2, and version 1 is superseded once.
    const reissues = await Promise.all(Array.from({ length: 5 }, () => issue(admin, sample.id, 1)));
    expect(reissues.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(reissues.map((r) => [r.body.data.version, r.body.data.token].join())).size).toBe(1);
    expect(reissues[0]!.body.data.version).toBe(2);
    const after = await t.database.db.select().from(certificate).where(eq(certificate.sampleEntryId, sample.id));
    expect(after.map((r) => [r.version, r.status]).sort()).toEqual([
      [1, 'Superseded'],
      [2, 'Valid'],
    ]);
    const supersessions = await t.database.db
      .select()
      .from(auditRecord)
      .where(eq(auditRecord.action, 'supersedeCertificate'));
    expect(supersessions).toHaveLength(1);
    expect((await verifyAuditChain(t.database.db)).valid).toBe(true);
  });

  it('refuses a re-issue that names a version older than the latest, naming the latest', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    await issue(admin, sample.id);
    await issue(admin, sample.id, 1);
    const stale = await issue(admin, sample.id, 5);
    expect(stale.status).toBe(409);
    expect(stale.body.code).toBe('certificateVersionMoved');
    expect(stale.body.message).toContain('version 2');
    expect(
      (await t.request('PUT', `/api/issue-certificate?id=${sample.id}&supersedes=-1`, { token: admin })).status,
    ).toBe(400);
  });

  it('keeps the audit chain intact through issue, revoke and re-issue', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    await issue(admin, sample.id);
    await t.request('PUT', `/api/issue-certificate/revoke?id=${sample.id}`, { token: admin, body: { reason: 'Typo' } });
    await issue(admin, sample.id, 1);
    const audit = await t.database.db
      .select()
      .from(auditRecord)
      .where(eq(auditRecord.entityType, 'certificate'))
      .orderBy(auditRecord.id);
    expect(audit.map((r) => r.action)).toEqual([
      'issueCertificate',
      'revokeCertificate',
      'supersedeCertificate',
      'issueCertificate',
    ]);
    expect((await verifyAuditChain(t.database.db)).valid).toBe(true);
  });
});

describe('[CERTIFICATE] public verification', () => {
  it('answers 404 with a clear message for an unknown or malformed token', async () => {
    const unknown = await verify('A'.repeat(43));
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ result: false, message: UNKNOWN_CERTIFICATE_MESSAGE });
    expect((await verify('short')).status).toBe(404);
    expect((await t.request('GET', '/api/issue-certificate')).status).toBe(400);
  });

  it('limits checks per address (429)', async () => {
    for (let i = 0; i < VERIFY_LIMIT.limit; i++)
      expect((await verify(`unknown-token-${i}-xxxxxxxxxxxxxxxx`)).status).toBe(404);
    const limited = await verify('A'.repeat(43));
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe(VERIFY_LIMIT_MESSAGE);
  });
});

describe('[CERTIFICATE] δ15N and δ34S', () => {
  it('prints δ15N on the AIR scale and δ34S on the VCDT scale when measured, each with its uncertainty', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await sampleAt(t, admin, 'ResultConfirmed', {
      result: { ...RESULT, carbonUncertainty: 0.15, nitrogen: 7.4, nitrogenUncertainty: 0.25, sulfur: -3.2 },
    });
    const issued = await issue(admin, sample.id);
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    const file = await t.request('GET', `/api/issue-certificate/file?token=${issued.body.data.token}`, {
      token: admin,
    });
    const text = pdfText(await pdfOf(file));
    // pdftotext reads the labels' column before the values' one; each δ is named with its scale.
    expect(text).toContain('Results δ¹³C ‰ VPDB δ²H ‰ VSMOW δ¹⁸O ‰ VSMOW δ¹⁵N ‰ AIR δ³⁴S ‰ VCDT Uncertainty');
    expect(text).toContain('-27.10 ± 0.15 ‰ -65.40 ‰ 24.20 ‰ 7.40 ± 0.25 ‰ -3.20 ‰');
    const check = await verify(issued.body.data.token);
    expect(check.body.data.results).toMatchObject({ nitrogen: 7.4, nitrogenUncertainty: 0.25, sulfur: -3.2 });
  });

  it('prints no nitrogen or sulfur line when the third lab did not measure them', async () => {
    const admin = await t.signInAsAdmin();
    const sample = await confirmedSample(admin);
    const issued = await issue(admin, sample.id);
    const file = await t.request('GET', `/api/issue-certificate/file?token=${issued.body.data.token}`, {
      token: admin,
    });
    const text = pdfText(await pdfOf(file));
    expect(text).toContain('δ¹⁸O ‰ VSMOW');
    expect(text).not.toContain('δ¹⁵N');
    expect(text).not.toContain('δ³⁴S');
  });
});
