import { describe, expect, it } from 'vitest';
import type { ZodError } from 'zod';
import {
  blankBookingForm,
  bookingFormSchema,
  cancelBookingSchema,
  maxSamplePreparedDate,
  minSamplePreparedDate,
  type BookingFormValues,
} from '../../src/shared/schemas/booking.ts';
import { otherPayer, payerFieldMessages, today } from '../server/support/bookings.ts';

function errorsOf(error: ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) errors[issue.path.map(String).join('.')] ??= issue.message;
  return errors;
}

function validBooking(overrides: Partial<BookingFormValues> = {}): BookingFormValues {
  return {
    ...blankBookingForm(),
    applicantContactPerson: 'Nguyen Van An',
    applicantCompany: 'Saigon Cotton Co.',
    telephone: '+84 28 1234 5678',
    email: 'an@saigon-cotton.vn',
    address: '12 Le Loi',
    cityStateCountry: 'Ho Chi Minh City, Vietnam',
    samplePreparedDate: today(),
    sampleTypes: [{ type: 'Cotton lint', composition: '100% cotton', expectedOrigins: [{ origin: 'Vietnam' }] }],
    isConfirmAccurate: true,
    ...overrides,
  };
}

function failures(values: unknown) {
  const result = bookingFormSchema.safeParse(values);
  expect(result.success).toBe(false);
  return errorsOf(result.error!);
}

