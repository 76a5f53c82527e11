import { describe, expect, it } from 'vitest';
import { submitBooking } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

async function seedCustomers() {
  await submitBooking(t, {
    applicantCompany: 'Saigon Cotton Co.',
    applicantContactPerson: 'Old Contact',
    email: 'old@saigon.vn',
  });
  await submitBooking(t, { applicantCompany: 'Beta Down', applicantContactPerson: 'Minh Le', email: 'minh@beta.vn' });
  // Same company typed in another case: one customer, with the latest contact details.
  await submitBooking(t, {
    applicantCompany: 'SAIGON COTTON CO.',
    applicantContactPerson: 'New Contact',
    email: 'new@saigon.vn',
    telephone: '028 999',
    cityStateCountry: 'Thu Duc, Vietnam',
  });
}

describe('[CUSTOMERS] list', () => {
  it('groups bookings by company, newest booking first, with the latest contact details', async () => {
    const viewer = await t.userWith(['CanViewAllbooking']);
    await seedCustomers();
    const res = await t.request('GET', '/api/customers', { token: viewer.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 2, limit: 20, offset: 0 });
    expect(res.body.data.items).toEqual([
      {
        company: 'SAIGON COTTON CO.',
        contactPerson: 'New Contact',
        email: 'new@saigon.vn',
        telephone: '028 999',
        cityStateCountry: 'Thu Duc, Vietnam',
        bookingCount: 2,
        lastBookingAt: expect.any(String),
      },
      expect.objectContaining({ company: 'Beta Down', contactPerson: 'Minh Le', bookingCount: 1 }),
    ]);
    expect(Number.isNaN(Date.parse(res.body.data.items[0].lastBookingAt))).toBe(false);
  });

  it('searches every booking of a company, pages and orders', async () => {
    const viewer = await t.userWith(['CanViewAllbooking']);
    await seedCustomers();
    const companies = async (query: string) => {
      const res = await t.request('GET', `/api/customers?${query}`, { token: viewer.token });
      expect(res.status).toBe(200);
      return res.body.data.items.map((i: { company: string }) => i.company);
    };
    // An old contact's e-mail still finds the company.
    expect(await companies('search=old%40saigon')).toEqual(['SAIGON COTTON CO.']);
    expect(await companies('search=minh')).toEqual(['Beta Down']);
    expect(await companies('search=nobody')).toEqual([]);
    expect(await companies('orderBy=company:asc')).toEqual(['Beta Down', 'SAIGON COTTON CO.']);
    expect(await companies('orderBy=bookingCount:asc')).toEqual(['Beta Down', 'SAIGON COTTON CO.']);
    const page = await t.request('GET', '/api/customers?orderBy=company&limit=1&offset=1', { token: viewer.token });
    expect(page.body.data).toMatchObject({ total: 2, limit: 1, offset: 1 });
    expect(page.body.data.items.map((i: { company: string }) => i.company)).toEqual(['SAIGON COTTON CO.']);
    const searched = await t.request('GET', '/api/customers?search=saigon', { token: viewer.token });
    expect(searched.body.data.total).toBe(1);
    expect((await t.request('GET', '/api/customers?orderBy=email', { token: viewer.token })).status).toBe(400);
  });

  it('answers an empty page when nobody has booked', async () => {
    const viewer = await t.userWith(['CanViewAllbooking']);
    const res = await t.request('GET', '/api/customers', { token: viewer.token });
    expect(res.body.data).toEqual({ items: [], total: 0, limit: 20, offset: 0 });
  });

  it('needs CanViewAllbooking', async () => {
    const other = await t.userWith(['CanViewDetailBooking']);
    expect((await t.request('GET', '/api/customers')).status).toBe(401);
    expect((await t.request('GET', '/api/customers', { token: other.token })).status).toBe(403);
  });
});
