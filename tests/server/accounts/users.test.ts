import { eq } from 'drizzle-orm';
import { outboundMail } from '../../../src/server/db/schema.ts';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

async function roleId(token: string, name: string): Promise<number> {
  const res = await t.request('GET', '/api/roles/get-all-role', { token });
  return res.body.data.find((r: { name: string }) => r.name === name).id;
}

async function countryId(code: string): Promise<number> {
  const res = await t.request('GET', '/api/common-country');
  return res.body.data.find((c: { code: string }) => c.code === code).id;
}

async function createTester(token: string, overrides: Record<string, unknown> = {}) {
  return t.request('POST', '/api/user', {
    token,
    body: {
      username: 'tester1',
      displayName: 'Lan Tester',
      email: 'lan@lab.test',
      password: 'tester-password-1',
      roleId: await roleId(token, 'Tester'),
      countryId: await countryId('VN'),
      ...overrides,
    },
  });
}

describe('[USERS] create', () => {
  it('creates an account with a role and a country, who can then sign in', async () => {
    const admin = await t.signInAsAdmin();
    const res = await createTester(admin);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      result: true,
      data: {
        username: 'tester1',
        displayName: 'Lan Tester',
        email: 'lan@lab.test',
        role: { name: 'Tester' },
        country: { code: 'VN', name: 'Vietnam' },
        active: true,
        version: 1,
      },
    });
    expect(res.body.data).not.toHaveProperty('passwordHash');
    const token = await t.signIn('tester1', 'tester-password-1');
    const own = await t.request('GET', '/api/user/get-own-user', { token });
    expect(own.body.data.permissions).toContain('CanCheckInSampleEntryTester');
  });

  it('answers missing fields with field messages', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('POST', '/api/user', { token: admin, body: {} });
    expect(res.status).toBe(400);
    expect(res.body.result).toBe(false);
    expect(res.body.errors).toMatchObject({
      username: 'Username is required',
      displayName: 'Display name is required',
      email: 'Email is required',
      password: 'Password is required',
      roleId: 'Role is required',
    });
    const bad = await createTester(admin, { email: 'not-an-email', password: 'short', roleId: 999 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toMatchObject({
      email: 'Please enter a valid email',
      password: 'Password must be at least 8 characters',
    });
    const noRole = await createTester(admin, { roleId: 999 });
    expect(noRole.status).toBe(400);
    expect(noRole.body.errors).toEqual({ roleId: 'This role does not exist' });
    const noCountry = await createTester(admin, { countryId: 999 });
    expect(noCountry.status).toBe(400);
    expect(noCountry.body.errors).toEqual({ countryId: 'This country does not exist' });
  });

  it('refuses a duplicate username or e-mail, whatever the case, with a field error', async () => {
    const admin = await t.signInAsAdmin();
    expect((await createTester(admin)).status).toBe(201);
    const sameName = await createTester(admin, { username: 'TESTER1', email: 'other@lab.test' });
    expect(sameName.status).toBe(409);
    expect(sameName.body.errors).toEqual({ username: 'This username is already taken' });
    const sameEmail = await createTester(admin, { username: 'tester2', email: 'LAN@lab.test' });
    expect(sameEmail.status).toBe(409);
    expect(sameEmail.body.errors).toEqual({ email: 'This email is already used by another account' });
  });

  it('needs CanCreateUser', async () => {
    const viewer = await t.userWith(['CanViewAllUser']);
    const res = await t.request('POST', '/api/user', {
      token: viewer.token,
      body: { username: 'x1', displayName: 'X', email: 'x1@lab.test', password: 'password-123', roleId: 1 },
    });
    expect(res.status).toBe(403);
  });
});

