import { randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import { QUICK_FILL_CODE_WRONG, type QuickFillCompanyData } from '../../../shared/schemas/booking.ts';
import { sha256 } from '../../auth/tokens.ts';
import type { Executor } from '../../db/client.ts';
import { quickFillCode } from '../../db/schema.ts';
import { badRequest } from '../../errors.ts';
import type { Mailer } from '../messaging/outbound-mail.ts';
import { mayMailFormRecipient } from '../messaging/recipient-limits.ts';
import { clientWords } from '../client-portal/client-words.ts';
import { countEvent, currentCount, tooManyRequests, type Window } from '../accounts/rate-limit.ts';

const QUICK_FILL_DAYS = 90;
/**
 * Wrong codes allowed per e-mail, per phone and per caller address before the lookup is refused for
 * a while. A right code does not clear them: anyone can book with a stranger's phone and get a code
 * of their own for it, and must not be able to reset the count with it between guesses.
 */
export const QUICK_FILL_WRONG_LIMIT: Window = { limit: 5, seconds: 15 * 60 };
/** All lookups per address, right or wrong, so the endpoint cannot be used to probe for customers. */
const QUICK_FILL_LOOKUP_LIMIT: Window = { limit: 30, seconds: 15 * 60 };

/** Phones are compared by their digits only: "+84 (28) 123-4567" and "84281234567" are the same line. */
function normalizePhone(phone: string): string {
  return phone.replace(/\D+/g, '');
}

const normalizeEmail = (email: string) => email.trim().toLowerCase();

// A 6-digit code has little entropy, so a stolen table could be brute-forced whatever the hash:
// the rate limits are the real protection; hashing with the address keeps codes out of plain sight.
const hashCode = (email: string, code: string) => sha256(`quick-fill:${normalizeEmail(email)}:${code.trim()}`);

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

export type Applicant = {
  applicantCompany: string;
  applicantContactPerson: string;
  telephone: string;
  email: string;
  address: string;
  cityStateCountry: string;
  /** "Keep my contact details for my next bookings": without it, no code and no company data kept. */
  isAgreeRegistration: boolean;
  /** The booking's language ('en' | 'vi'): the code's mail is written in it. */
  language?: string | null;
};

function companyDataOf(applicant: Applicant): QuickFillCompanyData {
  return {
    companyName: applicant.applicantCompany,
    phone: applicant.telephone,
    address: applicant.address,
    cityStateCountry: applicant.cityStateCountry,
    contactName: applicant.applicantContactPerson,
    email: applicant.email,
  };
}

/**
 * After a booking whose applicant agreed to have their details kept: the first booking from an e-mail (or the first since its code expired) gets a
 * quick-fill code mailed to the applicant. A live code keeps the company data it was issued with:
 * anyone can submit the public form with someone else's e-mail, and must not be able to change what
 * that client's code fills in.
 */
export async function offerQuickFill(db: Executor, mailer: Mailer, applicant: Applicant, now = new Date()) {
  if (!applicant.isAgreeRegistration) return { issued: false as const };
  const email = normalizeEmail(applicant.email);
  const companyData = companyDataOf(applicant);
  const live = await db
    .select({ id: quickFillCode.id })
    .from(quickFillCode)
    .where(and(eq(quickFillCode.email, email), gt(quickFillCode.expiresAt, now)))
    .limit(1);
  if (live.length) return { issued: false as const };
  // Past the mailbox's limit no code is issued (a live code unmailed would block the next one for
  // 90 days); a later booking offers it again.
  if (!(await mayMailFormRecipient(db, applicant.email))) return { issued: false as const };

  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + QUICK_FILL_DAYS * 24 * 3600 * 1000);
  await db.insert(quickFillCode).values({
    email,
    phone: normalizePhone(applicant.telephone),
    codeHash: hashCode(email, code),
    companyData,
    expiresAt,
  });
  const words = clientWords(applicant.language);
  await mailer.send(db, {
    to: applicant.email,
    subject: words('mail.quickFill.subject'),
    text: [
      // No name: the address is whatever the form was given, so no text typed into it is echoed.
      words('mail.dearCustomer'),
      '',
      words('mail.quickFill.thanks'),
      '',
      `    ${code}`,
      '',
      words('mail.quickFill.validity', { days: QUICK_FILL_DAYS }),
    ].join('\n'),
  });
  return { issued: true as const, code };
}

const wrongCodesForEmail = (email: string) => `quick-fill:wrong:email:${email}`;
const wrongCodesForPhone = (phone: string) => `quick-fill:wrong:phone:${phone}`;

/**
 * Quick data entry. A wrong code counts against the caller's address, against the e-mail or phone
 * asked about, and against every e-mail and phone of the live codes it could have been for: asking
 * by phone instead of by e-mail does not start a fresh count. Once any of them has had too many in
 * its window, lookups for it (or from the address) are refused until the window ends.
 */
export async function lookUpQuickFill(
  db: Executor,
  { request, code, address }: { request: string; code: string; address: string },
  now = new Date(),
): Promise<QuickFillCompanyData> {
  const isEmail = request.includes('@');
  const key = isEmail ? normalizeEmail(request) : normalizePhone(request);
  const wrongByAddress = `quick-fill:wrong:address:${address}`;

  const lookups = await countEvent(db, `quick-fill:lookup:address:${address}`, QUICK_FILL_LOOKUP_LIMIT);
  if (lookups > QUICK_FILL_LOOKUP_LIMIT.limit) throw tooManyRequests();

  const candidates = key
    ? await db
        .select()
        .from(quickFillCode)
        .where(
          and(isEmail ? eq(quickFillCode.email, key) : eq(quickFillCode.phone, key), gt(quickFillCode.expiresAt, now)),
        )
        .orderBy(desc(quickFillCode.createdAt), desc(quickFillCode.id))
    : [];
  const counters = new Set([
    wrongByAddress,
    isEmail ? wrongCodesForEmail(key) : wrongCodesForPhone(key),
    ...candidates.flatMap((row) => [
      wrongCodesForEmail(row.email),
      ...(row.phone ? [wrongCodesForPhone(row.phone)] : []),
    ]),
  ]);
  for (const counter of counters) {
    if ((await currentCount(db, counter)) >= QUICK_FILL_WRONG_LIMIT.limit) throw tooManyRequests();
  }

  const match = candidates.find((row) => sameHash(row.codeHash, hashCode(row.email, code)));
  if (!match) {
    for (const counter of counters) await countEvent(db, counter, QUICK_FILL_WRONG_LIMIT);
    throw badRequest('quickFillCodeWrong', {}, { code: QUICK_FILL_CODE_WRONG });
  }
  return match.companyData as QuickFillCompanyData;
}

/** Codes past their 90 days are useless; the periodic clean-up (housekeeping.ts) drops them. */
export async function deleteExpiredQuickFillCodes(db: Executor, now = new Date()): Promise<number> {
  const removed = await db
    .delete(quickFillCode)
    .where(sql`${quickFillCode.expiresAt} <= ${now}`)
    .returning({ id: quickFillCode.id });
  return removed.length;
}
