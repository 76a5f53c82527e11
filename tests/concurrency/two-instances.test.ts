import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp, type App } from '../../src/server/app.ts';
import { loadSigningKey } from '../../src/server/auth/tokens.ts';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createMailer } from '../../src/server/services/messaging/outbound-mail.ts';
import { seedDatabase } from '../../src/server/seed.ts';
import { ADMIN, testEnv } from '../server/support/test-app.ts';
import { CHECK_IN, SAMPLE_FORM } from '../server/support/sample-journey.ts';
import { onServer } from '../server/support/scratch.ts';

// Two API instances on one PostgreSQL database, each with its own connection pool, as in a
// deployment behind a load balancer. PGlite serialises everything and cannot show these races, so
// this project runs only when TEST_DATABASE_URL is set (CI sets it). No Idempotency-Key is sent:
// scripts and integrations send none.

const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error('The concurrency suite needs TEST_DATABASE_URL (a PostgreSQL server)');
const name = `isotope_race_${process.pid}`;
const env = testEnv();

type Answer = { status: number; body: any };
type Instance = { database: Database; app: App };
const instances: Instance[] = [];
let admin = '';

async function send(instance: Instance, method: string, path: string, body?: unknown): Promise<Answer> {
  const headers: Record<string, string> = { authorization: `Bearer ${admin}` };
  if (body !== undefined) headers['content-type'] = 'application/json';
  const raw = await instance.app.request(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: raw.status, body: await raw.json() };
}

/** The same request sent at once through both instances. */
const race = (method: string, path: string, body?: (i: number) => unknown) =>
  Promise.all(instances.map((instance, i) => send(instance, method, path, body?.(i))));

const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();

beforeAll(async () => {
  await onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const logger = createLogger(env);
  for (let i = 0; i < 2; i++) instances.push({ database: openDatabase({ url: url.toString() }), app: undefined! });
  // Both start at once, as after a deploy: one migrates while the other waits on the lock.
  await Promise.all(instances.map((instance) => instance.database.migrate()));
  await seedDatabase(instances[0]!.database.db, env);
  for (const instance of instances) {
    const signingKey = await loadSigningKey(instance.database.db, env);
    instance.app = createApp({
      env,
      logger,
      database: instance.database,
      mailer: createMailer(env, logger),
      signingKey,
    });
  }
  const signIn = await instances[0]!.app.request('/api/auth', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.username, password: ADMIN.password }),
  });
  admin = ((await signIn.json()) as { data: { accessToken: string } }).data.accessToken;
}, 120_000);

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.database.close()));
  // Not WITH (FORCE): that would kill the pools' connections while they are still closing. The
  // pools release them within moments; until then the drop is refused and tried again.
  for (let attempt = 0; ; attempt++) {
    try {
      await onServer(`DROP DATABASE IF EXISTS ${name}`);
      return;
    } catch (error) {
      if (attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
});

async function expectChainValid() {
  for (const instance of instances) {
    const verify = await send(instance, 'GET', '/api/audit/verify');
    expect(verify.body.data).toMatchObject({ valid: true });
  }
}

describe('[CONCURRENCY] two API instances on one PostgreSQL database', () => {
  it('creates countries, roles and samples at once on both: all accepted, numbers unique, chain valid', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => {
        const instance = instances[i % 2]!;
        if (i % 3 === 0) {
          const code = `Q${String.fromCharCode(65 + Math.floor(i / 26))}${String.fromCharCode(65 + (i % 26))}`;
          return send(instance, 'POST', '/api/country', { code, name: `Land ${i}` });
        }
        if (i % 3 === 1) return send(instance, 'POST', '/api/roles', { name: `Shift ${i}`, permissions: [] });
        return send(instance, 'POST', '/api/cs-lab/create', { ...SAMPLE_FORM, sampleCode: `SC-${i}` });
      }),
    );
    expect(answers.filter((a) => a.status !== 201).map((a) => a.body)).toEqual([]);
    const numbers = answers.filter((a) => a.body.data?.idflNumber).map((a) => a.body.data.idflNumber as string);
    expect(numbers).toHaveLength(20);
    expect(new Set(numbers).size).toBe(20);
    await expectChainValid();
  });

  it('lets exactly one of two simultaneous transitions of a sample through, sample after sample', async () => {
    const samples = await Promise.all(
      Array.from({ length: 8 }, (_, i) => send(instances[i % 2]!, 'POST', '/api/cs-lab/create', SAMPLE_FORM)),
    );
    for (const created of samples) {
      const id = created.body.data.id as number;
      expect(statuses(await race('PUT', `/api/cs-lab/check-in?id=${id}&entry=sample`, () => CHECK_IN))).toEqual([
        200, 409,
      ]);
      expect(statuses(await race('PUT', `/api/cs-lab/transfer-to-tester?id=${id}`))).toEqual([200, 409]);
      const timeline = await send(instances[0]!, 'GET', `/api/sample-entries/${id}/timeline`);
      expect(timeline.body.data.map((e: { action: string }) => e.action)).toEqual([
        'create',
        'csCheckIn',
        'transferToTester',
      ]);
    }
    await expectChainValid();
  });

  it('refuses the second of two equal-version writes on every editable record (one 200, one 409)', async () => {
    const country = (await send(instances[0]!, 'POST', '/api/country', { code: 'ZQ', name: 'Zed' })).body.data;
    expect(
      statuses(
        await race('PUT', `/api/country?id=${country.id}`, (i) => ({
          code: 'ZQ',
          name: `Zed ${i}`,
          version: country.version,
        })),
      ),
    ).toEqual([200, 409]);

    const role = (await send(instances[0]!, 'POST', '/api/roles', { name: 'Race role', permissions: [] })).body.data;
    expect(
      statuses(
        await race('PUT', `/api/roles?id=${role.id}`, (i) => ({
          name: 'Race role',
          permissions: i ? ['CanViewDashboard'] : ['CanGetOwnUser'],
          version: role.version,
        })),
      ),
    ).toEqual([200, 409]);

    const account = (
      await send(instances[0]!, 'POST', '/api/user', {
        username: 'racer',
        displayName: 'Racer',
        email: 'racer@lab.test',
        password: 'password-123',
        roleId: role.id,
      })
    ).body.data;
    expect(
      statuses(
        await race('PUT', `/api/user/${account.id}`, (i) => ({
          displayName: `Racer ${i}`,
          email: 'racer@lab.test',
          roleId: role.id,
          version: account.version,
        })),
      ),
    ).toEqual([200, 409]);

    const sample = (await send(instances[0]!, 'POST', '/api/cs-lab/create', SAMPLE_FORM)).body.data;
    expect(
      statuses(
        await race('PUT', `/api/cs-lab/update?id=${sample.id}`, (i) => ({
          note: `note ${i}`,
          version: sample.version,
        })),
      ),
    ).toEqual([200, 409]);

    const batch = (
      await send(instances[0]!, 'POST', '/api/sample-dispatch-batch', { packageName: 'Box', shippmentNumber: 'S-1' })
    ).body.data;
    expect(
      statuses(
        await race('PUT', `/api/sample-dispatch-batch?id=${batch.id}`, (i) => ({
          packageName: `Box ${i}`,
          version: batch.version,
        })),
      ),
    ).toEqual([200, 409]);
    await expectChainValid();
  });
});
