// Notifications: what it costs to carry one to every open bench. A notification addressed to a
// permission is written and the notifier woken (as after a commit); the figure is the time until
// every open stream has sent it, against the write alone.
import { createParser } from 'eventsource-parser';
import { hashPassword } from '../src/server/auth/passwords.ts';
import { appUser, role } from '../src/server/db/schema.ts';
import { notify } from '../src/server/services/messaging/notifications.ts';
import { BENCH_PASSWORD, openBenchApp } from './bench-app.ts';
import type { BenchRow } from './run.ts';

const STREAMS = 20;
const ROUNDS = 30;

export default async function benchNotifications(): Promise<BenchRow[]> {
  const bench = await openBenchApp();
  const { app, database, notifier } = bench;

  const [lab] = await database.db
    .insert(role)
    .values({ name: 'Bench lab', permissions: ['CanCheckInThirdLab'] })
    .returning();
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const received = new Map<number, number>();
  const waiters = new Set<() => void>();
  const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
  for (let i = 0; i < STREAMS; i++) {
    await database.db.insert(appUser).values({
      username: `bench${i}`,
      displayName: `Bench ${i}`,
      email: `bench${i}@lab.test`,
      passwordHash,
      roleId: lab!.id,
    });
    const token = await bench.signIn(`bench${i}`);
    const response = await app.request('/api/notification/stream', { headers: { authorization: `Bearer ${token}` } });
    const reader = response.body!.getReader();
    readers.push(reader);
    let ready!: () => void;
    const isReady = new Promise<void>((resolve) => (ready = resolve));
    const parser = createParser({
      onEvent(event) {
        if (event.event === 'ready') ready();
        if (event.event !== 'notification') return;
        const id = Number(event.id);
        received.set(id, (received.get(id) ?? 0) + 1);
        for (const wake of waiters) wake();
      },
    });
    void (async () => {
      const decoder = new TextDecoder();
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    })();
    await isReady;
  }

  const target = { permission: 'CanCheckInThirdLab' } as const;
  const entry = { kind: 'batchSent', title: 'Bench', message: 'Bench' } as const;
  const allHave = (id: number) =>
    new Promise<void>((resolve) => {
      const check = () => {
        if ((received.get(id) ?? 0) >= STREAMS) {
          waiters.delete(check);
          resolve();
        }
      };
      waiters.add(check);
      check();
    });

  let writeOnly = 0;
  let delivered = 0;
  for (let i = 0; i < ROUNDS; i++) {
    let started = performance.now();
    const written = await notify(database.db, target, entry);
    writeOnly += performance.now() - started;
    await notifier.wake(database.db);
    await allHave(written.id);

    started = performance.now();
    const row = await notify(database.db, target, entry);
    await notifier.wake(database.db);
    await allHave(row.id);
    delivered += performance.now() - started;
  }

  for (const reader of readers) await reader.cancel();
  await database.close();
  return [
    {
      name: `a notification written and sent on ${STREAMS} open streams`,
      baseline: { label: 'writing it alone', value: writeOnly / ROUNDS },
      value: delivered / ROUNDS,
      unit: 'ms',
      // Measured here: 1.7× with the new rows read once per wake for all streams; 16× when each
      // stream ran its own query.
      targetRatio: 4,
    },
  ];
}
