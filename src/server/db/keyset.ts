import { and, asc, desc, eq, isNotNull, isNull, or, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../errors.ts';
import { parseSort } from './queries.ts';

// Keyset paging: a list walked page by page starts each page after the last row of the one before,
// in the list's own order, instead of skipping `offset` rows. A page deep in the list then costs
// what the first page costs, and a row written meanwhile never shifts a row onto two pages or off
// all of them. The cursor is opaque to the client: the list's order and the last row's sort values,
// the row id last, as the database holds them (timestamps to the microsecond, which a JavaScript
// Date would round off).

export type SortKey = { column: PgColumn; direction: 'asc' | 'desc' };

/** A list's order: the caller's `orderBy` field first (if any), then the list's own keys, the id last. */
export type ListOrder = { name: string; keys: SortKey[] };

export function listOrder(
  orderBy: string | undefined,
  columns: Record<string, PgColumn>,
  fallback: SortKey[],
): ListOrder {
  const sort = parseSort(orderBy, Object.keys(columns));
  if (!sort) return { name: '', keys: fallback };
  return {
    name: `${sort.field}:${sort.direction}`,
    keys: [{ column: columns[sort.field]!, direction: sort.direction }, ...fallback],
  };
}

export function orderByKeys(order: ListOrder): SQL[] {
  return order.keys.map(({ column, direction }) => (direction === 'desc' ? desc(column) : asc(column)));
}

type CursorValue = string | number | null;
type Cursor = { order: string; values: CursorValue[] };

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.order, ...cursor.values]), 'utf8').toString('base64url');
}

/** The cursor's order and values, or undefined when the text is not a cursor at all. */
export function decodeCursor(text: string): Cursor | undefined {
  if (!/^[A-Za-z0-9_-]+$/.test(text)) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parsed) || parsed.length < 2 || typeof parsed[0] !== 'string') return undefined;
  const values = parsed.slice(1) as unknown[];
  const valid = values.every(
    (v) => v === null || (typeof v === 'string' && v.length <= 500) || (typeof v === 'number' && Number.isFinite(v)),
  );
  return valid ? { order: parsed[0], values: values as CursorValue[] } : undefined;
}

/** The sort values of a row as the database holds them, to be read with the page (see nextCursorOf). */
export function cursorKeys(order: ListOrder): SQL<string> {
  return sql<string>`json_build_array(${sql.join(
    order.keys.map((key) => key.column),
    sql`, `,
  )})::text`;
}

/** The cursor after the page's last row, when the page is full (a shorter page is the list's last). */
export function nextCursorOf(order: ListOrder, lastKeys: string | undefined, pageFull: boolean): string | null {
  if (!pageFull || lastKeys === undefined) return null;
  return encodeCursor({ order: order.name, values: JSON.parse(lastKeys) as CursorValue[] });
}

const badCursor = () =>
  badRequest('badCursor', {}, { cursor: 'Not a cursor of this list in this order: start again without one' });

const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?(?:Z|[+-]\d{2}:\d{2})$/;

/** Whether a cursor value can be the column's (a forged cursor is a 400, never the database's cast error). */
function fitsColumn(column: PgColumn, value: CursorValue): boolean {
  if (value === null) return !column.notNull;
  switch (column.dataType) {
    case 'number':
      return typeof value === 'number' && Number.isSafeInteger(value) && Math.abs(value) <= 2_147_483_647;
    case 'date':
      return typeof value === 'string' && TIMESTAMP.test(value) && !Number.isNaN(Date.parse(value));
    case 'string':
      return typeof value === 'string' && (!column.enumValues?.length || column.enumValues.includes(value));
    default:
      return false;
  }
}

/** A column's type as a cast names it (a serial id is an integer). */
const SERIAL_TYPES: Record<string, string> = { serial: 'integer', bigserial: 'bigint', smallserial: 'smallint' };

function typed(key: SortKey, value: CursorValue): SQL {
  const type = key.column.getSQLType();
  return sql`CAST(${value} AS ${sql.raw(SERIAL_TYPES[type] ?? type)})`;
}

/**
 * The rows after the cursor in the list's order. With one direction throughout and no null in the
 * cursor it is one row comparison, which a B-tree index over the leading keys answers as a range
 * (a descending walk never meets a null after a value: PostgreSQL sorts nulls first there); any
 * other order spells out "greater on the first key, or equal on it and greater on the next", nulls
 * last ascending and first descending, as ORDER BY puts them.
 */
export function afterCursor(order: ListOrder, text: string | undefined): SQL | undefined {
  if (text === undefined || text === '') return undefined;
  const cursor = decodeCursor(text);
  if (
    !cursor ||
    cursor.order !== order.name ||
    cursor.values.length !== order.keys.length ||
    !order.keys.every((key, i) => fitsColumn(key.column, cursor.values[i]!))
  )
    throw badCursor();
  const { keys } = order;
  const direction = keys[0]!.direction;
  const oneDirection = keys.every((key) => key.direction === direction);
  const noNulls = cursor.values.every((v) => v !== null);
  const nonNullColumns = keys.every((key) => key.column.notNull);
  if (oneDirection && noNulls && (direction === 'desc' || nonNullColumns)) {
    const columns = sql.join(
      keys.map((key) => sql`${key.column}`),
      sql`, `,
    );
    const values = sql.join(
      keys.map((key, i) => typed(key, cursor.values[i]!)),
      sql`, `,
    );
    return direction === 'desc' ? sql`(${columns}) < (${values})` : sql`(${columns}) > (${values})`;
  }
  const after = (key: SortKey, value: CursorValue): SQL | undefined => {
    const column: AnyColumn = key.column;
    if (key.direction === 'asc')
      return value === null ? undefined : or(sql`${column} > ${typed(key, value)}`, isNull(column));
    return value === null ? isNotNull(column) : sql`${column} < ${typed(key, value)}`;
  };
  const equal = (key: SortKey, value: CursorValue): SQL =>
    value === null ? isNull(key.column) : eq(key.column, typed(key, value));
  const branches: SQL[] = [];
  for (let i = 0; i < keys.length; i++) {
    const beyond = after(keys[i]!, cursor.values[i]!);
    if (!beyond) continue;
    branches.push(and(...keys.slice(0, i).map((key, j) => equal(key, cursor.values[j]!)), beyond)!);
  }
  return branches.length ? or(...branches)! : sql`false`;
}
