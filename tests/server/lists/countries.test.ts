import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

async function findCountry(token: string, code: string) {
  const res = await t.request('GET', `/api/country?code=${code}`, { token });
  return res.body.data.items.find((c: { code: string }) => c.code === code);
}

describe('[COUNTRIES] list', () => {
  it('lists countries by name with user and project counts, filtered and paged', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('GET', '/api/country?limit=5', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 15, limit: 5, offset: 0 });
    expect(res.body.data.items[0]).toMatchObject({
      code: 'AU',
      name: 'Australia',
      protected: false,
      userCount: 0,
      projectCount: 0,
    });
    expect(typeof res.body.data.items[0].updatedAt).toBe('string');

    const vietnam = await findCountry(admin, 'VN');
    await t.database.db.execute(sql`UPDATE app_user SET country_id = ${vietnam.id} WHERE username = 'admin'`);
    await t.database.db.execute(
      sql`INSERT INTO sample_entry (idfl_number, status, country_code) VALUES ('IDFL-T-1', 'CsConfirmed', 'VN'), ('IDFL-T-2', 'CsConfirmed', 'VN')`,
    );
    expect(await findCountry(admin, 'VN')).toMatchObject({ protected: true, userCount: 1, projectCount: 2 });

    const byName = await t.request('GET', '/api/country?name=ind', { token: admin });
    expect(byName.body.data.items.map((c: { code: string }) => c.code)).toEqual(['IN', 'ID']);
    const search = await t.request('GET', '/api/country?search=th', { token: admin });
    expect(search.body.data.items.map((c: { code: string }) => c.code)).toEqual(['TH']);
    const page = await t.request('GET', '/api/country?orderBy=code&limit=2&offset=2', { token: admin });
    expect(page.body.data.items.map((c: { code: string }) => c.code)).toEqual(['BR', 'CN']);
    const byCount = await t.request('GET', '/api/country?orderBy=projectCount:desc&limit=1', { token: admin });
    expect(byCount.body.data.items[0].code).toBe('VN');
  });

  it('returns only countries changed since updatedSince', async () => {
    const admin = await t.signInAsAdmin();
    const since = new Date().toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await t.request('POST', '/api/country', { token: admin, body: { code: 'FR', name: 'France' } });
    const delta = await t.request('GET', `/api/country?updatedSince=${encodeURIComponent(since)}`, { token: admin });
    expect(delta.body.data.items.map((c: { code: string }) => c.code)).toEqual(['FR']);
  });

  it('offers the public list for the booking form without a token', async () => {
    const res = await t.request('GET', '/api/common-country');
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(15);
    expect(res.body.data[0]).toEqual({ id: expect.any(Number), code: 'AU', name: 'Australia' });
  });
});

describe('[COUNTRIES] add, edit, delete', () => {
  it('adds a country; codes are 2-3 capital letters and unique', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('POST', '/api/country', { token: admin, body: { code: 'FRA', name: 'France' } });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ code: 'FRA', name: 'France', protected: false, userCount: 0, version: 1 });
    const missing = await t.request('POST', '/api/country', { token: admin, body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ code: 'Code is required', name: 'Name is required' });
    for (const code of ['F', 'FRAN', 'fr', 'F1']) {
      const bad = await t.request('POST', '/api/country', { token: admin, body: { code, name: 'X' } });
      expect(bad.status, code).toBe(400);
      expect(bad.body.errors.code).toBe('Code must be 2 or 3 capital letters');
    }
    const duplicate = await t.request('POST', '/api/country', { token: admin, body: { code: 'VN', name: 'Viet Nam' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.errors).toEqual({ code: 'A country with this code already exists' });
  });

  it('edits a country with PUT ?id and refuses stale writes', async () => {
    const admin = await t.signInAsAdmin();
    const us = await findCountry(admin, 'US');
    const res = await t.request('PUT', `/api/country?id=${us.id}`, {
      token: admin,
      body: { code: 'USA', name: 'United States of America', protected: true, version: us.version },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ code: 'USA', protected: true, version: 2 });
    const stale = await t.request('PUT', `/api/country?id=${us.id}`, {
      token: admin,
      body: { code: 'US', name: 'US', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ code: 'USA', version: 2 });
    const clash = await t.request('PUT', `/api/country?id=${us.id}`, {
      token: admin,
      body: { code: 'CN', name: 'US', version: 2 },
    });
    expect(clash.status).toBe(409);
    expect(
      (await t.request('PUT', '/api/country?id=9999', { token: admin, body: { code: 'ZZ', name: 'Z', version: 1 } }))
        .status,
    ).toBe(404);
  });

  it('keeps the code of a country that sample entries use', async () => {
    const admin = await t.signInAsAdmin();
    await t.database.db.execute(
      sql`INSERT INTO sample_entry (idfl_number, status, country_code) VALUES ('IDFL-T-3', 'New', 'IN')`,
    );
    const india = await findCountry(admin, 'IN');
    const res = await t.request('PUT', `/api/country?id=${india.id}`, {
      token: admin,
      body: { code: 'IND', name: 'India', version: india.version },
    });
    expect(res.status).toBe(409);
    const rename = await t.request('PUT', `/api/country?id=${india.id}`, {
      token: admin,
      body: { code: 'IN', name: 'Republic of India', version: india.version },
    });
    expect(rename.status).toBe(200);
  });

  it('deletes an unused country, but never a protected or used one', async () => {
    const admin = await t.signInAsAdmin();
    const greece = await findCountry(admin, 'GR');
    const deleted = await t.request('DELETE', `/api/country?id=${greece.id}`, { token: admin });
    expect(deleted.status).toBe(200);
    expect(await findCountry(admin, 'GR')).toBeUndefined();
    expect((await t.request('DELETE', `/api/country?id=${greece.id}`, { token: admin })).status).toBe(404);

    const vietnam = await findCountry(admin, 'VN');
    const protectedOne = await t.request('DELETE', `/api/country?id=${vietnam.id}`, { token: admin });
    expect(protectedOne.status).toBe(409);
    expect(protectedOne.body.message).toBe('Protected countries cannot be deleted.');

    const egypt = await findCountry(admin, 'EG');
    await t.database.db.execute(sql`UPDATE app_user SET country_id = ${egypt.id} WHERE username = 'admin'`);
    const used = await t.request('DELETE', `/api/country?id=${egypt.id}`, { token: admin });
    expect(used.status).toBe(409);
    expect(used.body.message).toMatch(/assigned to 1 account/);
  });

  it('needs the country permissions', async () => {
    const viewer = await t.userWith(['CanViewAllCountry']);
    const body = { code: 'ZZ', name: 'Zed' };
    expect((await t.request('POST', '/api/country', { token: viewer.token, body })).status).toBe(403);
    expect((await t.request('PUT', '/api/country?id=1', { token: viewer.token, body })).status).toBe(403);
    expect((await t.request('DELETE', '/api/country?id=1', { token: viewer.token })).status).toBe(403);
    const creator = await t.userWith(['CanCreateCountry']);
    expect((await t.request('GET', '/api/country', { token: creator.token })).status).toBe(403);
    expect((await t.request('POST', '/api/country', { token: creator.token, body })).status).toBe(201);
  });
});
