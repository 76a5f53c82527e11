import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

describe('[LOOKUPS] common-country', () => {
  it('lists every country by name to anyone, with id, code and name only', async () => {
    const res = await t.request('GET', '/api/common-country');
    expect(res.status).toBe(200);
    expect(res.body.result).toBe(true);
    const names = res.body.data.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())));
    for (const item of res.body.data) expect(Object.keys(item).sort()).toEqual(['code', 'id', 'name']);
    expect(res.body.data).toContainEqual({ id: expect.any(Number), code: 'VN', name: 'Vietnam' });
  });

  it('shows a newly added country at once', async () => {
    const admin = await t.signInAsAdmin();
    await t.request('POST', '/api/country', { token: admin, body: { code: 'FR', name: 'France' } });
    const res = await t.request('GET', '/api/common-country');
    expect(res.body.data.map((c: { code: string }) => c.code)).toContain('FR');
  });
});

describe('[LOOKUPS] common-user', () => {
  it('lists active staff for pickers, never deactivated accounts', async () => {
    const admin = await t.signInAsAdmin();
    const someone = await t.userWith([], 'bench1');
    const gone = await t.userWith([], 'gone');
    const listed = await t.request('GET', '/api/user?username=gone', { token: admin });
    const deactivated = await t.request('PUT', `/api/user/${gone.id}`, {
      token: admin,
      body: {
        displayName: 'Gone',
        email: 'gone@lab.test',
        roleId: 1,
        active: false,
        version: listed.body.data.items[0].version,
      },
    });
    expect(deactivated.status).toBe(200);
    const res = await t.request('GET', '/api/common-user', { token: someone.token });
    expect(res.status).toBe(200);
    const usernames = res.body.data.map((u: { username: string }) => u.username);
    expect(usernames).toEqual(expect.arrayContaining(['admin', 'bench1']));
    expect(usernames).not.toContain('gone');
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['displayName', 'id', 'username']);
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('GET', '/api/common-user')).status).toBe(401);
  });
});
