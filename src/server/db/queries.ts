import { and, asc, desc, ne, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { type AppError, badRequest } from '../errors.ts';

// Query pieces every list and every unique-name check shares: paging, safe ordering, text search,
// totals, and turning a unique-index race into a readable 409.

export type Paging = { limit: number; offset: number };

/**
 * Turns `field` or `field:asc|desc` into an ORDER BY over a fixed set of sortable columns; anything
 * else is a 400 naming the choices, never SQL built from the caller's text.
 */
export function sortOrder(
  orderBy: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
): SQL[] {
  if (!orderBy) return fallback;
  const [field = '', direction = 'asc'] = orderBy.split(':');
  const column = Object.hasOwn(columns, field) ? columns[field] : undefined;
  if (!column || !['asc', 'desc'].includes(direction.toLowerCase())) {
    throw badRequest('badOrderBy', { choices: Object.keys(columns).join(', ') }, { orderBy: 'Unknown sort order' });
  }
  return [direction.toLowerCase() === 'desc' ? desc(column) : asc(column), ...fallback];
}

/** True when the database refused a row for breaking a unique index (two requests raced to create it). */
export function isUniqueViolation(error: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    if ((current as { code?: string }).code === '23505') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Runs an insert or update; a unique-index race becomes the same 409 the checks before it give. */
export async function withUniqueCheck<T>(write: () => Promise<T>, onDuplicate: () => AppError): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw onDuplicate();
    throw error;
  }
}

/** `%text%` for ILIKE, with the caller's wildcards taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** How many rows of `table` a filtered list holds in all (its `total`, whatever page is shown). */
export async function countRows(db: Executor, table: PgTable, where: SQL | undefined): Promise<number> {
  const [{ total } = { total: 0 }] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return total;
}

/** Whether a row other than `exceptId` (the one being updated) already matches `condition`. */
export async function isTakenByAnother(
  db: Executor,
  table: PgTable,
  id: PgColumn,
  condition: SQL,
  exceptId?: number,
): Promise<boolean> {
  const conditions = [condition];
  if (exceptId !== undefined) conditions.push(ne(id, exceptId));
  const [taken] = await db
    .select({ id })
    .from(table)
    .where(and(...conditions));
  return taken !== undefined;
}