describe('[USERS] list', () => {
  it('lists accounts with role and country, filtered, searched, sorted and paged', async () => {
    const admin = await t.signInAsAdmin();
    await createTester(admin);
    await createTester(admin, { username: 'hoa', displayName: 'Hoa Nguyen', email: 'hoa@other.test', countryId: null });
    const all = await t.request('GET', '/api/user', { token: admin });
    expect(all.status).toBe(200);
    expect(all.body.data).toMatchObject({ total: 3, limit: 20, offset: 0 });
    const admin0 = all.body.data.items[0];
    expect(admin0).toMatchObject({ username: 'admin', role: { name: 'Administrator' }, country: null, active: true });
    expect(typeof admin0.updatedAt).toBe('string');

    const byName = await t.request('GET', '/api/user?displayName=nguyen', { token: admin });
    expect(byName.body.data.items.map((u: { username: string }) => u.username)).toEqual(['hoa']);
    const byEmail = await t.request('GET', '/api/user?email=lab.test', { token: admin });
    expect(byEmail.body.data.items.map((u: { username: string }) => u.username)).toEqual(['tester1']);
    const byUsername = await t.request('GET', '/api/user?username=ADM', { token: admin });
    expect(byUsername.body.data.total).toBe(1);
    const search = await t.request('GET', '/api/user?search=hoa', { token: admin });
    expect(search.body.data.items).toHaveLength(1);
    const literal = await t.request('GET', '/api/user?search=%25', { token: admin });
    expect(literal.body.data.total).toBe(0);

    const sorted = await t.request('GET', '/api/user?orderBy=username:desc&limit=2&offset=0', { token: admin });
    expect(sorted.body.data.items.map((u: { username: string }) => u.username)).toEqual(['tester1', 'hoa']);
    expect(sorted.body.data.total).toBe(3);
    const page2 = await t.request('GET', '/api/user?orderBy=username:desc&limit=2&offset=2', { token: admin });
    expect(page2.body.data.items.map((u: { username: string }) => u.username)).toEqual(['admin']);

    const badOrder = await t.request('GET', '/api/user?orderBy=passwordHash', { token: admin });
    expect(badOrder.status).toBe(400);
    expect(badOrder.body.errors).toEqual({ orderBy: 'Unknown sort order' });
    expect((await t.request('GET', '/api/user?limit=0', { token: admin })).status).toBe(400);
  });

  it('returns only accounts changed since updatedSince (delta sync)', async () => {
    const admin = await t.signInAsAdmin();
    const before = await t.request('GET', '/api/user', { token: admin });
    const since = new Date(Date.parse(before.body.data.items[0].updatedAt) + 1).toISOString();
    await new Promise((r) => setTimeout(r, 5));
    await createTester(admin);
    const delta = await t.request('GET', `/api/user?updatedSince=${encodeURIComponent(since)}`, { token: admin });
    expect(delta.body.data.items.map((u: { username: string }) => u.username)).toEqual(['tester1']);
    const bad = await t.request('GET', '/api/user?updatedSince=yesterday', { token: admin });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.updatedSince).toBe('Enter a date as YYYY-MM-DD or an ISO date-time');
  });

  it('needs CanViewAllUser', async () => {
    const other = await t.userWith(['CanCreateUser']);
    expect((await t.request('GET', '/api/user', { token: other.token })).status).toBe(403);
  });
});

