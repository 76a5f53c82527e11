import { formatDisplayDate } from '../../../shared/display-date.ts';
import type { BookingInput } from '../../../shared/schemas/booking.ts';
import type { Executor } from '../../db/client.ts';
import type { LabContact } from '../../laboratory.ts';
import { confirmationLinkLines, recordClientMail } from '../client-portal/client-portal-mail.ts';
import type { Mailer } from '../messaging/outbound-mail.ts';
import { mayMailFormRecipient } from '../messaging/recipient-limits.ts';
import { clientWords, type ClientWords } from '../client-portal/client-words.ts';

type CreatedBooking = { id: number; bookingNumber: string; createdAt: Date };

/**
 * What the confirmation mail says the laboratory received: only what the form's own controls
 * produce (a date, a count, yes/no), never text typed into it. Anyone can type any e-mail address
 * into the public form, and nothing proves it is theirs: names, company, addresses, sample types,
 * origins and notes are the requester's free text, and echoing them would let a stranger send
 * words of their choice under the laboratory's name.
 */
export function bookingSummaryLines(input: BookingInput, words: ClientWords = clientWords(input.language)): string[] {
  const yesNo = (value: boolean) => words(value ? 'mail.yes' : 'mail.no');
  return [
    words('mail.bookingConfirmation.preparedOn', { date: formatDisplayDate(input.samplePreparedDate, input.language) }),
    words('mail.bookingConfirmation.sampleTypes', { count: input.sampleTypes.length }),
    words('mail.bookingConfirmation.rush', { value: yesNo(input.rushService) }),
    words('mail.bookingConfirmation.returnSamples', { value: yesNo(input.returnSample) }),
  ];
}

/**
 * Every booking made through the public form is confirmed by mail to its applicant, with the
 * booking number they must write on the parcel: the page they saw may be closed, the mail stays.
 * At most FORM_MAIL_PER_RECIPIENT such mails go to one mailbox in its window; past it the booking is
 * kept and no mail is sent. Answers whether the mail was queued.
 */
export async function mailBookingConfirmation(
  db: Executor,
  mailer: Mailer,
  {
    booking,
    input,
    contact,
    baseUrl,
  }: { booking: CreatedBooking; input: BookingInput; contact: LabContact; baseUrl: string },
): Promise<boolean> {
  if (!(await mayMailFormRecipient(db, input.email))) return false;
  // The one-time link to My orders (docs/client-portal.md); kept only redacted once delivered.
  const link = await confirmationLinkLines(db, {
    email: input.email,
    bookingId: booking.id,
    baseUrl,
    language: input.language,
  });
  // In the language the form was filled in (the booking keeps it).
  const words = clientWords(input.language);
  const w = (key: string, params?: Record<string, string | number>) => words(`mail.bookingConfirmation.${key}`, params);
  const textWith = (linkText: string) =>
    [
      words('mail.dearCustomer'),
      '',
      w('thanks', { bookingNumber: booking.bookingNumber }),
      w('writeIt'),
      '',
      w('received'),
      ...bookingSummaryLines(input, words).map((line) => `  ${line}`),
      '',
      w('protection'),
      '',
      w('next'),
      `  ${w('step1')}`,
      `  ${w('step2')}`,
      `  ${w('step3')}`,
      '',
      w('ignore'),
      w('questions', { email: contact.email, phone: contact.phone }),
      '',
      linkText,
    ].join('\n');
  await mailer.send(db, {
    to: input.email,
    subject: w('subject', { bookingNumber: booking.bookingNumber }),
    text: textWith(link.text),
    redactedText: textWith(link.redactedText),
  });
  await recordClientMail(db, { bookingId: booking.id, kind: 'confirmation', to: input.email });
  return true;
}
