import { z } from '@hono/zod-openapi';
import { dateFilter, recordId } from './responses.ts';

// Query and path parameters every route reads the same way.

/** The record an action or read names in its query (`?id=`): one id rule (recordId) for every route. */
export const idQuery = z.object({ id: recordId.openapi({ description: 'Record id' }) });

/** The record named in the path (`/{id}`). */
export const idParam = z.object({ id: recordId.openapi({ param: { name: 'id', in: 'path' } }) });

/** A list's date filter (one rule for every list: responses.ts dateFilter). */
export const dateParam = dateFilter;

/** An IANA zone name both the runtime and PostgreSQL's zone database know ('Asia/Ho_Chi_Minh'). */
function isTimeZone(value: string) {
  if (!/^(UTC|[A-Za-z]+(\/[A-Za-z0-9_+-]+){1,2})$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** A time zone the answer's dates are read in (UTC unless given). */
export const timeZoneQuery = (description: string) =>
  z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, 'Enter a time zone such as Asia/Ho_Chi_Minh')
    .default('UTC')
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
