import type { APIRequestContext, Locator, Page } from '@playwright/test';

/** The sections of the booking form, by the ids the side guide links to. */
export type BookingSection = 'applicant' | 'samples' | 'payer' | 'factory' | 'retailer' | 'review' | 'help';

/**
 * The public Order Request Form (and the staff's Create Booking, the same form). Controls are found by
 * their accessible names inside a section, so the same model works in English and in Vietnamese.
 */
export class BookingFormPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto('/booking/isotope-submittal-form');
  }

  section(name: BookingSection): Locator {
    return this.page.locator(`#booking-section-${name}`);
  }

  textbox(section: BookingSection, name: string | RegExp): Locator {
    return this.section(section).getByRole('textbox', { name, exact: typeof name === 'string' });
  }

  checkbox(section: BookingSection, name: string): Locator {
    return this.section(section).getByRole('checkbox', { name });
  }

  sampleType(number: number): Locator {
    return this.section('samples').getByRole('group', { name: new RegExp(`^(Sample type|Loại mẫu) ${number}$`) });
  }

  async chooseLanguage(label: 'English' | 'Tiếng Việt') {
    await this.page.getByRole('button', { name: /^(Language|Ngôn ngữ)/ }).click();
    await this.page.getByRole('menuitem', { name: label }).click();
  }

  get overlay(): Locator {
    return this.page.getByTestId('loading-overlay');
  }

  get confirmDialog(): Locator {
    return this.page.getByRole('alertdialog');
  }
}

/** What a test needs to make a booking without the form (the public endpoint, as an applicant would). */
export function bookingBody(overrides: { email: string; contactPerson?: string; company?: string }) {
  return {
    applicantContactPerson: overrides.contactPerson ?? 'Minh Tran',
    applicantCompany: overrides.company ?? 'Delta Rice Export',
    telephone: '+84 90 555 0101',
    email: overrides.email,
    address: '45 Le Loi',
    cityStateCountry: 'Can Tho, Vietnam',
    samplePreparedDate: new Date().toISOString().slice(0, 10),
    sampleTypes: [{ type: 'Jasmine rice', composition: 'Grain', expectedOrigins: [{ origin: 'Vietnam' }], notes: '' }],
    isAgreeRegistration: true,
    isConfirmAccurate: true,
  };
}

// Each API-made booking comes from its own documentation address (TEST-NET-3), as separate clients
// would: set-up must not spend the per-address limit of the public form that the specs' own form
// submissions, from 127.0.0.1, are held to.
let bookingClients = 0;
const nextClientAddress = () => {
  bookingClients += 1;
  return `203.0.113.${(bookingClients % 254) + 1}`;
};

export async function submitBookingThroughApi(
  request: APIRequestContext,
  body: ReturnType<typeof bookingBody>,
): Promise<{ id: number; bookingNumber: string }> {
  const response = await request.post('/api/sample-submit-form', {
    data: body,
    headers: { 'x-forwarded-for': nextClientAddress() },
  });
  if (response.status() !== 201) throw new Error(`booking not created: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { data: { id: number; bookingNumber: string } }).data;
}
