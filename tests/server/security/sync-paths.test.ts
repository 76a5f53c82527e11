import { describe, expect, it } from 'vitest';
import { SYNC_BATCH_LIMIT } from '../../../src/server/routes/sync.ts';
import { ADMIN, useTestApp } from '../support/test-app.ts';

// A sync batch must not reach past the bench changes it exists for.

const t = useTestApp();

const mutation = (key: string, method: string, path: string, body?: unknown) => ({ key, method, path, body });

describe('[SECURITY] sync batches', () => {
  it('refuses nested syncs however the path is written', async () => {
    const admin = await t.signInAsAdmin();
    const inner = { mutations: [mutation('inner-0001', 'POST', '/api/country', { code: 'FR', name: 'France' })] };
    for (const path of ['/api/./sync', '/api/%2e/sync', '/api/x/../sync', '/api/%73ync', '/api//sync', '/api/sync/']) {
      const res = await t.request('POST', '/api/sync', {
        token: admin,
        body: { mutations: [mutation('outer-0001', 'POST', path, inner)] },
      });
      expect(res.status, path).toBe(400);
      expect(res.body.errors, path).toEqual({
        'mutations.0.path': 'Only bench changes can be sent through the outbox',
      });
    }
    const codes = await t.request('GET', '/api/country?limit=500', { token: admin });
    expect(codes.body.data.items.map((c: { code: string }) => c.code)).not.toContain('FR');
  });

  it('refuses signing in from inside a batch', async () => {
    const admin = await t.signInAsAdmin();
    for (const path of ['/api/./auth', '/api/auth', '/api/x/../auth', '/api/auth/refresh']) {
      const res = await t.request('POST', '/api/sync', {
        token: admin,
        body: { mutations: [mutation('auth-00001', 'POST', path, { email: ADMIN.username, password: 'guess' })] },
      });
      expect(res.status, path).toBe(400);
    }
  });

  it('allows only the documented bench changes, not administration', async () => {
    const admin = await t.signInAsAdmin();
    for (const [method, path, body] of [
      ['POST', '/api/roles', { name: 'Backdoor' }],
      ['POST', '/api/user/change-password', { oldPassword: ADMIN.password, newPassword: 'taken-over-1' }],
      ['PUT', '/api/users/update?id=1', {}],
      ['POST', '/api/upload', {}],
    ] as const) {
      const res = await t.request('POST', '/api/sync', {
        token: admin,
        body: { mutations: [mutation('admin-00001', method, path, body)] },
      });
      expect(res.status, path).toBe(400);
    }
    const roles = await t.request('GET', '/api/roles?search=Backdoor', { token: admin });
    expect(roles.body.data.total).toBe(0);
    // The password did not change: the old one still signs in.
    await t.signIn(ADMIN.username, ADMIN.password);
  });

  it('still runs bench changes, with query strings', async () => {
    const admin = await t.signInAsAdmin();
    const res = await t.request('POST', '/api/sync', {
      token: admin,
      body: {
        mutations: [
          mutation('bench-00001', 'POST', '/api/country', { code: 'FR', name: 'France' }),
          mutation('bench-00002', 'PUT', '/api/third-lab/check-in?id=999999'),
        ],
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.results.map((r: { status: number }) => r.status)).toEqual([201, 404]);
  });

  it('caps the operations of one batch', async () => {
    const admin = await t.signInAsAdmin();
    const many = Array.from({ length: SYNC_BATCH_LIMIT + 1 }, (_, i) =>
      mutation(`cap-${String(i).padStart(6, '0')}`, 'DELETE', '/api/country?id=999999'),
    );
    const res = await t.request('POST', '/api/sync', { token: admin, body: { mutations: many } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual({ mutations: `At most ${SYNC_BATCH_LIMIT} mutations per batch` });
  });
});
