import type { BookingInput } from '../../shared/schemas/booking.ts';
import type { Executor } from '../db/client.ts';
import type { Env } from '../env.ts';
import type { Mailer } from './mail.ts';

export type LabContact = { email: string; phone: string };

export const labContactOf = (env: Pick<Env, 'LAB_CONTACT_EMAIL' | 'LAB_CONTACT_PHONE'>): LabContact => ({
  email: env.LAB_CONTACT_EMAIL,
  phone: env.LAB_CONTACT_PHONE,
});

type CreatedBooking = { bookingNumber: string; createdAt: Date };

const yesNo = (value: boolean) => (value ? 'yes' : 'no');

/** The summary both the mail and the confirmation page show: what the laboratory now holds. */
export function bookingSummaryLines(input: BookingInput): string[] {
  const lines = [
    `Contact person: ${input.applicantContactPerson}`,
    `Company: ${input.applicantCompany}`,
    `Telephone: ${input.telephone}`,
    `E-mail: ${input.email}`,
    `Address: ${input.address}, ${input.cityStateCountry}`,
    `Sample prepared on: ${input.samplePreparedDate}`,
  ];
  if (input.sampleDescription) lines.push(`Description: ${input.sampleDescription}`);
  lines.push('Sample types:');
  input.sampleTypes.forEach((sample, index) => {
    const origins = sample.expectedOrigins.map((o) => o.origin).join(', ');
    lines.push(`  ${index + 1}. ${sample.type} (${sample.composition}); expected origin: ${origins}`);
  });
  lines.push(`Rush service: ${yesNo(input.rushService)}`, `Return the samples: ${yesNo(input.returnSample)}`);
  return lines;
}

/**
 * Every booking made through the public form is confirmed by mail to its applicant, with the
 * booking number they must write on the parcel: the page they saw may be closed, the mail stays.
 */
export async function mailBookingConfirmation(
  db: Executor,
  mailer: Mailer,
  { booking, input, contact }: { booking: CreatedBooking; input: BookingInput; contact: LabContact },
) {
  await mailer.send(db, {
    to: input.email,
    subject: `Booking ${booking.bookingNumber} received`,
    text: [
      `Dear ${input.applicantContactPerson},`,
      '',
      `Thank you for your order request. Your booking number is ${booking.bookingNumber}.`,
      'Please write it on every sample bag and on the parcel, and quote it when you contact us.',
      '',
      'What we received:',
      ...bookingSummaryLines(input).map((line) => `  ${line}`),
      '',
      'What happens next:',
      '  1. Our customer service team reviews the request and confirms it, usually within one working day.',
      '  2. Pack and label the samples as our Guidelines describe, and send them to the laboratory.',
      '  3. We check the samples in when they arrive and keep you informed until the report is ready.',
      '',
      `Questions? Write to ${contact.email} or call ${contact.phone}.`,
    ].join('\n'),
  });
}
