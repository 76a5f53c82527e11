import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { decodeCursor } from '../db/keyset.ts';
import { isReasonableDate } from '../../shared/schemas/sample-entry.ts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

// The API's envelope: success { result: true, message, data }, failure { result: false, message, errors? }.

export const errorBodySchema = z
  .object({
    result: z.literal(false),
    message: z.string().openapi({ description: 'In English; translate by `code` with `params`' }),
    code: z.string().openapi({ description: 'The message code (shared catalogue src/shared/server-messages.ts)' }),
    params: z
      .record(z.string(), z.union([z.string(), z.number(), z.array(z.string())]))
      .openapi({ description: 'The values the message names' }),
    errors: z.record(z.string(), z.string()).optional().openapi({ description: 'Field messages keyed by dotted path' }),
    data: z.unknown().optional(),
  })
  .openapi('ErrorBody');

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ result: z.literal(true), message: z.string(), data });
}

/**
 * The answer of an edit: the record as it now stands, and whether the save changed nothing (then
 * nothing was written: no new version, no audit record, and the message says so).
 */
export function editEnvelope<T extends z.ZodType>(data: T) {
  return envelope(data).extend({
    unchanged: z.boolean().openapi({
      description: 'true when the save changed nothing: the record is returned as it was, unversioned and unlogged',
    }),
  });
}

const NO_CHANGES_MESSAGE = 'No changes to save.';

/** Answers an edit (editEnvelope): `saved` when it changed the record, else that there was nothing to save. */
export function edited<T>(c: Context, { record, unchanged }: { record: T; unchanged: boolean }, saved: string) {
  return c.json(
    { result: true as const, message: unchanged ? NO_CHANGES_MESSAGE : saved, data: record, unchanged },
    200,
  );
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z
      .number()
      .int()
      .openapi({
        description:
          'Rows matching the filters. Counted up to offset + limit + 1,000 at most: when more match, ' +
          'totalCapped is true and total is that lower bound (the next page exists).',
      }),
    totalCapped: z.boolean().optional().openapi({ description: 'true when total is a lower bound (see total)' }),
    limit: z.number().int(),
    offset: z.number().int(),
  });
}

/**
 * A list that can be walked by keyset (db/keyset.ts): its page also answers `nextCursor`, which
 * the next request passes as `cursor`.
 */
export function keysetPageOf<T extends z.ZodType>(item: T) {
  return pageOf(item).extend({
    nextCursor: z.string().nullable().openapi({
      description: 'Pass as `cursor` for the page after this one (same filters and orderBy); null on the last page',
    }),
  });
}

/** Keyset paging: the page after the row a previous page's `nextCursor` names. */
export const keysetQuery = {
  cursor: z
    .string()
    .trim()
    .max(2000)
    .refine((value) => value === '' || decodeCursor(value) !== undefined, {
      error: 'Not a cursor: pass a nextCursor this list answered',
    })
    .optional()
    .openapi({
      description:
        "The previous page's nextCursor: this page starts after its last row, in the same order (offset then counts from there)",
    }),
};

/** Paging and ordering every list accepts. */
export const listQuery = {
  limit: z.coerce.number().int().min(1).max(500).default(20),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().trim().max(200).optional(),
  orderBy: z.string().trim().max(60).optional(),
};

/** A record id in a path or query: a positive 32-bit integer, so a huge number is a 400, never a database error. */
export const recordId = z.coerce
  .number({ error: 'Id must be a positive whole number' })
  .int('Id must be a positive whole number')
  .positive('Id must be a positive whole number')
  .max(2_147_483_647, 'Id must be a positive whole number');

// YYYY-MM-DD, or an ISO 8601 date-time. Date.parse alone is far too lenient: it reads
// "' OR '1'='1" as the year 2001, and the list would silently answer the wrong rows.
const DATE_OR_DATE_TIME = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** The years a filter may name: a laboratory record lies within them. */
const FILTER_YEARS = { min: 2000, max: 2100 } as const;
const DATE_FILTER_OUT_OF_RANGE = 'Enter a real date between the years 2000 and 2100';
const DATE_RANGE_REVERSED = 'The end date cannot be before the start date';

/**
 * A day that exists in the calendar: the runtime's parser reads 2025-02-30 as 2 March. Far years
 * are refused too: 9999-12-31 passed as a "whole day" filter overflowed the date range into a 500.
 */
function isCalendarDateInRange(value: string): boolean {
  if (!isReasonableDate(value)) return false;
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number];
  const day0 = new Date(Date.UTC(year, month - 1, day));
  if (day0.getUTCMonth() !== month - 1 || day0.getUTCDate() !== day) return false;
  return year >= FILTER_YEARS.min && year <= FILTER_YEARS.max;
}

/** A date filter of a list: a date or an ISO date-time, else a 400 naming the field. */
export const dateFilter = () =>
  z
    .string()
    .trim()
    .max(40)
    .refine((value) => DATE_OR_DATE_TIME.test(value), {
      error: 'Enter a date as YYYY-MM-DD or an ISO date-time',
      abort: true,
    })
    .refine(isCalendarDateInRange, { error: DATE_FILTER_OUT_OF_RANGE })
    .optional()
    .openapi({ description: 'YYYY-MM-DD or an ISO 8601 date-time, a real day in the years 2000 to 2100' });

/**
 * Refuses a period whose end comes before its start, naming the end field: such a filter can
 * match nothing, and the person most likely swapped the two.
 */
export function datesInOrder<T extends Record<string, unknown>>(
  pairs: [from: keyof T & string, to: keyof T & string][],
) {
  return (query: T, ctx: z.RefinementCtx) => {
    for (const [from, to] of pairs) {
      const start = query[from];
      const end = query[to];
      if (typeof start !== 'string' || typeof end !== 'string') continue;
      // A date-only end covers its whole day, so 2025-05-01 to 2025-05-01 is one day, not empty.
      if (end.slice(0, 10) < start.slice(0, 10)) {
        ctx.addIssue({ code: 'custom', path: [to], message: DATE_RANGE_REVERSED, input: end });
      }
    }
  };
}

/** Delta sync of offline lists: only records changed at or after this instant. */
export const updatedSinceQuery = dateFilter().openapi({
  description: 'Only records updated at or after this ISO date-time (delta sync)',
});

export function ok<T, S extends ContentfulStatusCode = 200>(c: Context, data: T, message = 'Success', status?: S) {
  return c.json({ result: true as const, message, data }, (status ?? 200) as S);
}
