import type { Executor } from '../../../src/server/db/client.ts';
import type { AuthUser } from '../../../src/server/http/context.ts';
import { booking, bookingSampleType } from '../../../src/server/db/schema.ts';
import type { BookingFormValues } from '../../../src/shared/schemas/booking.ts';
import type { TestApp } from './test-app.ts';

// Booking fixtures shared by the booking, submittal-form, booking-schema, quick-fill and customer tests.

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

/**
 * A booking as the public form leaves it (UnConfirmed), written straight to the database with one
 * sample type per entry (by default two: cotton from Vietnam, wool from Australia), for the tests
 * that start at the client-side lab.
 */
export async function insertBooking(
  db: Executor,
  {
    bookingNumber = 'BK-2026-00001',
    sampleTypes = [
      { type: 'Cotton', composition: '100% cotton', origin: 'Vietnam' },
      { type: 'Wool', composition: 'Merino', origin: 'Australia' },
    ],
  }: { bookingNumber?: string; sampleTypes?: readonly { type: string; composition: string; origin: string }[] } = {},
) {
  const [row] = await db
    .insert(booking)
    .values({
      bookingNumber,
      applicantContactPerson: 'Mai Tran',
      applicantCompany: 'Acme Textiles',
      telephone: '+84 28 1234 5678',
      email: 'mai@acme.test',
      address: '1 Le Loi',
      cityStateCountry: 'Ho Chi Minh City, Vietnam',
      samplePreparedDate: '2026-03-01',
      isConfirmAccurate: true,
    })
    .returning();
  await db.insert(bookingSampleType).values(
    sampleTypes.map(({ type, composition, origin }, position) => ({
      bookingId: row!.id,
      position,
      type,
      composition,
      expectedOrigins: [{ origin }],
    })),
  );
  return row!;
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
