import { and, asc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { country } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import { appendAudit, rowChanges } from '../custody/audit.ts';
import { recordDeletions } from '../deletions.ts';
import { assertVersion, lockForEdit } from '../stale-writes.ts';
import { containing, countRows, isTakenByAnother, sortOrder, withUniqueCheck, type Paging } from '../../db/queries.ts';

type CountryFields = { code: string; name: string; protected: boolean; version?: number };

// Written with qualified names: drizzle leaves columns unqualified in one-table selects, where an
// inner "id" would mean the inner table's id.
const userCount = sql<number>`(SELECT count(*)::int FROM app_user u WHERE u.country_id = "country"."id")`;
// A "project" is a sample entry claimed to come from the country (sample_entry.country_code).
const projectCount = sql<number>`(SELECT count(*)::int FROM sample_entry s WHERE s.country_code = "country"."code")`;

const countrySelection = {
  id: country.id,
  code: country.code,
  name: country.name,
  protected: country.protected,
  userCount,
  projectCount,
  createdAt: country.createdAt,
  updatedAt: country.updatedAt,
  version: country.version,
};

function toCountry(row: {
  id: number;
  code: string;
  name: string;
  protected: boolean;
  userCount: number;
  projectCount: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}) {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export type CountryRecord = ReturnType<typeof toCountry>;

export type CountryFilters = Paging & {
  code?: string;
  name?: string;
  search?: string;
  orderBy?: string;
  updatedSince?: string;
};

export async function listCountries(db: Executor, filters: CountryFilters) {
  const conditions: SQL[] = [];
  if (filters.code) conditions.push(ilike(country.code, containing(filters.code)));
  if (filters.name) conditions.push(ilike(country.name, containing(filters.name)));
  if (filters.search) {
    const pattern = containing(filters.search);
    conditions.push(or(ilike(country.code, pattern), ilike(country.name, pattern))!);
  }
  if (filters.updatedSince) conditions.push(gte(country.updatedAt, new Date(filters.updatedSince)));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = sortOrder(
    filters.orderBy,
    {
      id: country.id,
      code: country.code,
      name: sql`lower(${country.name})`,
      protected: country.protected,
      userCount,
      projectCount,
      createdAt: country.createdAt,
      updatedAt: country.updatedAt,
    },
    [asc(sql`lower(${country.name})`), asc(country.id)],
  );
  const rows = await db
    .select(countrySelection)
    .from(country)
    .where(where)
    .orderBy(...order)
    .limit(filters.limit)
    .offset(filters.offset);
  const total = await countRows(db, country, where);
  return { items: rows.map(toCountry), total, limit: filters.limit, offset: filters.offset };
}

/** The public list the booking form and pickers use. */
export async function listCountryChoices(db: Executor) {
  return db
    .select({ id: country.id, code: country.code, name: country.name })
    .from(country)
    .orderBy(asc(sql`lower(${country.name})`), asc(country.id));
}

async function findCountry(db: Executor, id: number): Promise<CountryRecord> {
  const [row] = await db.select(countrySelection).from(country).where(eq(country.id, id));
  if (!row) throw notFound('countryNotFound');
  return toCountry(row);
}

async function requireUniqueCode(db: Executor, code: string, exceptId?: number) {
  if (await isTakenByAnother(db, country, country.id, eq(country.code, code), exceptId)) throw duplicateCode();
}

const duplicateCode = () =>
  new AppError('CONFLICT', 'countryCodeTaken', {}, { errors: { code: 'A country with this code already exists' } });

export async function createCountry(
  db: Executor,
  { input, by }: { input: CountryFields; by: AuthUser },
): Promise<CountryRecord> {
  return db.transaction(async (tx) => {
    await requireUniqueCode(tx, input.code);
    const [created] = await withUniqueCheck(
      () =>
        tx
          .insert(country)
          .values({ code: input.code, name: input.name, protected: input.protected })
          .returning({ id: country.id }),
      duplicateCode,
    );
    await appendAudit(tx, {
      entityType: 'country',
      entityId: created!.id,
      action: 'created',
      changes: { code: { from: null, to: input.code }, name: { from: null, to: input.name } },
      actor: by,
    });
    return findCountry(tx, created!.id);
  });
}

export async function updateCountry(
  db: Executor,
  { id, input, by }: { id: number; input: CountryFields; by: AuthUser },
): Promise<CountryRecord> {
  return db.transaction(async (tx) => {
    if (!(await lockForEdit(tx, country, country.id, id))) throw notFound('countryNotFound');
    const current = await findCountry(tx, id);
    assertVersion(current, input.version, 'staleCountry');
    if (input.code !== current.code) {
      await requireUniqueCode(tx, input.code, id);
      // Sample entries refer to the country by code; renaming it would silently orphan them.
      if (current.projectCount > 0) {
        throw new AppError(
          'CONFLICT',
          'countryCodeInUse',
          { code: current.code, count: current.projectCount },
          { errors: { code: 'This code is in use and cannot be changed' }, data: current },
        );
      }
    }
    const next = { code: input.code, name: input.name, protected: input.protected };
    const changes = rowChanges({ code: current.code, name: current.name, protected: current.protected }, next);
    if (Object.keys(changes).length === 0) return current;
    await withUniqueCheck(
      () =>
        tx
          .update(country)
          .set({ ...next, updatedAt: new Date(), version: sql`${country.version} + 1` })
          .where(eq(country.id, id)),
      duplicateCode,
    );
    await appendAudit(tx, { entityType: 'country', entityId: id, action: 'updated', changes, actor: by });
    return findCountry(tx, id);
  });
}

export async function deleteCountry(db: Executor, { id, by }: { id: number; by: AuthUser }): Promise<CountryRecord> {
  return db.transaction(async (tx) => {
    if (!(await lockForEdit(tx, country, country.id, id))) throw notFound('countryNotFound');
    const current = await findCountry(tx, id);
    if (current.protected) throw conflict('countryProtected', {}, current);
    if (current.userCount > 0) {
      throw conflict('countryHasAccounts', { count: current.userCount }, current);
    }
    if (current.projectCount > 0) {
      throw conflict('countryHasSamples', { count: current.projectCount }, current);
    }
    await tx.delete(country).where(eq(country.id, id));
    await recordDeletions(tx, 'country', [id]);
    await appendAudit(tx, {
      entityType: 'country',
      entityId: id,
      action: 'deleted',
      changes: { code: { from: current.code, to: null }, name: { from: current.name, to: null } },
      actor: by,
    });
    return current;
  });
}
