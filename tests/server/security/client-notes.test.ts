import { describe, expect, it } from 'vitest';
import { clientBookingNote } from '../../../src/server/db/schema.ts';
import { CLIENT_NOTE_LIMITS } from '../../../src/shared/client-portal.ts';
import { clientSessionCookie } from '../support/client-sessions.ts';
import { useTestApp } from '../support/test-app.ts';

// Anyone holding a sign-in link may write client notes, and each one is an audit record shown on
// the staff booking detail: 8,000 of them once made that page 40 MB. A booking holds a bounded
// number, a client adds a bounded number an hour, and staff read them a page at a time.

const t = useTestApp();

async function clientWithBooking(email: string) {
  const cookie = await clientSessionCookie(t, email);
  const { body } = await t.request('GET', '/api/client/bookings', { headers: { cookie } });
  return { cookie, bookingId: body.data.bookings[0].id as number };
}

const addNote = (cookie: string, bookingId: number, text: string) =>
  t.request('POST', `/api/client/bookings/${bookingId}/notes`, { headers: { cookie }, body: { text } });

/** Notes already on the booking, as earlier hours (or other clients) left them. */
async function seedNotes(bookingId: number, email: string, count: number) {
  const base = Date.now() - 2 * 86_400_000;
  await t.database.db.insert(clientBookingNote).values(
    Array.from({ length: count }, (_, i) => ({
      bookingId,
      email,
      text: `Note ${i + 1}`,
      createdAt: new Date(base + i * 60_000),
    })),
  );
}

describe('[SECURITY] client notes', () => {
  it(`lets a client add ${CLIENT_NOTE_LIMITS.perHour} notes an hour, then answers 429`, async () => {
    const { cookie, bookingId } = await clientWithBooking('hourly@client.test');
    for (let i = 0; i < CLIENT_NOTE_LIMITS.perHour; i++) {
      const res = await addNote(cookie, bookingId, `Note ${i}`);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const refused = await addNote(cookie, bookingId, 'One too many');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'clientNotesTooFast', params: { max: CLIENT_NOTE_LIMITS.perHour } });
    const admin = await t.signInAsAdmin();
    const notes = await t.request('GET', `/api/bookings/client-notes/${bookingId}`, { token: admin });
    expect(notes.body.data.total).toBe(CLIENT_NOTE_LIMITS.perHour);
  });

  it(`holds at most ${CLIENT_NOTE_LIMITS.perBooking} notes on a booking, then answers 409`, async () => {
    const { cookie, bookingId } = await clientWithBooking('full@client.test');
    await seedNotes(bookingId, 'full@client.test', CLIENT_NOTE_LIMITS.perBooking - 1);
    const last = await addNote(cookie, bookingId, 'The last one');
    expect(last.status, JSON.stringify(last.body)).toBe(201);
    const refused = await addNote(cookie, bookingId, 'One too many');
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'clientNotesFull', params: { max: CLIENT_NOTE_LIMITS.perBooking } });
    const admin = await t.signInAsAdmin();
    const activity = await t.request('GET', `/api/bookings/client-activity/${bookingId}`, { token: admin });
    expect(activity.body.data.notesTotal).toBe(CLIENT_NOTE_LIMITS.perBooking);
  });

  it('gives staff the notes a page at a time, newest first, with their count', async () => {
    const { bookingId } = await clientWithBooking('paged@client.test');
    await seedNotes(bookingId, 'paged@client.test', 45);
    const admin = await t.signInAsAdmin();
    const activity = await t.request('GET', `/api/bookings/client-activity/${bookingId}`, { token: admin });
    expect(activity.status).toBe(200);
    expect(activity.body.data.notes).toHaveLength(CLIENT_NOTE_LIMITS.page);
    expect(activity.body.data.notesTotal).toBe(45);
    expect(activity.body.data.notes[0].text).toBe('Note 45');

    const seen: string[] = activity.body.data.notes.map((n: { text: string }) => n.text);
    for (let offset = CLIENT_NOTE_LIMITS.page; offset < 45; offset += CLIENT_NOTE_LIMITS.page) {
      const page = await t.request('GET', `/api/bookings/client-notes/${bookingId}?offset=${offset}`, { token: admin });
      expect(page.status).toBe(200);
      expect(page.body.data).toMatchObject({ total: 45, limit: CLIENT_NOTE_LIMITS.page, offset });
      seen.push(...page.body.data.items.map((n: { text: string }) => n.text));
    }
    expect(seen).toEqual(Array.from({ length: 45 }, (_, i) => `Note ${45 - i}`));

    const tooMany = await t.request('GET', `/api/bookings/client-notes/${bookingId}?limit=1000`, { token: admin });
    expect(tooMany.status).toBe(400);
    expect(Object.keys(tooMany.body.errors)).toEqual(['limit']);
    const unknown = await t.request('GET', '/api/bookings/client-notes/999999', { token: admin });
    expect(unknown.status).toBe(404);
  });
});
