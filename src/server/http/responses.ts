import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
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

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  });
}

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

/** Delta sync of offline lists: only records changed at or after this instant (ISO 8601). */
export const updatedSinceQuery = z.iso
  .datetime({ offset: true, error: 'updatedSince must be an ISO date-time' })
  .optional()
  .openapi({ description: 'Only records updated at or after this ISO date-time (delta sync)' });

export function ok<T, S extends ContentfulStatusCode = 200>(c: Context, data: T, message = 'Success', status?: S) {
  return c.json({ result: true as const, message, data }, (status ?? 200) as S);
}
