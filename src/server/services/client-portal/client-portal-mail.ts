import { and, eq, sql } from 'drizzle-orm';
import enWords from '../../../shared/locales/en/client-portal.json' with { type: 'json' };
import viWords from '../../../shared/locales/vi/client-portal.json' with { type: 'json' };
import type { Language } from '../../../shared/language.ts';
import type { ClientMailKind } from '../../../shared/client-portal.ts';
import {
  CLIENT_LINK_MINUTES,
  CLIENT_MAIL_LINK_HOURS,
  clientLinkUrl,
  createClientLink,
  normalizeClientEmail,
} from '../../auth/client-sessions.ts';
import type { Executor } from '../../db/client.ts';
import { booking, clientBookingMail, clientBookingPreference, sampleEntry } from '../../db/schema.ts';
import { bookingLanguageOf } from '../../../shared/schemas/booking.ts';
import type { Mailer } from '../messaging/outbound-mail.ts';
import { countEvent, type Window } from '../accounts/rate-limit.ts';
import { mailboxOf, mayMailFormRecipient } from '../messaging/recipient-limits.ts';
import { clientBookingCondition } from './client-portal.ts';

// The client's mails: the sign-in link they ask for, and the progress mails (samples received,
// result certified, booking cancelled by the laboratory), each carrying a fresh one-time link. The
// words are the app's own (locales/<lang>/client-portal.json, "mail"), in the language given: the
// booking's language once bookings keep one, the asker's for a sign-in link.

/**
 * Sign-in links one exact address is sent, counted only when a link goes out. The window is a
 * link's own life, so the owner always has a working link: the ones a stranger's requests sent are
 * in the owner's mailbox and still valid until the window opens again. Counted per exact address,
 * not per mailbox: a request for a "+tag" variant without bookings sends nothing and counts nothing.
 */
const SIGN_IN_LINKS_PER_RECIPIENT: Window = { limit: 3, seconds: CLIENT_LINK_MINUTES * 60 };

/** Progress mails one mailbox receives per hour, whatever the bookings: a burst of check-ins is not a flood. */
const CLIENT_MAIL_PER_RECIPIENT: Window = { limit: 20, seconds: 3600 };

const catalogues = { en: enWords.mail, vi: viWords.mail } as const;
type MailKey = keyof typeof enWords.mail;

