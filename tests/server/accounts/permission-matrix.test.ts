import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../src/server/app.ts';
import { isPermission, type Permission } from '../../../src/shared/permissions.ts';
import { buildDocument, fillPath, listOperations, operationName } from '../support/api-operations.ts';
import { clientSessionCookie } from '../support/client-sessions.ts';
import { useTestApp } from '../support/test-app.ts';

// Walks every operation of the API document: the guard must match what the document declares.
// x-permissions lists the permissions of which a caller needs at least one.

const t = useTestApp();
const operations = listOperations(buildDocument());

const DENIED = [401, 403];

describe('[PERMISSIONS] the document', () => {
  it('declares who may call every operation, with catalogue permissions only', () => {
    const live = listOperations(openApiDocument(t.app));
    expect(live.map(operationName)).toEqual(operations.map(operationName));
    expect(operations.length).toBeGreaterThan(20);
    const undeclared = operations.filter(
      (op) => !['public', 'signedIn', 'permission', 'client'].includes(op.access ?? ''),
    );
    expect(undeclared.map(operationName)).toEqual([]);
    for (const op of operations) {
      expect(op.access === 'permission', operationName(op)).toBe(op.permissions.length > 0);
      expect(
        op.permissions.filter((p) => !isPermission(p)),
        operationName(op),
      ).toEqual([]);
    }
  });
});

describe('[PERMISSIONS] every operation', () => {
  it.each(operations.map((op) => [operationName(op), op] as const))('%s', async (_name, op) => {
    const path = fillPath(op.path, () => '1');
    if (op.access === 'public') {
      const res = await t.request(op.method, path);
      expect(DENIED, `${operationName(op)} is public but answered ${res.status}`).not.toContain(res.status);
      return;
    }

    const anonymous = await t.request(op.method, path);
    expect(anonymous.status, `${operationName(op)} without a token`).toBe(401);
    if (op.access === 'client') {
      // A client route takes the client session cookie only: a staff token, even the
      // administrator's, opens none of them (tests/server/certificates/client-portal.test.ts for the cookie).
      const admin = await t.signInAsAdmin();
      const staff = await t.request(op.method, path, { token: admin });
      expect(staff.status, `${operationName(op)} with a staff token`).toBe(401);
      return;
    }
    expect(anonymous.body).toMatchObject({ result: false });
    const forged = await t.request(op.method, path, { token: 'not-a-token' });
    expect(forged.status, `${operationName(op)} with a forged token`).toBe(401);

    const nobody = await t.userWith([], 'nobody');
    const plain = await t.request(op.method, path, { token: nobody.token });
    if (op.permissions.length === 0) {
      expect(DENIED, `${operationName(op)} is for any signed-in user but answered ${plain.status}`).not.toContain(
        plain.status,
      );
      return;
    }
    expect(plain.status, `${operationName(op)} for a user without permissions`).toBe(403);

    for (const [index, permission] of op.permissions.entries()) {
      const holder = await t.userWith([permission as Permission], `holder${index}`);
      const res = await t.request(op.method, path, { token: holder.token });
      expect(DENIED, `${operationName(op)} for a holder of ${permission} answered ${res.status}`).not.toContain(
        res.status,
      );
    }
  });
});

describe('[PERMISSIONS] a client session', () => {
  const staffOperations = operations.filter((op) => op.access === 'permission' || op.access === 'signedIn');

  it.each(staffOperations.map((op) => [operationName(op), op] as const))('%s refuses it', async (_name, op) => {
    const cookie = await clientSessionCookie(t);
    const path = fillPath(op.path, () => '1');
    // As the cookie it is, and as a bearer token in case a guard ever took any token it is given.
    const asCookie = await t.request(op.method, path, { headers: { cookie } });
    expect(asCookie.status, `${operationName(op)} with a client session cookie`).toBe(401);
    const asBearer = await t.request(op.method, path, { token: cookie.split('=')[1] });
    expect(asBearer.status, `${operationName(op)} with a client session as bearer`).toBe(401);
  });
});
