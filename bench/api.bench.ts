// API figures, each against a baseline from the same run: what auth, idempotency and the sync
// batch cost on top of the framework and the database doing the bare minimum.
import { verify } from '@node-rs/argon2';
import { Hono } from 'hono';
import { appUser, rateLimit } from '../src/server/db/schema.ts';
import { BENCH_PASSWORD, openBenchApp } from './bench-app.ts';
import type { BenchRow } from './run.ts';

async function timePerCall(calls: number, fn: (i: number) => unknown): Promise<number> {
  for (let i = 0; i < Math.min(20, calls); i++) await fn(-1 - i); // warm up
  const started = performance.now();
  for (let i = 0; i < calls; i++) await fn(i);
  return (performance.now() - started) / calls;
}

export default async function benchApi(): Promise<BenchRow[]> {
  const rows = await benchOn('PGlite');
  if (process.env.TEST_DATABASE_URL) rows.push(...(await benchOn('PostgreSQL', process.env.TEST_DATABASE_URL)));
  return rows;
}

async function benchOn(kind: 'PGlite' | 'PostgreSQL', postgresUrl?: string): Promise<BenchRow[]> {
  const { app, database, background, token } = await openBenchApp({ postgresUrl, name: 'api' });
  const json = (body: unknown, token?: string, key?: string) => {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (token) headers.authorization = `Bearer ${token}`;
    if (key) headers['idempotency-key'] = key;
    return { method: 'POST', headers, body: JSON.stringify(body) };
  };

  const auth = { headers: { authorization: `Bearer ${token}` } };

  // Baselines: the framework alone, and one trivial query on the same database.
  const bare = new Hono().get('/ping', (c) => c.json({ ok: true }));
  const bareRequest = await timePerCall(2000, () => bare.request('/ping'));
  const oneQuery = await timePerCall(500, () => database.db.select().from(appUser).limit(1));

  const ownUser = await timePerCall(500, () => app.request('/api/user/get-own-user', auth));

  let n = 0;
  // A fresh three-letter code for every create (17,576 of them; the bench makes about a thousand),
  // so that both sides time a create that succeeds, not a clash answered 409.
  const code = () => {
    n += 1;
    const letter = (i: number) => String.fromCharCode(65 + (Math.floor(n / 26 ** i) % 26));
    return `${letter(2)}${letter(1)}${letter(0)}`;
  };
  const countryBody = () => ({ code: code(), name: `Bench ${n}` });
  const plainCreate = await timePerCall(200, () => app.request('/api/country', json(countryBody(), token)));
  const keyedCreate = await timePerCall(200, (i) =>
    app.request('/api/country', json(countryBody(), token, `bench-key-${i}-${Math.random()}`)),
  );

  const batch = 50;
  const separate = await timePerCall(3, async (round) => {
    for (let i = 0; i < batch; i++) {
      await app.request('/api/country', json(countryBody(), token, `sep-${round}-${i}-${Math.random()}`));
    }
  });
  const batched = await timePerCall(3, (round) =>
    app.request(
      '/api/sync',
      json(
        {
          mutations: Array.from({ length: batch }, (_, i) => ({
            key: `sync-${round}-${i}-${Math.random()}`,
            method: 'POST',
            path: '/api/country',
            body: countryBody(),
          })),
        },
        token,
      ),
    ),
  );

  const [admin] = await database.db.select().from(appUser).limit(1);
  const hashOnly = await timePerCall(20, () => verify(admin!.passwordHash, BENCH_PASSWORD));
  const signInTime = await timePerCall(20, () =>
    app.request('/api/auth', json({ email: 'admin', password: BENCH_PASSWORD })),
  );

  // A reset request must not tell by its timing whether the e-mail has an account. Only
  // the request is timed; the limits are cleared and the work it set off is finished outside the
  // clock, alike on both sides, and the two alternate call by call so that neither runs on a
  // database or a machine state the other does not.
  const resetTimes = { known: 0, unknown: 0 };
  const resetCalls = 200;
  for (let i = -20; i < resetCalls; i++) {
    for (const [side, email] of [
      ['known', 'admin@isotope.lab'],
      ['unknown', 'nobody@isotope.lab'],
    ] as const) {
      await database.db.delete(rateLimit);
      const started = performance.now();
      await app.request(`/api/user/reset-password?email=${encodeURIComponent(email)}`, { method: 'POST' });
      if (i >= 0) resetTimes[side] += (performance.now() - started) / resetCalls;
      await background.settled();
    }
  }
  const resetKnown = resetTimes.known;
  const resetUnknown = resetTimes.unknown;

  await database.close();
  const rows: BenchRow[] = [
    {
      name: 'password reset request for an existing e-mail',
      baseline: { label: 'the same request for an unknown e-mail', value: resetUnknown * 1000 },
      value: resetKnown * 1000,
      unit: 'µs',
      targetRatio: 1.1,
    },
    {
      name: 'signed-in profile read (auth + permissions + profile)',
      baseline: { label: 'a bare Hono request', value: bareRequest * 1000 },
      value: ownUser * 1000,
      unit: 'µs',
    },
    {
      name: 'signed-in profile read',
      baseline: { label: 'one trivial query', value: oneQuery * 1000 },
      value: ownUser * 1000,
      unit: 'µs',
      targetRatio: 8,
    },
    {
      name: 'country create with Idempotency-Key',
      baseline: { label: 'the same create without a key', value: plainCreate * 1000 },
      value: keyedCreate * 1000,
      unit: 'µs',
      targetRatio: 2,
    },
    {
      name: `outbox of ${batch} creates through one /api/sync`,
      baseline: { label: `${batch} separate keyed requests`, value: separate },
      value: batched,
      unit: 'ms',
      targetRatio: 1.2,
    },
    {
      name: 'sign-in',
      baseline: { label: 'one Argon2id verify', value: hashOnly },
      value: signInTime,
      unit: 'ms',
      targetRatio: 1.5,
    },
  ];
  return rows.map((row) => ({ ...row, name: `${kind}: ${row.name}` }));
}
