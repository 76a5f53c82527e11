import { describe, expect, it } from 'vitest';
import { submitBooking } from '../support/bookings.ts';
import { useTestApp } from '../support/test-app.ts';

// Tombstones for the delta sync: a deleted record must leave offline devices' lists at their next
// sync, so the API hands out the ids deleted since an instant, written with the deletion itself.

const t = useTestApp();

async function deletedIds(token: string, entity: string, since: string) {
  const res = await t.request('GET', `/api/deletions?entity=${entity}&since=${encodeURIComponent(since)}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items.map((item: { recordId: string }) => item.recordId);
}

describe('[DELETIONS] tombstones for the delta sync', () => {
  it('lists a deleted country from the instant of its deletion on, and not before', async () => {
    const admin = await t.signInAsAdmin();
    const created = (await t.request('POST', '/api/country', { token: admin, body: { code: 'FR', name: 'France' } }))
      .body.data;
    const before = new Date(Date.now() - 1000).toISOString();
    expect(await deletedIds(admin, 'country', before)).toEqual([]);
    expect((await t.request('DELETE', `/api/country?id=${created.id}`, { token: admin })).status).toBe(200);
    expect(await deletedIds(admin, 'country', before)).toEqual([String(created.id)]);
    expect(await deletedIds(admin, 'country', new Date(Date.now() + 60_000).toISOString())).toEqual([]);
    expect(await deletedIds(admin, 'sample_entry', before)).toEqual([]);
  });

  it('lists the samples of a destroyed order', async () => {
    const admin = await t.signInAsAdmin();
    const order = await submitBooking(t);
    const confirmed = await t.request('PUT', `/api/cs-lab/check-in?id=${order.id}`, { token: admin });
    expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200);
    const ids = confirmed.body.data.sampleEntries.map((s: { id: number }) => String(s.id));
    expect(ids.length).toBeGreaterThan(0);
    const since = new Date(Date.now() - 1000).toISOString();
    const destroyed = await t.request('DELETE', `/api/cs-lab/destroy-order?orderNumber=${order.bookingNumber}`, {
      token: admin,
    });
    expect(destroyed.status).toBe(200);
    expect(await deletedIds(admin, 'sample_entry', since)).toEqual(ids);
  });

  it('refuses an unknown kind of record or a date that is not a date, and strangers', async () => {
    const admin = await t.signInAsAdmin();
    const unknown = await t.request('GET', '/api/deletions?entity=app_user&since=2026-01-01', { token: admin });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toHaveProperty('entity');
    const garbage = await t.request('GET', "/api/deletions?entity=country&since=' OR '1'='1", { token: admin });
    expect(garbage.status).toBe(400);
    expect(garbage.body.errors).toHaveProperty('since');
    expect((await t.request('GET', '/api/deletions?entity=country&since=2026-01-01')).status).toBe(401);
  });
});
