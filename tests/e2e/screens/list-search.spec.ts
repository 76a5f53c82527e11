import { roleUsers } from '../support/accounts.ts';
import { expect, signInThroughApi, test } from '../support/fixtures.ts';
import { bookingBody, submitBookingThroughApi } from '../support/page-models/booking-pages.ts';
import { authorised } from '../support/sample-seeding.ts';

// A list's filters and page live in the address: a filtered list survives a reload, and
// Back returns to the filter before.

test.describe('[LIST SEARCH]', () => {
  test('[LIST SEARCH] a bench list keeps its filter through a reload, and Back returns to the filter before', async ({
    page,
    request,
    openSignedIn,
  }) => {
    const cs = await signInThroughApi(request, roleUsers.CustomerService);
    const stamp = Date.now().toString(36).toUpperCase();
    const [first, second] = [`LS-A-${stamp}`, `LS-B-${stamp}`];
    for (const sampleCode of [first, second]) {
      const created = await request.post('/api/cs-lab/create', {
        headers: authorised(cs),
        data: { sampleType: 'Cotton', sampleCode, source: 'E2E list search', fromClientInfo: `Seeded ${sampleCode}` },
      });
      expect(created.status()).toBe(201);
    }
    const rowOf = (code: string) => page.getByRole('row').filter({ hasText: code });
    const search = page.getByRole('textbox', { name: 'Search' });

    await openSignedIn(roleUsers.CustomerService, '/clients');
    await search.fill(first);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${first}`));
    await expect(rowOf(first)).toBeVisible();
    await expect(rowOf(second)).toHaveCount(0);

    await page.reload();
    await expect(search).toHaveValue(first);
    await expect(rowOf(first)).toBeVisible();
    await expect(rowOf(second)).toHaveCount(0);

    await search.fill(second);
    await expect(page).toHaveURL(new RegExp(`[?&]search=${second}`));
    await expect(rowOf(second)).toBeVisible();
    await expect(rowOf(first)).toHaveCount(0);

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`[?&]search=${first}`));
    await expect(search).toHaveValue(first);
    await expect(rowOf(first)).toBeVisible();
    await expect(rowOf(second)).toHaveCount(0);
  });

  test('[LIST SEARCH] the bookings list keeps its filter through a reload, and Back returns to the filter before', async ({
    page,
    request,
    openSignedIn,
  }) => {
    const saigon = await submitBookingThroughApi(
      request,
      bookingBody({ email: 'an@listsearch.example', contactPerson: 'An Tran', company: 'List Search Saigon' }),
    );
    const hue = await submitBookingThroughApi(
      request,
      bookingBody({ email: 'binh@listsearch.example', contactPerson: 'Binh Ho', company: 'List Search Hue' }),
    );
    const rowOf = (company: string) => page.getByRole('row').filter({ hasText: company });
    const bookingNumber = page.getByLabel('Booking number');

    await openSignedIn(roleUsers.CustomerService, '/bookings');
    await bookingNumber.fill(saigon.bookingNumber);
    await expect(page).toHaveURL(new RegExp(`[?&]bookingNumber=${saigon.bookingNumber}`));
    await expect(rowOf('List Search Saigon')).toHaveCount(1);
    await expect(rowOf('List Search Hue')).toHaveCount(0);

    await page.reload();
    await expect(bookingNumber).toHaveValue(saigon.bookingNumber);
    await expect(rowOf('List Search Saigon')).toHaveCount(1);
    await expect(rowOf('List Search Hue')).toHaveCount(0);

    await bookingNumber.fill(hue.bookingNumber);
    await expect(rowOf('List Search Hue')).toHaveCount(1);
    await expect(rowOf('List Search Saigon')).toHaveCount(0);

    await page.goBack();
    await expect(bookingNumber).toHaveValue(saigon.bookingNumber);
    await expect(rowOf('List Search Saigon')).toHaveCount(1);
    await expect(rowOf('List Search Hue')).toHaveCount(0);
  });
});