describe('[USERS] update', () => {
  it('updates role, country and active flag, bumping the version', async () => {
    const admin = await t.signInAsAdmin();
    const created = (await createTester(admin)).body.data;
    const res = await t.request('PUT', `/api/user/${created.id}`, {
      token: admin,
      body: {
        displayName: 'Lan T.',
        email: 'lan.t@lab.test',
        roleId: await roleId(admin, 'Supervisor'),
        countryId: await countryId('CN'),
        version: 1,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      result: true,
      message: 'Account updated successfully',
      data: {
        displayName: 'Lan T.',
        email: 'lan.t@lab.test',
        role: { name: 'Supervisor' },
        country: { code: 'CN' },
        version: 2,
      },
    });
    expect(res.body.data.updatedAt > created.updatedAt).toBe(true);

    // The role change applies at once, to a token issued before it.
    const token = await t.signIn('tester1', 'tester-password-1');
    const own = await t.request('GET', '/api/user/get-own-user', { token });
    expect(own.body.data.permissions).toContain('CanConfirmFinalResult');

    const deactivate = await t.request('PUT', `/api/user/${created.id}`, {
      token: admin,
      body: { displayName: 'Lan T.', email: 'lan.t@lab.test', roleId: own.body.data.roleId, active: false, version: 2 },
    });
    expect(deactivate.body.data.active).toBe(false);
    expect((await t.request('GET', '/api/user/get-own-user', { token })).status).toBe(401);
    await expect(t.signIn('tester1', 'tester-password-1')).rejects.toThrow();
  });

  it('answers a stale write with 409 and the current record', async () => {
    const admin = await t.signInAsAdmin();
    const created = (await createTester(admin)).body.data;
    const body = { displayName: 'First', email: 'lan@lab.test', roleId: created.role.id, version: 1 };
    expect((await t.request('PUT', `/api/user/${created.id}`, { token: admin, body })).status).toBe(200);
    const stale = await t.request('PUT', `/api/user/${created.id}`, {
      token: admin,
      body: { ...body, displayName: 'Second' },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.result).toBe(false);
    expect(stale.body.data).toMatchObject({ id: created.id, displayName: 'First', version: 2 });
  });

  it('refuses an e-mail another account uses, unknown accounts, and locking everyone out', async () => {
    const admin = await t.signInAsAdmin();
    const created = (await createTester(admin)).body.data;
    const taken = await t.request('PUT', `/api/user/${created.id}`, {
      token: admin,
      body: { displayName: 'x', email: 'ADMIN@isotope.lab', roleId: created.role.id, version: 1 },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ email: 'This email is already used by another account' });
    const missing = await t.request('PUT', '/api/user/9999', {
      token: admin,
      body: { displayName: 'x', email: 'x@lab.test', roleId: created.role.id, version: 1 },
    });
    expect(missing.status).toBe(404);

    const before = (await t.request('GET', '/api/user?username=admin', { token: admin })).body.data.items[0];
    const self = await t.request('PUT', '/api/user/1', {
      token: admin,
      body: {
        displayName: 'Administrator',
        email: 'admin@isotope.lab',
        roleId: created.role.id,
        version: before.version,
      },
    });
    // Moving the only role manager to a role without role management would lock everyone out.
    expect(self.status).toBe(409);
    const still = await t.request('GET', '/api/user?username=admin', { token: admin });
    expect(still.body.data.items[0].role.name).toBe('Administrator');
    const selfDeactivate = await t.request('PUT', '/api/user/1', {
      token: admin,
      body: {
        displayName: 'Administrator',
        email: 'admin@isotope.lab',
        roleId: still.body.data.items[0].role.id,
        active: false,
        version: still.body.data.items[0].version,
      },
    });
    expect(selfDeactivate.status).toBe(409);
  });
});

describe('[USERS] reset password', () => {
  it('mails the account a reset link that sets a new password', async () => {
    const admin = await t.signInAsAdmin();
    const created = (await createTester(admin)).body.data;
    const res = await t.request('POST', `/api/user/${created.id}/reset-password`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ result: true, data: true });
    const mail = await t.request('GET', '/api/outbound-mail', { token: admin });
    expect(mail.body.data.items[0].to).toBe('lan@lab.test');
    // The link as the mailbox receives it (administrators only see it redacted).
    const [sent] = await t.database.db.select().from(outboundMail).where(eq(outboundMail.to, 'lan@lab.test'));
    const token = sent?.text.match(/token=([\w-]+)/)?.[1];
    const set = await t.request('POST', '/api/user/reset-password/confirm', {
      body: { token, newPassword: 'brand-new-pass' },
    });
    expect(set.status).toBe(200);
    await expect(t.signIn('tester1', 'brand-new-pass')).resolves.toBeTypeOf('string');
    expect((await t.request('POST', '/api/user/9999/reset-password', { token: admin })).status).toBe(404);
  });

  it('needs CanResetPassowrd', async () => {
    const other = await t.userWith(['CanUpdateUser']);
    expect((await t.request('POST', '/api/user/1/reset-password', { token: other.token })).status).toBe(403);
  });
});

describe('[USERS] common-user', () => {
  it('lists active staff for pickers to any signed-in user', async () => {
    const admin = await t.signInAsAdmin();
    const created = (await createTester(admin)).body.data;
    const someone = await t.userWith([]);
    const res = await t.request('GET', '/api/common-user', { token: someone.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toContainEqual({ id: created.id, username: 'tester1', displayName: 'Lan Tester' });
    expect(Object.keys(res.body.data[0]).sort()).toEqual(['displayName', 'id', 'username']);
    expect((await t.request('GET', '/api/common-user')).status).toBe(401);
  });
});
