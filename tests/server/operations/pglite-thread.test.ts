import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../../src/server/db/availability.ts';
import { startPgliteThread, type PgliteThread } from '../../../src/server/db/pglite-thread-client.ts';
import { isUniqueViolation } from '../../../src/server/db/queries.ts';

// The embedded database runs on a thread of its own. What the server relies on from it:
// a transaction's statements in order on the one connection with every other statement waiting for
// its end, PostgreSQL's error fields carried across, and a stopped thread read as "database away".

describe('[DATABASE THREAD] PGlite on a thread of its own', () => {
  let database: PgliteThread;
  const stops: Error[] = [];

  // PGlite takes seconds to start, longer on a busy machine.
  beforeAll(async () => {
    database = startPgliteThread(undefined, (error) => stops.push(error));
    await database.waitReady;
    await database.exec('CREATE TABLE reading (id int PRIMARY KEY, value text NOT NULL)');
  }, 180_000);
  afterAll(() => database?.close(), 60_000);

  it('runs a transaction in order while a statement sent meanwhile waits for its commit', async () => {
    let outside: Promise<{ rows: { n: number }[] }> | undefined;
    await database.transaction(async (tx) => {
      await tx.query('INSERT INTO reading VALUES (1, $1)', ['first']);
      // Sent while the transaction is open: it must see the transaction's end, not its middle.
      outside = database.query<{ n: number }>('SELECT count(*)::int AS n FROM reading');
      await tx.query('INSERT INTO reading VALUES (2, $1)', ['second']);
    });
    expect((await outside!).rows).toEqual([{ n: 2 }]);
  });

  it('rolls a failed transaction back and carries the SQLSTATE and constraint across', async () => {
    const failed = await database
      .transaction(async (tx) => {
        await tx.query('INSERT INTO reading VALUES (3, $1)', ['third']);
        await tx.query('INSERT INTO reading VALUES (1, $1)', ['again']);
      })
      .catch((error: unknown) => error);
    expect(isUniqueViolation(failed)).toBe(true);
    expect(failed).toMatchObject({ code: '23505', constraint: 'reading_pkey' });
    const { rows } = await database.query<{ id: number }>('SELECT id FROM reading ORDER BY id');
    expect(rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('keeps text types as PostgreSQL wrote them when asked, as Drizzle does for dates', async () => {
    const { rows } = await database.query<{ at: unknown }>("SELECT '2026-01-02 03:04:05+00'::timestamptz AS at", [], {
      rowMode: 'object',
      parsers: { 1184: (value: string) => value },
    });
    expect(rows[0]!.at).toBe('2026-01-02 03:04:05+00');
  });

  it('answers every later call as "database away" once the thread has stopped', async () => {
    const stopped: Error[] = [];
    // A data directory that cannot be made: PGlite fails to start and its thread ends.
    const broken = startPgliteThread('/dev/null/no-such-directory', (error) => stopped.push(error));
    const error = await broken.waitReady.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    const later = await broken.query('SELECT 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(later)).toBe(true);
    expect(stopped).toHaveLength(1);
    expect(stops).toEqual([]);
  });
});
