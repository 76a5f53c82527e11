import { and, asc, desc, ne, sql, type AnyColumn, type SQL, type WithSubquery } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';
import { type AppError, badRequest } from '../errors.ts';

// Query pieces every list and every unique-name check shares: paging, safe ordering, text search,
// totals, and turning a unique-index race into a readable 409.

export type Paging = { limit: number; offset: number };

/**
 * The one reading of a list's `orderBy`, for every list: `field`, `field:asc|desc` (or the older
 * `-field` and `field desc`) over a fixed set of fields. Anything else is a 400 naming orderBy and
 * the choices, never a silent default order and never SQL built from the caller's text.
 */
export function parseSort<K extends string>(
  orderBy: string | undefined,
  fields: readonly K[],
): { field: K; direction: 'asc' | 'desc' } | undefined {
  if (!orderBy?.trim()) return undefined;
  const text = orderBy.trim();
  const dashed = text.startsWith('-');
  const [field = '', direction = dashed ? 'desc' : 'asc', ...rest] = text.replace(/^-/, '').split(/[:\s]+/);
  const dir = direction.toLowerCase();
  if (!(fields as readonly string[]).includes(field) || (dir !== 'asc' && dir !== 'desc') || rest.length) {
    throw badRequest('badOrderBy', { choices: fields.join(', ') }, { orderBy: 'Unknown sort order' });
  }
  return { field: field as K, direction: dir };
}

/** An ORDER BY over sortable columns from `orderBy` (see parseSort), the fallback breaking ties. */
export function sortOrder(
  orderBy: string | undefined,
  columns: Record<string, AnyColumn | SQL>,
  fallback: SQL[],
): SQL[] {
  const sort = parseSort(orderBy, Object.keys(columns));
  if (!sort) return fallback;
  const column = columns[sort.field]!;
  return [sort.direction === 'desc' ? desc(column) : asc(column), ...fallback];
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

/** Text for ILIKE with the caller's own `%`, `_` and `\\` taken literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** `%text%` for ILIKE, with the caller's wildcards taken literally. */
export function containing(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** The rows a list's "contains" filter matches, found first (see matchedFirst). */
export type MatchedFirst = {
  /** The CTE `matched`, which each statement reading `rows` must carry (`db.with(cte)`). */
  cte: WithSubquery;
  /** `matched` under the table's own name, so that the list's ORDER BY and filters still name its columns. */
  rows: SQL;
};

/**
 * `table` narrowed to the rows matching `where` before any order is applied. For "contains"
 * filters: the planner cannot know how rare a '%text%' match is and would walk the sort's index
 * hoping to meet twenty matches early; found first through the trigram index, the matches are sorted
 * on their own. They are a CTE, so that a page and the total it counts in the same
 * statement read one walk of the index; OFFSET 0 keeps PostgreSQL from folding it into the outer
 * query where a statement reads it once. It holds `columns` only, so that a search that matches
 * most of the table holds a few columns of each row, not whole rows.
 */
export function matchedFirst(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  /** The columns the rest of the statement reads: a broad search's matches are held narrow. */
  columns: PgColumn[],
): MatchedFirst {
  const selection = Object.fromEntries(columns.map((column) => [column.name, column]));
  const cte = db.$with('matched').as(db.select(selection).from(table).where(where).offset(0));
  return { cte, rows: sql`${sql.identifier('matched')} AS ${table}` };
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
