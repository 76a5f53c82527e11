import type { Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { Language } from '../../shared/language.ts';
import { booking, sampleEntry } from '../db/schema.ts';
import { bookingLanguageOf } from '../../shared/schemas/booking.ts';
import { mailClientProgress } from '../services/client-portal/client-portal-mail.ts';
import type { AppEnv } from './context.ts';
import { publicBaseUrl } from './public-url.ts';

// The staff routes that move a client's booking on (check-in, certificate, cancel) tell the client
// through here once the change has committed: a change that rolls back mails nobody.

/** The language of a booking's mails: the one it was made in (the booking keeps it). */
async function bookingMailLanguage(c: Context<AppEnv>, bookingId: number): Promise<Language> {
  const [row] = await c.var.db.select({ language: booking.language }).from(booking).where(eq(booking.id, bookingId));
  return bookingLanguageOf(row?.language);
}

type ClientNews = {
  kind: 'received' | 'certified' | 'cancelled' | 'reissued' | 'revoked';
  sample?: string;
  /** A receipt that found the sample damaged or insufficient (it is held until the client decides). */
  receiptProblem?: { condition: 'damaged' | 'insufficient'; note: string | null };
  /** For a certificate's amendment or revocation: its version, the one it replaces, and why. */
  version?: number;
  previous?: number;
  reason?: string;
};

export async function tellClientOfBooking(
  c: Context<AppEnv>,
  { bookingId, ...news }: ClientNews & { bookingId: number },
) {
  const { db, deps } = c.var;
  await mailClientProgress(db, deps.mailer, {
    bookingId,
    ...news,
    baseUrl: publicBaseUrl(deps.env, c.req.url),
    language: await bookingMailLanguage(c, bookingId),
  });
}

/** The same for a sample: tells the client of the booking it came from, if any. */
export async function tellClientOfSample(
  c: Context<AppEnv>,
  sampleId: number,
  news: Omit<ClientNews, 'sample' | 'kind' | 'receiptProblem'> & {
    kind: 'received' | 'certified' | 'reissued' | 'revoked';
  },
) {
  const [sample] = await c.var.db
    .select({
      bookingId: sampleEntry.bookingId,
      idflNumber: sampleEntry.idflNumber,
      receivedCondition: sampleEntry.receivedCondition,
      receiptNote: sampleEntry.receiptNote,
    })
    .from(sampleEntry)
    .where(eq(sampleEntry.id, sampleId));
  if (!sample?.bookingId) return;
  const condition = sample.receivedCondition;
  const receiptProblem =
    news.kind === 'received' && (condition === 'damaged' || condition === 'insufficient')
      ? { condition, note: sample.receiptNote }
      : undefined;
  await tellClientOfBooking(c, {
    bookingId: sample.bookingId,
    ...news,
    sample: sample.idflNumber,
    ...(receiptProblem ? { receiptProblem } : {}),
  });
}
