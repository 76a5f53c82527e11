import { describe, expect, it } from 'vitest';
import type { ZodType } from 'zod';
import { clientLinkRequestSchema, clientNoteSchema } from '../../src/shared/client-portal.ts';
import * as analysis from '../../src/shared/schemas/analysis.ts';
import * as auth from '../../src/shared/schemas/auth.ts';
import * as booking from '../../src/shared/schemas/booking.ts';
import * as countries from '../../src/shared/schemas/countries.ts';
import * as dispatch from '../../src/shared/schemas/dispatch-batch.ts';
import * as guidelines from '../../src/shared/schemas/guidelines.ts';
import * as roles from '../../src/shared/schemas/roles.ts';
import * as sampleEntry from '../../src/shared/schemas/sample-entry.ts';
import * as supervisor from '../../src/shared/schemas/supervisor.ts';
import * as thirdLab from '../../src/shared/schemas/third-lab.ts';
import * as users from '../../src/shared/schemas/users.ts';
import { hasVisibleText, isWellFormedText, trimInvisible, visibleText } from '../../src/shared/visible-text.ts';

// Text is checked on every request, anonymous ones included: a check that retries from each
// character of a long run (a backtracking pattern) turns one request into seconds of a blocked
// server. Each check here must take about four times as long on four times the text, never sixteen.

/** The fastest of a few runs, so a pause of the shared machine does not count against the check. */
function fastestMs(work: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * Asserts that `work(n)` grows about linearly: four times the input may cost up to ten times the
 * time (a quadratic check costs sixteen). Milliseconds are noisy on a shared machine (a collection
 * of the garbage may land in either run), so anything under a second passes too: a quadratic check
 * spends minutes on the inputs given here, a linear one tens of milliseconds.
 */
function expectLinear(work: (size: number) => void, size: number) {
  work(size / 4); // warm up the compiled code first
  const small = fastestMs(() => work(size / 4));
  const large = fastestMs(() => work(size));
  expect(large, `${small.toFixed(1)} ms, then ${large.toFixed(1)} ms`).toBeLessThan(Math.max(1000, small * 10));
}

const MB = 1024 * 1024;
const shapes = {
  spaces: (n: number) => ' '.repeat(n),
  'spaces between words': (n: number) => `a${' '.repeat(n - 2)}b`,
  'one long word': (n: number) => 'a'.repeat(n),
  'long word then a space': (n: number) => `${'A'.repeat(n - 1)} `,
  'invisible characters': (n: number) => '\u200B\u00A0'.repeat(n / 2),
};

describe('[SECURITY] text checks take linear time', () => {
  it.each(Object.entries(shapes))('visibleText on 1 MB of %s', (_, make) => {
    expectLinear((size) => {
      const text = make(size);
      trimInvisible(text);
      hasVisibleText(text);
      isWellFormedText(text);
      visibleText('Required').safeParse(text);
    }, MB);
  });

  const schemas: Record<string, unknown> = {
    ...analysis,
    ...auth,
    ...booking,
    ...countries,
    ...dispatch,
    ...guidelines,
    ...roles,
    ...sampleEntry,
    ...supervisor,
    ...thirdLab,
    ...users,
    clientLinkRequestSchema,
    clientNoteSchema,
  };
  const objectSchemas = Object.entries(schemas).filter(
    (entry): entry is [string, ZodType & { shape: Record<string, unknown> }] =>
      typeof entry[1] === 'object' && entry[1] !== null && 'shape' in entry[1] && 'safeParse' in entry[1],
  );

  it('finds the shared form schemas', () => {
    expect(objectSchemas.length).toBeGreaterThan(15);
  });

  // Every field gets the long text, so any pattern, refinement or transform on any of them is timed;
  // 128 K characters per field, since a form has many.
  it.each(
    objectSchemas.flatMap(([name, schema]) =>
      Object.entries(shapes).map(([shape, make]) => [name, shape, schema, make] as const),
    ),
  )('%s on %s', (_, __, schema, make) => {
    expectLinear((size) => {
      const text = make(size);
      const body = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, text]));
      schema.safeParse(body);
    }, 128 * 1024);
  });
});
