import { formatDisplayDate } from '../../shared/display-date.ts';
import type { BookingInput } from '../../shared/schemas/booking.ts';
import type { Executor } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Language } from '../../app/lib/language.ts';
import { confirmationLinkLines, recordClientMail } from './client-portal-mail.ts';
import type { Mailer } from './mail.ts';
import { mayMailFormRecipient } from './recipient-limits.ts';

export type LabContact = { email: string; phone: string };

export const labContactOf = (env: Pick<Env, 'LAB_CONTACT_EMAIL' | 'LAB_CONTACT_PHONE'>): LabContact => ({
  email: env.LAB_CONTACT_EMAIL,
  phone: env.LAB_CONTACT_PHONE,
});

type CreatedBooking = { id: number; bookingNumber: string; createdAt: Date };

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/**
 * What the confirmation mail says the laboratory received: only what the form's own controls
 * produce (a date, a count, yes/no), never text typed into it. Anyone can type any e-mail address
 * into the public form, and nothing proves it is theirs: names, company, addresses, sample types,
 * origins and notes are the requester's free text, and echoing them would let a stranger send
 * words of their choice under the laboratory's name.
 */
export function bookingSummaryLines(input: BookingInput): string[] {
  return [
    `Sample prepared on: ${formatDisplayDate(input.samplePreparedDate, 'en')}`,
    `Sample types: ${input.sampleTypes.length}`,
    `Rush service: ${yesNo(input.rushService)}`,
    `Return the samples: ${yesNo(input.returnSample)}`,
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
    language = 'en',
  }: { booking: CreatedBooking; input: BookingInput; contact: LabContact; baseUrl: string; language?: Language },
): Promise<boolean> {
  if (!(await mayMailFormRecipient(db, input.email))) return false;
  // The one-time link to My orders (docs/client-portal.md); kept only redacted once delivered.
  const link = await confirmationLinkLines(db, input.email, baseUrl, language);
  const textWith = (linkText: string) =>
    [
      'Dear customer,',
      '',
      `Thank you for your order request. Your booking number is ${booking.bookingNumber}.`,
      'Please write it on every sample bag and on the parcel, and quote it when you contact us.',
      '',
      'What we received:',
      ...bookingSummaryLines(input).map((line) => `  ${line}`),
      '',
      'For your protection, this message does not repeat the details entered in the form; our customer',
      'service team goes through them with you when confirming the request.',
      '',
      'What happens next:',
      '  1. Our customer service team reviews the request and confirms it, usually within one working day.',
      '  2. Pack and label the samples as our Guidelines describe, and send them to the laboratory.',
      '  3. We check the samples in when they arrive and keep you informed until the report is ready.',
      '',
      'If you did not send this request, you can ignore this message.',
      `Questions? Write to ${contact.email} or call ${contact.phone}.`,
      '',
      linkText,
    ].join('\n');
  await mailer.send(db, {
    to: input.email,
    subject: `Booking ${booking.bookingNumber} received`,
    text: textWith(link.text),
    redactedText: textWith(link.redactedText),
  });
  await recordClientMail(db, booking.id, 'confirmation', input.email);
  return true;
}
