import { describe, expect, it } from 'vitest';
import { submitBooking } from '../support/bookings.ts';
import { mailedLink, openClientSession } from '../support/client-sessions.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

async function countriesCoded(token: string, code: string): Promise<number> {
  const res = await t.request('GET', `/api/country?code=${code}`, { token });
  return res.body.data.items.filter((c: { code: string }) => c.code === code).length;
}

const key = (name: string) => ({ 'idempotency-key': `test-key-${name}` });

describe('[IDEMPOTENCY] replays', () => {
  it('answers a replayed POST with the first answer and creates one record', async () => {
    const admin = await t.signInAsAdmin();
    const body = { code: 'FR', name: 'France' };
    const first = await t.request('POST', '/api/country', { token: admin, body, headers: key('fr') });
    expect(first.status).toBe(201);
    const second = await t.request('POST', '/api/country', { token: admin, body, headers: key('fr') });
    expect(second.status).toBe(201);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await countriesCoded(admin, 'FR')).toBe(1);
    // Without the key the same request is a new one, and the duplicate code is refused.
    expect((await t.request('POST', '/api/country', { token: admin, body })).status).toBe(409);
  });

  it('refuses the same key with a different request', async () => {
    const admin = await t.signInAsAdmin();
    await t.request('POST', '/api/country', { token: admin, body: { code: 'FR', name: 'France' }, headers: key('x') });
    const other = await t.request('POST', '/api/country', {
      token: admin,
      body: { code: 'DE', name: 'Germany' },
      headers: key('x'),
    });
    expect(other.status).toBe(409);
    expect(other.body.message).toBe('This Idempotency-Key was already used for a different request.');
    expect(await countriesCoded(admin, 'DE')).toBe(0);
  });

  it('creates one record from concurrent duplicates, and every caller gets the same answer', async () => {
    const admin = await t.signInAsAdmin();
    const body = { code: 'JP', name: 'Japan' };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => t.request('POST', '/api/country', { token: admin, body, headers: key('jp') })),
    );
    expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201, 201]);
    const ids = new Set(answers.map((a) => a.body.data.id));
    expect(ids.size).toBe(1);
    expect(await countriesCoded(admin, 'JP')).toBe(1);
  });

  it('does not keep error answers, so a corrected retry with the same key succeeds', async () => {
    const admin = await t.signInAsAdmin();
    const bad = await t.request('POST', '/api/country', {
      token: admin,
      body: { code: 'fr', name: 'France' },
      headers: key('r'),
    });
    expect(bad.status).toBe(400);
    const good = await t.request('POST', '/api/country', {
      token: admin,
      body: { code: 'FR', name: 'France' },
      headers: key('r'),
    });
    expect(good.status).toBe(201);
  });

  it('applies a replayed PUT and DELETE once', async () => {
    const admin = await t.signInAsAdmin();
    const created = (await t.request('POST', '/api/country', { token: admin, body: { code: 'FR', name: 'France' } }))
      .body.data;
    const update = { code: 'FR', name: 'République française', version: created.version };
    const put1 = await t.request('PUT', `/api/country?id=${created.id}`, {
      token: admin,
      body: update,
      headers: key('put'),
    });
    const put2 = await t.request('PUT', `/api/country?id=${created.id}`, {
      token: admin,
      body: update,
      headers: key('put'),
    });
    expect(put2.body).toEqual(put1.body);
    expect(put2.body.data.version).toBe(2);
    const del1 = await t.request('DELETE', `/api/country?id=${created.id}`, { token: admin, headers: key('del') });
    const del2 = await t.request('DELETE', `/api/country?id=${created.id}`, { token: admin, headers: key('del') });
    expect(del1.status).toBe(200);
    expect(del2.status).toBe(200);
    expect(del2.body).toEqual(del1.body);
    // A new key is a new request: the country is gone.
    expect(
      (await t.request('DELETE', `/api/country?id=${created.id}`, { token: admin, headers: key('del2') })).status,
    ).toBe(404);
  });

  it('scopes keys to the user, so two people cannot collide', async () => {
    const admin = await t.signInAsAdmin();
    const other = await t.userWith(['CanCreateCountry']);
    const a = await t.request('POST', '/api/country', {
      token: admin,
      body: { code: 'FR', name: 'France' },
      headers: key('same'),
    });
    const b = await t.request('POST', '/api/country', {
      token: other.token,
      body: { code: 'DE', name: 'Germany' },
      headers: key('same'),
    });
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.data.code).toBe('DE');
  });

  it('scopes keys to the client session: another client cannot replay a client’s stored answer', async () => {
    const mine = await submitBooking(t, { email: 'first@client.test' });
    await submitBooking(t, { email: 'second@client.test' });
    const first = await openClientSession(t, await mailedLink(t, 'first@client.test'));
    const second = await openClientSession(t, await mailedLink(t, 'second@client.test'));
    const path = `/api/client/bookings/${mine.id}/notes`;
    const body = { text: 'Courier tracking number 123' };
    const headers = (cookie: string) => ({ cookie, 'idempotency-key': 'client-key-1' });

    const made = await t.request('POST', path, { body, headers: headers(first) });
    expect(made.status).toBe(201);
    // The same key, path and body from another client: their own request (not theirs: 404), never a replay.
    const stolen = await t.request('POST', path, { body, headers: headers(second) });
    expect(stolen.status).toBe(404);
    expect(stolen.headers.get('idempotent-replayed')).toBeNull();
    expect(JSON.stringify(stolen.body)).not.toContain('Courier');
    // A cookie that opens no session replays nothing either.
    const forged = await t.request('POST', path, { body, headers: headers('isotope_client=made-up') });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('idempotent-replayed')).toBeNull();
    // The client who sent it gets their answer back.
    const again = await t.request('POST', path, { body, headers: headers(first) });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(made.body);
  });

  it('rolls back a mutation whose answer is an error, leaving no half-done change', async () => {
    const admin = await t.signInAsAdmin();
    // The last role-manager check fails after the update ran: nothing of it may stay.
    const res = await t.request('PUT', '/api/roles?id=1', {
      token: admin,
      body: { name: 'Administrator', permissions: ['CanViewAllRole'], version: 1 },
      headers: key('role'),
    });
    expect(res.status).toBe(409);
    const roles = await t.request('GET', '/api/roles?search=Administrator', { token: admin });
    expect(roles.body.data.items[0]).toMatchObject({ version: 1 });
    expect(roles.body.data.items[0].permissions).toContain('CanUpdateRolePermission');
  });

  it('keeps a replayed upload (the same bytes) to one stored file', async () => {
    const { token } = await t.userWith(['CanUploadFile']);
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex');
    const boundary = 'lab-boundary-1';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const send = () =>
      t.app.request('/api/upload', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'idempotency-key': 'test-key-upload',
        },
        body: new Uint8Array(body),
      });
    const first = await send();
    const second = await send();
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(await second.json()).toEqual(await first.json());
    const result = await t.database.db.execute('SELECT count(*)::int AS n FROM stored_file');
    const rows = (Array.isArray(result) ? result : (result as { rows: { n: number }[] }).rows) as { n: number }[];
    expect(rows[0]!.n).toBe(1);
  });
});