function clientMailWords(language: Language) {
  return (key: MailKey, params: Record<string, string | number> = {}) =>
    catalogues[language][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

async function mayMailClient(db: Executor, address: string) {
  const sent = await countEvent(db, `client-mail:recipient:${mailboxOf(address)}`, CLIENT_MAIL_PER_RECIPIENT);
  return sent <= CLIENT_MAIL_PER_RECIPIENT.limit;
}

/** The body's link part, with the secret and with it blanked (the copy administrators see and that is kept). */
async function linkedText(
  db: Executor,
  { email, bookingId, baseUrl }: { email: string; bookingId: number; baseUrl: string },
  lines: (link: string) => string[],
) {
  const token = await createClientLink(db, email, CLIENT_MAIL_LINK_HOURS * 3_600_000, { bookingId });
  return {
    text: lines(clientLinkUrl(baseUrl, token)).join('\n'),
    redactedText: lines(clientLinkUrl(baseUrl, '[redacted]')).join('\n'),
  };
}

/**
 * The confirmation mail's link paragraph (booking-confirmation.ts adds it to its own text). The link
 * names the booking, so opening it confirms the booking as the applicant's own.
 */
export async function confirmationLinkLines(
  db: Executor,
  { email, bookingId, baseUrl, language }: { email: string; bookingId: number; baseUrl: string; language: Language },
) {
  const words = clientMailWords(language);
  return linkedText(db, { email, bookingId, baseUrl }, (link) => [
    words('linkLine', { hours: CLIENT_MAIL_LINK_HOURS }),
    link,
  ]);
}

/**
 * A booking that names a report recipient or payer other than the applicant tells that address, with
 * a link about this booking: opening it is how the address confirms the booking concerns it, and
 * only then does the booking show in its My orders. The words carry nothing typed into the form,
 * and these mails share the form's per-mailbox limit, so naming an address sends it little.
 */
export async function mailBookingCoParties(
  db: Executor,
  mailer: Mailer,
  {
    booking: made,
    applicant,
    coParties,
    baseUrl,
    language,
  }: {
    booking: { id: number; bookingNumber: string };
    applicant: string;
    coParties: (string | null | undefined)[];
    baseUrl: string;
    language: Language;
  },
) {
  const words = clientMailWords(language);
  const own = normalizeClientEmail(applicant);
  const addresses = new Set(coParties.filter((a): a is string => Boolean(a?.trim())).map(normalizeClientEmail));
  addresses.delete(own);
  for (const to of addresses) {
    if (!(await mayMailFormRecipient(db, to))) continue;
    const texts = await linkedText(db, { email: to, bookingId: made.id, baseUrl }, (link) => [
      words('greeting'),
      '',
      words('namedBody', { number: made.bookingNumber, hours: CLIENT_MAIL_LINK_HOURS }),
      link,
      '',
      words('ignore'),
    ]);
    await mailer.send(db, { to, subject: words('namedSubject', { number: made.bookingNumber }), ...texts });
    await recordClientMail(db, { bookingId: made.id, kind: 'named', to });
  }
}

/**
 * A sign-in link for an address that has bookings; nothing for one that has none. The caller
 * answers the same either way, after the answer is sent (routes/client-portal.ts).
 */
export async function mailClientSignInLink(
  db: Executor,
  mailer: Mailer,
  { email, baseUrl, language }: { email: string; baseUrl: string; language: Language },
) {
  const address = normalizeClientEmail(email);
  const [known] = await db.select({ id: booking.id }).from(booking).where(clientBookingCondition(address)).limit(1);
  if (!known) return false;
  const sent = await countEvent(db, `client-link:recipient:${address}`, SIGN_IN_LINKS_PER_RECIPIENT);
  if (sent > SIGN_IN_LINKS_PER_RECIPIENT.limit) return false;
  const token = await createClientLink(db, address, CLIENT_LINK_MINUTES * 60_000);
  const words = clientMailWords(language);
  const body = (link: string) =>
    [words('greeting'), '', words('signInBody', { minutes: CLIENT_LINK_MINUTES }), link, '', words('ignore')].join(
      '\n',
    );
  await mailer.send(db, {
    to: address,
    subject: words('signInSubject'),
    text: body(clientLinkUrl(baseUrl, token)),
    redactedText: body(clientLinkUrl(baseUrl, '[redacted]')),
  });
  return true;
}

/** Records a mail sent to the client about a booking, for the staff booking detail. */
export async function recordClientMail(
  db: Executor,
  { bookingId, kind, to }: { bookingId: number; kind: ClientMailKind; to: string },
) {
  await db.insert(clientBookingMail).values({ bookingId, kind, to: normalizeClientEmail(to) });
}

export type ProgressMail = {
  bookingId: number;
  kind: Exclude<ClientMailKind, 'confirmation' | 'named'>;
  baseUrl: string;
  /** The sample's number, for receipt and certification. */
  sample?: string;
  /** For a receipt: what was found when the sample arrived damaged or insufficient, and staff's note. */
  receiptProblem?: { condition: 'damaged' | 'insufficient'; note: string | null };
  /** The certificate's version, the one it replaces, and the reason, for an amendment or a revocation. */
  version?: number;
  previous?: number;
  reason?: string;
};

/** Mails the client gets whatever they chose: a withdrawn certificate may already be in others' hands. */
const mailsAlwaysSent: readonly ClientMailKind[] = ['revoked'];

/**
 * A progress mail to the booking's applicant, unless they turned these off for the booking. A
 * booking's samples are often checked in together: "received" goes once per booking, except for a
 * sample found damaged or insufficient: that one is held until the client decides, so they are
 * told what was found whatever was mailed before.
 */
export async function mailClientProgress(db: Executor, mailer: Mailer, mail: ProgressMail) {
  const [row] = await db.select().from(booking).where(eq(booking.id, mail.bookingId));
  if (!row) return false;
  const to = normalizeClientEmail(row.email);
  const [preference] = await db
    .select({ mailsOff: clientBookingPreference.mailsOff })
    .from(clientBookingPreference)
    .where(and(eq(clientBookingPreference.bookingId, row.id), eq(clientBookingPreference.email, to)));
  // A sample held on receipt waits on the client's answer: they are asked even with mails off.
  if (preference?.mailsOff && !mailsAlwaysSent.includes(mail.kind) && !mail.receiptProblem) return false;
  if (mail.kind === 'received' && !mail.receiptProblem) {
    const [already] = await db
      .select({ n: sql<number>`1` })
      .from(clientBookingMail)
      .where(and(eq(clientBookingMail.bookingId, row.id), eq(clientBookingMail.kind, 'received')))
      .limit(1);
    if (already) return false;
  }
  if (!(await mayMailClient(db, to))) return false;
  // In the language the booking was made in, which the booking keeps.
  const words = clientMailWords(bookingLanguageOf(row.language));
  const params = {
    number: row.bookingNumber,
    sample: mail.sample ?? '',
    version: mail.version ?? '',
    previous: mail.previous ?? '',
    reason: mail.reason ?? '',
  };
  const subjects = {
    received: 'receivedSubject',
    certified: 'certifiedSubject',
    cancelled: 'cancelledSubject',
    reissued: 'reissuedSubject',
    revoked: 'revokedSubject',
  } as const satisfies Record<ProgressMail['kind'], MailKey>;
  const bodies = {
    received: 'receivedBody',
    certified: 'certifiedBody',
    cancelled: 'cancelledBody',
    reissued: 'reissuedBody',
    revoked: 'revokedBody',
  } as const satisfies Record<ProgressMail['kind'], MailKey>;
  const problem = mail.receiptProblem;
  const found = problem
    ? [
        '',
        words(problem.condition === 'damaged' ? 'receivedDamaged' : 'receivedInsufficient', params),
        ...(problem.note ? [words('receiptNoteLine', { note: problem.note })] : []),
        words('receiptHoldAsk'),
      ]
    : [];
  const texts = await linkedText(db, { email: to, bookingId: row.id, baseUrl: mail.baseUrl }, (link) => [
    words('greeting'),
    '',
    words(bodies[mail.kind], params),
    ...found,
    '',
    words('linkLine', { hours: CLIENT_MAIL_LINK_HOURS }),
    link,
    '',
    words('optOut'),
  ]);
  await mailer.send(db, { to, subject: words(subjects[mail.kind], params), ...texts });
  await recordClientMail(db, { bookingId: row.id, kind: mail.kind, to });
  return true;
}

export type SampleProgressMail = Omit<ProgressMail, 'bookingId' | 'sample' | 'receiptProblem' | 'kind'> & {
  sampleId: number;
  kind: 'received' | 'certified' | 'reissued' | 'revoked';
};

/**
 * The same for a sample: tells the client of the booking it came from, if any. A receipt that found
 * the sample damaged or insufficient carries what was found, since the sample is held until they decide.
 */
export async function mailSampleProgress(db: Executor, mailer: Mailer, { sampleId, ...news }: SampleProgressMail) {
  const [sample] = await db
    .select({
      bookingId: sampleEntry.bookingId,
      idflNumber: sampleEntry.idflNumber,
      receivedCondition: sampleEntry.receivedCondition,
      receiptNote: sampleEntry.receiptNote,
    })
    .from(sampleEntry)
    .where(eq(sampleEntry.id, sampleId));
  if (!sample?.bookingId) return false;
  const condition = sample.receivedCondition;
  const receiptProblem =
    news.kind === 'received' && (condition === 'damaged' || condition === 'insufficient')
      ? { condition, note: sample.receiptNote }
      : undefined;
  return mailClientProgress(db, mailer, {
    bookingId: sample.bookingId,
    ...news,
    sample: sample.idflNumber,
    ...(receiptProblem ? { receiptProblem } : {}),
  });
}
