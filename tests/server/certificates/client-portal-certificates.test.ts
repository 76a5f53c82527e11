import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clientBookingMail, sampleEntry } from '../../../src/server/db/schema.ts';
import { submitBooking } from '../support/bookings.ts';
import { clientSessionCookie } from '../support/client-sessions.ts';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp } from '../support/test-app.ts';

// A client's certificates on My orders (docs/client-portal.md): each version with its standing, the
// PDF for their own samples only, and a mail when a result is certified.

const t = useTestApp();

describe('[CLIENT PORTAL] certificates', () => {
  it('shows every version with its standing, serves the PDF to its client only, and mails the certification', async () => {
    const admin = await t.signInAsAdmin();
    const booked = await submitBooking(t, { email: 'cert@client.test' });
    const sample = await sampleAt(t, admin, 'ResultConfirmed');
    // The journey helper makes a sample of its own; here it belongs to the client's booking.
    await t.database.db.update(sampleEntry).set({ bookingId: booked.id }).where(eq(sampleEntry.id, sample.id));
    const first = await t.request('PUT', `/api/issue-certificate?id=${sample.id}`, { token: admin });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const second = await t.request('PUT', `/api/issue-certificate?id=${sample.id}&supersedes=1`, {
      token: admin,
      body: { reason: 'Sample weight corrected' },
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const revoked = await t.request('PUT', `/api/issue-certificate/revoke?id=${sample.id}`, {
      token: admin,
      body: { reason: 'Wrong sample weight printed' },
    });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);

    const cookie = await clientSessionCookie(t, 'cert@client.test');
    const view = await t.request('GET', `/api/client/bookings/${booked.id}`, { headers: { cookie } });
    const [shown] = view.body.data.samples;
    expect(shown.stage).toBe('completed');
    // Its certificate in force is revoked: the portal words it so rather than "Completed".
    expect(shown.certificateRevoked).toBe(true);
    expect(shown.stages.map((s: { stage: string }) => s.stage)).toEqual([
      'received',
      'testing',
      'isotopeLab',
      'review',
      'completed',
    ]);
    expect(shown.stages.every((s: { at: string | null }) => typeof s.at === 'string')).toBe(true);
    expect(shown.certificates.map((c: { version: number; status: string }) => [c.version, c.status])).toEqual([
      [2, 'Revoked'],
      [1, 'Superseded'],
    ]);

    const pdf = await t.request('GET', `/api/client/certificates/${first.body.data.token}/file`, {
      headers: { cookie },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');

    const stranger = await clientSessionCookie(t, 'stranger@client.test');
    const refused = await t.request('GET', `/api/client/certificates/${first.body.data.token}/file`, {
      headers: { cookie: stranger },
    });
    expect(refused.status).toBe(404);

    // One mail each: the certification, the amendment (which replaces version 1) and the revocation.
    const mails = await t.database.db
      .select()
      .from(clientBookingMail)
      .where(and(eq(clientBookingMail.bookingId, booked.id)));
    expect(mails.map((m) => m.kind).filter((kind) => kind !== 'confirmation')).toEqual([
      'certified',
      'reissued',
      'revoked',
    ]);
  });
});
