import { describe, expect, it } from 'vitest';
import { sampleAt } from '../support/sample-journey.ts';
import { useTestApp, type TestResponse } from '../support/test-app.ts';

// Races the API cannot be allowed to lose, on whichever database this project runs (PGlite
// interleaves the statements of concurrent requests; PostgreSQL runs them truly at once). The
// requests carry no Idempotency-Key on purpose: scripts and integrations send none, so the service
// itself must hold the write and its audit record in one transaction.

const t = useTestApp();

/** A distinct 3-letter country code for each index (AAA, AAB, …). */
const codeOf = (i: number) =>
  [Math.floor(i / 676) % 26, Math.floor(i / 26) % 26, i % 26].map((n) => String.fromCharCode(65 + n)).join('');

async function expectChainValid(token: string) {
  const verify = await t.request('GET', '/api/audit/verify', { token });
  expect(verify.status).toBe(200);
  expect(verify.body.data).toMatchObject({ valid: true });
}

/** Two writes sent at once with the same version: exactly one wins, the other is told it is stale. */
function expectOneWinner(answers: TestResponse[]) {
  const statuses = answers.map((a) => a.status).sort();
  expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 409]);
  const stale = answers.find((a) => a.status === 409)!;
  expect(stale.body.message).toMatch(/changed by someone else/);
  expect(stale.body.code).toMatch(/^stale[A-Z]/);
  return { winner: answers.find((a) => a.status === 200)!.body.data, stale: stale.body };
}

describe('[CONCURRENCY] chain of custody under load', () => {
  it('keeps the audit chain valid after 40 concurrent country, role and account creates without Idempotency-Key', async () => {
    const admin = await t.signInAsAdmin();
    const roles = await t.request('GET', '/api/roles?limit=1', { token: admin });
    const roleId = roles.body.data.items[0].id as number;
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => {
        if (i % 3 === 0) {
          return t.request('POST', '/api/country', { token: admin, body: { code: codeOf(i), name: `Land ${i}` } });
        }
        if (i % 3 === 1) {
          return t.request('POST', '/api/roles', {
            token: admin,
            body: { name: `Shift ${i}`, description: 'Load', active: true, permissions: ['CanViewDashboard'] },
          });
        }
        return t.request('POST', '/api/user', {
          token: admin,
          body: {
            username: `bench${i}`,
            displayName: `Bench ${i}`,
            email: `bench${i}@lab.test`,
            password: 'password-123',
            roleId,
          },
        });
      }),
    );
    expect(
      answers.map((a) => a.status),
      JSON.stringify(answers.find((a) => a.status >= 300)?.body),
    ).toEqual(answers.map(() => 201));
    await expectChainValid(admin);
  });
});

describe('[CONCURRENCY] one stale-write rule for every editable record', () => {
  it('countries: two PUTs with the same version give one 200 and one 409', async () => {
    const admin = await t.signInAsAdmin();
    const created = (await t.request('POST', '/api/country', { token: admin, body: { code: 'FR', name: 'France' } }))
      .body.data;
    const answers = await Promise.all(
      ['République française', 'France (metropolitan)'].map((name) =>
        t.request('PUT', `/api/country?id=${created.id}`, {
          token: admin,
          body: { code: 'FR', name, version: created.version },
        }),
      ),
    );
    const { winner, stale } = expectOneWinner(answers);
    expect(stale.data).toMatchObject({ name: winner.name, version: created.version + 1 });
    await expectChainValid(admin);
  });

  it('roles: two PUTs with the same version give one 200 and one 409, so no permission change vanishes', async () => {
    const admin = await t.signInAsAdmin();
    const created = (
      await t.request('POST', '/api/roles', {
        token: admin,
        body: { name: 'Night shift', description: '', active: true, permissions: ['CanViewDashboard'] },
      })
    ).body.data;
    const answers = await Promise.all(
      [['CanViewDashboard', 'CanViewAllUser'], ['CanGetOwnUser']].map((permissions) =>
        t.request('PUT', `/api/roles?id=${created.id}`, {
          token: admin,
          body: { name: 'Night shift', description: '', active: true, permissions, version: created.version },
        }),
      ),
    );
    const { winner, stale } = expectOneWinner(answers);
    expect(stale.data).toMatchObject({ permissions: winner.permissions, version: created.version + 1 });
  });

  it('accounts: two PUTs with the same version give one 200 and one 409', async () => {
    const admin = await t.signInAsAdmin();
    const other = await t.userWith(['CanViewDashboard'], 'lan');
    const list = await t.request('GET', '/api/user?search=lan', { token: admin });
    const account = list.body.data.items.find((u: { id: number }) => u.id === other.id);
    const answers = await Promise.all(
      ['Lan Nguyen', 'Lan Tran'].map((displayName) =>
        t.request('PUT', `/api/user/${other.id}`, {
          token: admin,
          body: { displayName, email: account.email, roleId: account.role.id, version: account.version },
        }),
      ),
    );
    const { winner, stale } = expectOneWinner(answers);
    expect(stale.data).toMatchObject({ displayName: winner.displayName, version: account.version + 1 });
  });

  it('sample entries at the client-side lab, the tester and the supervisor: one 200 and one 409 each', async () => {
    const admin = await t.signInAsAdmin();
    const atCs = await sampleAt(t, admin, 'CsConfirmed');
    expectOneWinner(
      await Promise.all(
        ['first', 'second'].map((note) =>
          t.request('PUT', `/api/cs-lab/update?id=${atCs.id}`, { token: admin, body: { note, version: atCs.version } }),
        ),
      ),
    );
    const atTester = await sampleAt(t, admin, 'TesterConfirmed');
    expectOneWinner(
      await Promise.all(
        ['first', 'second'].map((note) =>
          t.request('PUT', `/api/tester-lab/update-sample?id=${atTester.id}`, {
            token: admin,
            body: { note, version: atTester.version },
          }),
        ),
      ),
    );
    const atSupervisor = await sampleAt(t, admin, 'ResultReturned');
    expectOneWinner(
      await Promise.all(
        ['Consistent with Vietnam', 'Not consistent with Vietnam'].map((expectedConclusion) =>
          t.request('PUT', `/api/supervisor-lab/conclusion-lab/update?id=${atSupervisor.id}`, {
            token: admin,
            body: { expectedConclusion, version: atSupervisor.version },
          }),
        ),
      ),
    );
    await expectChainValid(admin);
  });

  it('packages: two PUTs with the same version give one 200 and one 409', async () => {
    const admin = await t.signInAsAdmin();
    const batch = (
      await t.request('POST', '/api/sample-dispatch-batch', {
        token: admin,
        body: { packageName: 'Box', shippmentNumber: 'SHIP-1' },
      })
    ).body.data;
    expectOneWinner(
      await Promise.all(
        ['Box A', 'Box B'].map((packageName) =>
          t.request('PUT', `/api/sample-dispatch-batch?id=${batch.id}`, {
            token: admin,
            body: { packageName, version: batch.version },
          }),
        ),
      ),
    );
  });

  it('refuses an update without the version last read (400 naming the field)', async () => {
    const admin = await t.signInAsAdmin();
    const created = (await t.request('POST', '/api/country', { token: admin, body: { code: 'FR', name: 'France' } }))
      .body.data;
    const res = await t.request('PUT', `/api/country?id=${created.id}`, {
      token: admin,
      body: { code: 'FR', name: 'France' },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveProperty('version');
    expect(res.body).toMatchObject({ code: 'invalidField', params: { field: 'version' } });
  });
});
