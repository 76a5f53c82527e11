import type { AuthUser } from '../../../src/server/http/context.ts';
import type { BookingFormValues } from '../../../src/shared/schemas/booking.ts';
import type { TestApp } from './test-app.ts';

// Booking fixtures shared by the booking, submittal-form, booking-schema, quick-fill and customer tests
// and the Playwright specs that fill the form: no server code is imported here.

export const today = () => new Date().toISOString().slice(0, 10);

/** A complete, valid Order Request Form; override any field. */
export function bookingForm(overrides: Partial<BookingFormValues> = {}): BookingFormValues {
  return {
    applicantContactPerson: 'Nguyen Van An',
    applicantCompany: 'Saigon Cotton Co.',
    telephone: '+84 28 1234 5678',
    email: 'an@saigon-cotton.vn',
    address: '12 Le Loi, District 1',
    cityStateCountry: 'Ho Chi Minh City, Vietnam',
    samplePreparedDate: today(),
    sampleTypes: [
      { type: 'Cotton lint', composition: '100% cotton', expectedOrigins: [{ origin: 'Vietnam' }], notes: 'Bale 7' },
      { type: 'Yarn', composition: 'Cotton/poly 60/40', expectedOrigins: [{ origin: 'India' }, { origin: 'USA' }] },
    ],
    payerInfo: { isTheSameClientInfo: true, bookingId: 0 },
    retailerInfo: { retailerName: 'Big Retail', notes: 'Spring line' },
    factoryInfo: { enabled: false },
    isAgreeRegistration: true,
    isConfirmAccurate: true,
    ...overrides,
  };
}

/** A payer other than the applicant, with every field the form then asks for. */
export const otherPayer = {
  isTheSameClientInfo: false,
  companyName: 'Payer Ltd',
  address: '1 Pay St',
  cityStateCountry: 'Hanoi, Vietnam',
  phone: '024 000',
  contactName: 'Tran Thi B',
  email: 'b@payer.vn',
  sendInvoiceToEmail: 'invoices@payer.vn',
  bookingId: 0,
} satisfies BookingFormValues['payerInfo'];

/** The form's message for each of these payer fields left empty while the payer differs. */
export const payerFieldMessages = {
  'payerInfo.address': 'Address is required',
  'payerInfo.cityStateCountry': 'City/State/Country is required',
  'payerInfo.phone': 'Phone is required',
  'payerInfo.contactName': 'Contact name is required',
  'payerInfo.email': 'Email is required',
  'payerInfo.sendInvoiceToEmail': 'Invoice email is required',
};

/** Submits the public form and answers the created booking's id and number. */
export async function submitBooking(t: TestApp, overrides: Partial<BookingFormValues> = {}) {
  const res = await t.request('POST', '/api/sample-submit-form', { body: bookingForm(overrides) });
  if (res.status !== 201) throw new Error(`submit failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; bookingNumber: string; status: string };
}

/** A client-side lab user as the booking services take one (the actor of a confirmation). */
export async function clientSideLabUser(t: TestApp): Promise<AuthUser> {
  const { id, username } = await t.userWith(['CanCheckInSampleEntryCs'], 'cs-anna');
  return {
    id,
    username,
    displayName: `Test ${username}`,
    email: `${username}@lab.test`,
    roleName: 'cs',
    permissions: [],
  };
}