describe('[BOOKING FORM] schema', () => {
  it('accepts a complete booking and fills in the defaults', () => {
    const parsed = bookingFormSchema.parse(validBooking());
    expect(parsed.payerInfo.isTheSameClientInfo).toBe(true);
    expect(parsed.factoryInfo.enabled).toBe(false);
    expect(parsed.rushService).toBe(false);
    expect(parsed.sendReportEmail).toBe(true);
    expect(parsed.attachmentFileIds).toEqual([]);
    expect(parsed.samplePreparedDate).toBe(today());
  });

  it('requires every applicant field with "This field is required."', () => {
    const errors = failures({});
    for (const field of [
      'applicantContactPerson',
      'applicantCompany',
      'telephone',
      'email',
      'address',
      'cityStateCountry',
      'samplePreparedDate',
    ]) {
      expect(errors[field]).toBe('This field is required.');
    }
    expect(errors.isConfirmAccurate).toBe('Please confirm that all information provided is accurate and complete.');
    expect(errors.sampleTypes).toBe('At least one sample type is required.');
  });

  it('treats blank text as missing', () => {
    const errors = failures(validBooking({ applicantCompany: '   ', telephone: '' }));
    expect(errors).toEqual({ applicantCompany: 'This field is required.', telephone: 'This field is required.' });
  });

  it('requires at least one sample type, each with type, composition and an expected origin', () => {
    expect(failures(validBooking({ sampleTypes: [] }))).toEqual({
      sampleTypes: 'At least one sample type is required.',
    });
    const errors = failures(
      validBooking({
        sampleTypes: [
          { type: 'Wool', composition: 'Merino', expectedOrigins: [{ origin: 'Australia' }] },
          { type: ' ', composition: '', expectedOrigins: [{ origin: 'India' }, { origin: '' }] },
          { type: 'Down', composition: 'Goose', expectedOrigins: [] },
        ],
      }),
    );
    expect(errors).toEqual({
      'sampleTypes.1.type': 'Type is required',
      'sampleTypes.1.composition': 'Composition is required',
      'sampleTypes.1.expectedOrigins.1.origin': 'Expected origin is required',
      'sampleTypes.2.expectedOrigins': 'Expected origin is required',
    });
  });

  it('requires the accuracy confirmation to be checked', () => {
    expect(failures(validBooking({ isConfirmAccurate: false }))).toEqual({
      isConfirmAccurate: 'Please confirm that all information provided is accurate and complete.',
    });
  });

  it('asks nothing of the payer while the payer is the applicant', () => {
    expect(bookingFormSchema.safeParse(validBooking({ payerInfo: { isTheSameClientInfo: true } })).success).toBe(true);
  });

  it('requires the seven payer fields, each with its own message, when the payer differs', () => {
    const errors = failures(validBooking({ payerInfo: { isTheSameClientInfo: false, companyName: '  ' } }));
    expect(errors).toEqual({
      'payerInfo.companyName': 'Company name is required',
      ...payerFieldMessages,
    });
    expect(bookingFormSchema.safeParse(validBooking({ payerInfo: otherPayer })).success).toBe(true);
  });

  it('shows payer and applicant errors together', () => {
    const errors = failures({ ...validBooking({ applicantCompany: '' }), payerInfo: { isTheSameClientInfo: false } });
    expect(errors.applicantCompany).toBe('This field is required.');
    expect(errors['payerInfo.companyName']).toBe('Company name is required');
  });

  it('requires the factory fields only while the factory block is enabled', () => {
    expect(
      bookingFormSchema.safeParse(validBooking({ factoryInfo: { enabled: false, factoryName: '' } })).success,
    ).toBe(true);
    expect(failures(validBooking({ factoryInfo: { enabled: true } }))).toEqual({
      'factoryInfo.factoryName': 'Factory name is required',
      'factoryInfo.contactName': 'This field is required.',
      'factoryInfo.phone': 'This field is required.',
      'factoryInfo.email': 'This field is required.',
      'factoryInfo.address': 'This field is required.',
      'factoryInfo.cityStateCountry': 'This field is required.',
    });
  });

  it('checks e-mail formats but lets the optional report e-mail be blank', () => {
    expect(failures(validBooking({ email: 'not-an-email' }))).toEqual({ email: 'Please enter a valid email' });
    expect(failures(validBooking({ emailReportToEmail: 'nope' }))).toEqual({
      emailReportToEmail: 'Please enter a valid email',
    });
    expect(bookingFormSchema.safeParse(validBooking({ emailReportToEmail: '' })).success).toBe(true);
    expect(bookingFormSchema.safeParse(validBooking({ emailReportToEmail: 'qa@brand.com' })).success).toBe(true);
  });

  it('keeps the sample prepared date within a year of today', () => {
    expect(minSamplePreparedDate(new Date('2026-03-15T10:00:00Z'))).toBe('2025-03-15');
    expect(maxSamplePreparedDate(new Date('2026-03-15T10:00:00Z'))).toBe('2027-03-15');
    expect(bookingFormSchema.safeParse(validBooking({ samplePreparedDate: minSamplePreparedDate() })).success).toBe(
      true,
    );
    expect(bookingFormSchema.safeParse(validBooking({ samplePreparedDate: maxSamplePreparedDate() })).success).toBe(
      true,
    );
    expect(failures(validBooking({ samplePreparedDate: '1999-01-01' }))).toEqual({
      samplePreparedDate: 'The sample prepared date must be within one year of today.',
    });
    expect(failures(validBooking({ samplePreparedDate: '2026-02-30' }))).toEqual({
      samplePreparedDate: 'Please enter a valid date.',
    });
    expect(failures(validBooking({ samplePreparedDate: 'March 3, 2026' }))).toEqual({
      samplePreparedDate: 'Please enter a valid date.',
    });
  });

  it('accepts an ISO date-time and keeps its calendar date', () => {
    const parsed = bookingFormSchema.parse(validBooking({ samplePreparedDate: `${today()}T08:30:00.000Z` }));
    expect(parsed.samplePreparedDate).toBe(today());
  });

  it('accepts only uuid attachment ids', () => {
    expect(failures(validBooking({ attachmentFileIds: ['42'] }))).toEqual({
      'attachmentFileIds.0': 'Unknown attachment.',
    });
  });
});

describe('[BOOKING FORM] cancel dialog', () => {
  it('requires a reason', () => {
    for (const body of [{}, { cancelReason: '' }, { cancelReason: '   ' }]) {
      const result = cancelBookingSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(errorsOf(result.error!)).toEqual({ cancelReason: 'Please enter a reason for cancellation.' });
    }
    expect(cancelBookingSchema.parse({ cancelReason: ' Client withdrew ' })).toEqual({
      cancelReason: 'Client withdrew',
    });
  });
});
