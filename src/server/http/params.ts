import { z } from '@hono/zod-openapi';
import { dateFilter } from './responses.ts';

// Query and path parameters every route reads the same way.

export const idQuery = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647).openapi({ description: 'Sample entry id' }),
});

export const idParam = z.object({
  id: z.coerce
    .number()
    .int()
    .min(1)
    .max(2_147_483_647)
    .openapi({ param: { name: 'id', in: 'path' } }),
});

/** A list's date filter (one rule for every list: responses.ts dateFilter). */
export const dateParam = dateFilter;

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
