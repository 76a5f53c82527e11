import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { Language } from '../../app/lib/language.ts';
import { booking, sampleEntry } from '../db/schema.ts';
import { bookingLanguageOf } from '../../shared/schemas/booking.ts';
import { mailClientProgress } from '../services/client-portal-mail.ts';
import type { AppEnv } from './context.ts';
import { publicBaseUrl } from './public-url.ts';

// The staff routes that move a client's booking on (check-in, certificate, cancel) tell the client
// through here once the change has committed: a change that rolls back mails nobody.

/** The language of a booking's mails: the one it was made in (the booking keeps it). */
async function bookingMailLanguage(c: Context<AppEnv>, bookingId: number): Promise<Language> {
  const [row] = await c.var.db.select({ language: booking.language }).from(booking).where(eq(booking.id, bookingId));
  return bookingLanguageOf(row?.language);
}

export async function tellClientOfBooking(
  c: Context<AppEnv>,
  { bookingId, kind, sample }: { bookingId: number; kind: 'received' | 'certified' | 'cancelled'; sample?: string },
) {
  const { db, deps } = c.var;
  await mailClientProgress(db, deps.mailer, {
    bookingId,
    kind,
    sample,
    baseUrl: publicBaseUrl(deps.env, c.req.url),
    language: await bookingMailLanguage(c, bookingId),
  });
}

/** The same for a sample: tells the client of the booking it came from, if any. */
export async function tellClientOfSample(c: Context<AppEnv>, sampleId: number, kind: 'received' | 'certified') {
  const [sample] = await c.var.db
    .select({ bookingId: sampleEntry.bookingId, idflNumber: sampleEntry.idflNumber })
    .from(sampleEntry)
    .where(eq(sampleEntry.id, sampleId));
  if (!sample?.bookingId) return;
  await tellClientOfBooking(c, { bookingId: sample.bookingId, kind, sample: sample.idflNumber });
}
