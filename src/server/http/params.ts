import { z } from '@hono/zod-openapi';
import { isTimeZone } from '../../shared/dates.ts';
import { dateFilter, recordId } from './responses.ts';

// Query and path parameters every route reads the same way.

/** The record an action or read names in its query (`?id=`): one id rule (recordId) for every route. */
export const idQuery = z.object({ id: recordId.openapi({ description: 'Record id' }) });

/** The record named in the path (`/{id}`). */
export const idParam = z.object({ id: recordId.openapi({ param: { name: 'id', in: 'path' } }) });

/** A list's date filter (one rule for every list: responses.ts dateFilter). */
export const dateParam = dateFilter;

/** A time zone the answer's dates are read in (the laboratory's, LAB_TIME_ZONE, unless given). */
export const timeZoneQuery = (description: string) =>
  z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, 'Enter a time zone such as Asia/Ho_Chi_Minh')
    .optional()
    .openapi({ description });

/** A list filter given as a comma-separated value or a repeated parameter. */
export const listParam = () => z.union([z.string().max(2000), z.array(z.string().max(200)).max(50)]).optional();

export function readList(value: string | string[] | undefined): string[] | undefined {
  if (value === undefined) return undefined;
  const items = (Array.isArray(value) ? value : [value])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  return items.length ? items : undefined;
}
