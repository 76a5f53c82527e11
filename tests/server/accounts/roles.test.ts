import { describe, expect, it } from 'vitest';
import { allPermissions, permissionGroups } from '../../../src/shared/permissions.ts';
import { useTestApp } from '../support/test-app.ts';

const t = useTestApp();

describe('[ROLES] list', () => {
  it('pages and searches the seeded roles with their user counts', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('GET', '/api/roles?limit=3', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 7, limit: 3, offset: 0 });
    expect(res.body.data.items).toHaveLength(3);
    const administrator = res.body.data.items[0];
    expect(administrator).toMatchObject({ name: 'Administrator', active: true, userCount: 1, version: 1 });
    expect(administrator.permissions).toEqual([...allPermissions]);

    const search = await t.request('GET', '/api/roles?search=hoan', { token: admin });
    expect(search.body.data.items.map((r: { name: string }) => r.name)).toEqual(['hoanVuLab']);
    const sorted = await t.request('GET', '/api/roles?orderBy=name:desc&limit=1', { token: admin });
    expect(sorted.body.data.items[0].name).toBe('Tester');
  });

  it('lists every role for pickers', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('GET', '/api/roles/get-all-role', { token: admin });
    expect(res.body.data.map((r: { name: string }) => r.name)).toEqual([
      'Administrator',
      'Analyst',
      'CustomerService',
      'hoanVuLab',
      'Shipping',
      'Supervisor',
      'Tester',
    ]);
  });

  it('serves the permission catalogue grouped by area', async () => {
    const someone = await t.userWith(['CanViewAllPermission']);
    const res = await t.request('GET', '/api/roles/permissions', { token: someone.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(
      Object.entries(permissionGroups).map(([area, permissions]) => ({ area, permissions: [...permissions] })),
    );
    expect(res.body.data.flatMap((g: { permissions: string[] }) => g.permissions)).toContain('CanResetPassowrd');
    const without = await t.userWith(['CanViewAllRole']);
    expect((await t.request('GET', '/api/roles/permissions', { token: without.token })).status).toBe(403);
  });
});

describe('[ROLES] create and update', () => {
  it('creates a role; its holders get exactly its permissions', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('POST', '/api/roles', {
      token: admin,
      body: { name: 'Receptionist', description: 'Front desk', permissions: ['CanViewAllbooking', 'CanGetOwnUser'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      name: 'Receptionist',
      description: 'Front desk',
      active: true,
      permissions: ['CanGetOwnUser', 'CanViewAllbooking'],
      userCount: 0,
      version: 1,
    });
  });

  it("answers 'Role name is required' and refuses unknown permissions", async () => {
    const admin = await t.signInAsAdmin();
    const missing = await t.request('POST', '/api/roles', { token: admin, body: { name: '  ' } });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual({ name: 'Role name is required' });
    const unknown = await t.request('POST', '/api/roles', {
      token: admin,
      body: { name: 'X', permissions: ['CanViewAllUser', 'CanDoAnything'] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({ 'permissions.1': 'Unknown permission: CanDoAnything' });
  });

  it('refuses a duplicate role name with 409', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('POST', '/api/roles', { token: admin, body: { name: 'tester' } });
    expect(res.status).toBe(409);
    expect(res.body.errors).toEqual({ name: 'A role with this name already exists' });
  });

  it('updates a role with PUT ?id, refusing stale writes and duplicate names', async () => {
    const admin = await t.signInAsAdmin();
    const created = (await t.request('POST', '/api/roles', { token: admin, body: { name: 'Night shift' } })).body.data;
    const updated = await t.request('PUT', `/api/roles?id=${created.id}`, {
      token: admin,
      body: {
        name: 'Night shift',
        description: 'After hours',
        active: false,
        permissions: ['CanViewDashboard'],
        version: 1,
      },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      message: 'Role updated successfully',
      data: { description: 'After hours', active: false, permissions: ['CanViewDashboard'], version: 2 },
    });
    const stale = await t.request('PUT', `/api/roles?id=${created.id}`, {
      token: admin,
      body: { name: 'Night shift', version: 1 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.data).toMatchObject({ id: created.id, version: 2 });
    const duplicate = await t.request('PUT', `/api/roles?id=${created.id}`, {
      token: admin,
      body: { name: 'Analyst', version: 2 },
    });
    expect(duplicate.status).toBe(409);
    expect(
      (await t.request('PUT', '/api/roles?id=9999', { token: admin, body: { name: 'Z', version: 1 } })).status,
    ).toBe(404);
    expect((await t.request('PUT', '/api/roles?id=abc', { token: admin, body: { name: 'Z' } })).status).toBe(400);
  });

  it('a permission removed from a role stops working at once; an inactive role grants nothing', async () => {
    const admin = await t.signInAsAdmin();
    const holder = await t.userWith(['CanViewAllCountry', 'CanGetOwnUser'], 'holder');
    expect((await t.request('GET', '/api/country', { token: holder.token })).status).toBe(200);
    const roles = (await t.request('GET', '/api/roles/get-all-role', { token: admin })).body.data;
    const own = roles.find((r: { name: string }) => r.name === 'role-of-holder');
    await t.request('PUT', `/api/roles?id=${own.id}`, {
      token: admin,
      body: { name: own.name, permissions: ['CanGetOwnUser'], version: own.version },
    });
    expect((await t.request('GET', '/api/country', { token: holder.token })).status).toBe(403);
    await t.request('PUT', `/api/roles?id=${own.id}`, {
      token: admin,
      body: {
        name: own.name,
        permissions: ['CanGetOwnUser', 'CanViewAllCountry'],
        active: false,
        version: own.version + 1,
      },
    });
    expect((await t.request('GET', '/api/country', { token: holder.token })).status).toBe(403);
  });

  it('refuses to leave nobody able to manage roles', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('PUT', '/api/roles?id=1', {
      token: admin,
      body: { name: 'Administrator', permissions: ['CanViewAllRole'], version: 1 },
    });
    expect(res.status).toBe(409);
    const after = await t.request('GET', '/api/roles?search=Administrator', { token: admin });
    expect(after.body.data.items[0].permissions).toContain('CanUpdateRolePermission');
  });

  it('needs the role permissions', async () => {
    const viewer = await t.userWith(['CanViewAllRole']);
    expect((await t.request('POST', '/api/roles', { token: viewer.token, body: { name: 'R' } })).status).toBe(403);
    expect((await t.request('PUT', '/api/roles?id=1', { token: viewer.token, body: { name: 'R' } })).status).toBe(403);
    const nobody = await t.userWith([]);
    expect((await t.request('GET', '/api/roles', { token: nobody.token })).status).toBe(403);
  });
});
