import { and, asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRecord, sampleEntry } from '../../../src/server/db/schema.ts';
import { submitBooking } from '../support/bookings.ts';
import { CHECK_IN } from '../support/sample-journey.ts';
import { startSmtpSink, type ReceivedMail } from '../support/smtp-sink.ts';
import { useTestApp } from '../support/test-app.ts';

// A sample received damaged or insufficient is held: it goes no further until Customer Service
// records the client's decision, and the receipt mail tells the client what was found.

const { received, url } = await startSmtpSink();
const t = useTestApp({ SMTP_URL: url });

// A receipt comes after its booking (made as each test starts) and no later than today.
const RECEIPT = { ...CHECK_IN, receivedDate: new Date(Date.now() - 60 * 60_000).toISOString() };

async function waitFor<T>(check: () => T | undefined, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** The mail's text as written: quoted-printable's soft breaks and escapes undone. */
function mailText(mail: ReceivedMail): string {
  const soft = mail.raw.replace(/=\r?\n/g, '');
  const bytes = soft.replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** The receipt mails sent to an address about one sample (the booking's confirmation names none). */
const receiptMails = (address: string, idflNumber: string) =>
  received
    .filter((m) => m.to.includes(address))
    .map(mailText)
    .filter((text) => text.includes(idflNumber));

/** A booking's samples, confirmed (New, awaiting their receipt), mailed to `email`. */
async function confirmedSamples(token: string, overrides: Parameters<typeof submitBooking>[1] = {}) {
  const { id } = await submitBooking(t, overrides);
  const res = await t.request('PUT', `/api/cs-lab/check-in?id=${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.sampleEntries as { id: number; idflNumber: string }[];
}

async function receive(token: string, id: number, receipt: Record<string, unknown>) {
  const res = await t.request('PUT', `/api/cs-lab/check-in?id=${id}&entry=sample`, { token, body: receipt });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const decide = (token: string, id: number, body: unknown) =>
  t.request('PUT', `/api/cs-lab/receipt-decision?id=${id}`, { token, body });

describe('[RECEIPT DAMAGE] a sample received damaged or insufficient waits for the client', () => {
  it('holds a damaged sample, mails what was found, and moves on once CS records "test as received"', async () => {
    const admin = await t.signInAsAdmin();
    const cs = await t.userWith([
      'CanCheckInSampleEntryCs',
      'CanTransferSampleEntryToTester',
      'CanViewDetailSampleEntryCs',
    ]);
    const [first] = await confirmedSamples(admin, { email: 'damaged@client.test' });
    await receive(cs.token, first!.id, {
      ...RECEIPT,
      receivedCondition: 'damaged',
      receiptNote: 'Bag torn, fibres spilled',
    });

    // The next step is refused with its own code while the sample is held.
    const held = await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${first!.id}`, { token: admin });
    expect(held.status).toBe(409);
    expect(held.body.code).toBe('sampleHeldOnReceipt');
    const detail = await t.request('GET', `/api/cs-lab/get-detail/${first!.id}`, { token: cs.token });
    expect(detail.body.data.availableActions).not.toContain('transferToTester');

    // The receipt mail says what was found and asks for the client's decision.
    await t.settled();
    const text = await waitFor(() => receiptMails('damaged@client.test', first!.idflNumber)[0]);
    expect(text).toContain(`We found that sample ${first!.idflNumber} arrived damaged.`);
    expect(text).toContain('Our note on its receipt: Bag torn, fibres spilled');
    expect(text).toContain('test it as received, send a replacement, or have it returned');

    const decided = await decide(cs.token, first!.id, { decision: 'testAsReceived', note: 'Client agreed by phone' });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.data).toMatchObject({
      status: 'CsConfirmed',
      receiptDecision: 'testAsReceived',
      receiptDecisionNote: 'Client agreed by phone',
      receiptDecisionBy: cs.id,
    });
    // Released: no further decision to record, and the step proceeds.
    expect((await decide(cs.token, first!.id, { decision: 'return' })).body.code).toBe('sampleNotHeldOnReceipt');
    const sent = await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${first!.id}`, { token: admin });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body.data.status).toBe('SentToTester');

    // The chain of custody has the decision, by whom, in the order it happened.
    const records = await t.database.db
      .select()
      .from(auditRecord)
      .where(and(eq(auditRecord.entityType, 'sample_entry'), eq(auditRecord.entityId, String(first!.id))))
      .orderBy(asc(auditRecord.id));
    expect(records.map((r) => r.action)).toEqual(['create', 'csCheckIn', 'receiptDecision', 'transferToTester']);
    expect(records[2]).toMatchObject({ actorId: cs.id, fromStatus: null, toStatus: null });
    expect(records[2]!.changes).toMatchObject({
      receiptDecision: { from: null, to: 'testAsReceived' },
      receiptDecisionNote: { from: null, to: 'Client agreed by phone' },
    });
    const timeline = await t.request('GET', `/api/cs-lab/get-detail/${first!.id}`, { token: cs.token });
    expect(timeline.body.data.timeline.map((e: { action: string }) => e.action)).toContain('receiptDecision');
  });

  it("mails an insufficient receipt in the booking's language even after the booking's first receipt mail", async () => {
    const admin = await t.signInAsAdmin();
    const [first, second] = await confirmedSamples(admin, { email: 'vi-client@client.test', language: 'vi' });
    await receive(admin, first!.id, RECEIPT);
    await receive(admin, second!.id, { ...RECEIPT, receivedCondition: 'insufficient' });
    await t.settled();
    const [firstMail] = await waitFor(() => {
      const mails = receiptMails('vi-client@client.test', first!.idflNumber);
      return mails.length ? mails : undefined;
    });
    expect(firstMail).not.toContain('Chúng tôi nhận thấy');
    const secondMail = await waitFor(() => receiptMails('vi-client@client.test', second!.idflNumber)[0]);
    expect(secondMail).toContain(
      `Chúng tôi nhận thấy mẫu ${second!.idflNumber} đến nơi với số lượng không đủ để thử nghiệm.`,
    );
    // The intact one moves on; the insufficient one is held.
    expect((await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${first!.id}`, { token: admin })).status).toBe(
      200,
    );
    expect((await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${second!.id}`, { token: admin })).status).toBe(
      409,
    );
  });

  it('awaits a replacement as a new receipt, and keeps a returned sample on hold', async () => {
    const admin = await t.signInAsAdmin();
    const [first, second] = await confirmedSamples(admin);
    await receive(admin, first!.id, { ...RECEIPT, receivedCondition: 'damaged' });
    await receive(admin, second!.id, { ...RECEIPT, receivedCondition: 'insufficient' });

    const replaced = await decide(admin, first!.id, { decision: 'replacement' });
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.data).toMatchObject({ status: 'New', receiptDecision: 'replacement' });
    const [replacement] = await t.database.db
      .select()
      .from(auditRecord)
      .where(and(eq(auditRecord.entityId, String(first!.id)), eq(auditRecord.action, 'awaitReplacement')));
    expect(replacement).toMatchObject({ fromStatus: 'CsConfirmed', toStatus: 'New' });
    expect(replacement!.changes).toMatchObject({ receiptDecision: { from: null, to: 'replacement' } });
    // The replacement's own receipt is judged afresh: intact, it moves on.
    const again = await receive(admin, first!.id, RECEIPT);
    expect(again).toMatchObject({ status: 'CsConfirmed', receivedCondition: 'intact', receiptDecision: null });
    expect((await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${first!.id}`, { token: admin })).status).toBe(
      200,
    );

    const returned = await decide(admin, second!.id, { decision: 'return', note: 'Client wants it back' });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    expect(returned.body.data).toMatchObject({ status: 'CsConfirmed', receiptDecision: 'return' });
    const stillHeld = await t.request('PUT', `/api/cs-lab/transfer-to-tester?id=${second!.id}`, { token: admin });
    expect(stillHeld.status).toBe(409);
    expect(stillHeld.body.code).toBe('sampleHeldOnReceipt');
  });

  it('lets only Customer Service record the decision, and refuses a decision that is not one of the three', async () => {
    const admin = await t.signInAsAdmin();
    const [sample] = await confirmedSamples(admin);
    await receive(admin, sample!.id, { ...RECEIPT, receivedCondition: 'damaged' });
    const tester = await t.userWith(['CanCheckInSampleEntryTester', 'CanUpdateSampleEntryTester']);
    const refused = await decide(tester.token, sample!.id, { decision: 'testAsReceived' });
    expect(refused.status).toBe(403);

    const bad = await decide(admin, sample!.id, { decision: 'testAnyway' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      decision: "Choose the client's decision: test as received, send a replacement or return the sample",
    });
    const missing = await decide(admin, sample!.id, {});
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toHaveProperty('decision');

    // Nothing was recorded: the sample is still held.
    const [row] = await t.database.db.select().from(sampleEntry).where(eq(sampleEntry.id, sample!.id));
    expect(row).toMatchObject({ status: 'CsConfirmed', receiptDecision: null });

    // An intact sample has no decision to record.
    const [, intact] = await confirmedSamples(admin);
    await receive(admin, intact!.id, RECEIPT);
    const notHeld = await decide(admin, intact!.id, { decision: 'testAsReceived' });
    expect(notHeld.status).toBe(409);
    expect(notHeld.body.code).toBe('sampleNotHeldOnReceipt');
  });
});
