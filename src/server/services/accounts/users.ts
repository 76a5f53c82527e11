import { and, asc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Permission } from '../../../shared/permissions.ts';
import type { CreateUserInput, UpdateUserInput } from '../../../shared/schemas/users.ts';
import { hashPassword } from '../../auth/passwords.ts';
import type { Executor } from '../../db/client.ts';
import { appUser, country, role } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { containing, countRows, sortOrder, withUniqueCheck, type Paging } from '../../db/queries.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import { appendAudit, rowChanges } from '../custody/audit.ts';
import { assertVersion, lockForEdit } from '../stale-writes.ts';

export type UserFilters = Paging & {
  username?: string;
  displayName?: string;
  email?: string;
  search?: string;
  orderBy?: string;
  updatedSince?: string;
};

const userColumns = {
  id: appUser.id,
  username: sql`lower(${appUser.username})`,
  displayName: sql`lower(${appUser.displayName})`,
  email: sql`lower(${appUser.email})`,
  role: sql`lower(${role.name})`,
  country: sql`lower(${country.name})`,
  active: appUser.active,
  createdAt: appUser.createdAt,
  updatedAt: appUser.updatedAt,
};

const userSelection = {
  id: appUser.id,
  username: appUser.username,
  displayName: appUser.displayName,
  email: appUser.email,
  roleId: role.id,
  roleName: role.name,
  countryId: country.id,
  countryCode: country.code,
  countryName: country.name,
  active: appUser.active,
  lastSignedInAt: appUser.lastSignedInAt,
  createdAt: appUser.createdAt,
  updatedAt: appUser.updatedAt,
  version: appUser.version,
};

type UserRow = {
  id: number;
  username: string;
  displayName: string;
  email: string;
  roleId: number;
  roleName: string;
  countryId: number | null;
  countryCode: string | null;
  countryName: string | null;
  active: boolean;
  lastSignedInAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
};

/** The account as the Accounts screen shows it: never the password hash. */
function toAccount(row: UserRow) {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    email: row.email,
    role: { id: row.roleId, name: row.roleName },
    country:
      row.countryId !== null ? { id: row.countryId, code: row.countryCode ?? '', name: row.countryName ?? '' } : null,
    active: row.active,
    lastSignedInAt: row.lastSignedInAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}

export type Account = ReturnType<typeof toAccount>;

function accountsQuery(db: Executor) {
  return db
    .select(userSelection)
    .from(appUser)
    .innerJoin(role, eq(role.id, appUser.roleId))
    .leftJoin(country, eq(country.id, appUser.countryId));
}

export async function listUsers(db: Executor, filters: UserFilters) {
  const conditions: SQL[] = [];
  if (filters.username) conditions.push(ilike(appUser.username, containing(filters.username)));
  if (filters.displayName) conditions.push(ilike(appUser.displayName, containing(filters.displayName)));
  if (filters.email) conditions.push(ilike(appUser.email, containing(filters.email)));
  if (filters.search) {
    const pattern = containing(filters.search);
    conditions.push(
      or(ilike(appUser.username, pattern), ilike(appUser.displayName, pattern), ilike(appUser.email, pattern))!,
    );
  }
  if (filters.updatedSince) conditions.push(gte(appUser.updatedAt, new Date(filters.updatedSince)));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = sortOrder(filters.orderBy, userColumns, [asc(appUser.id)]);
  const rows = await accountsQuery(db)
    .where(where)
    .orderBy(...order)
    .limit(filters.limit)
    .offset(filters.offset);
  const total = await countRows(db, appUser, where);
  return { items: rows.map(toAccount), total, limit: filters.limit, offset: filters.offset };
}

export async function findAccount(db: Executor, id: number): Promise<Account> {
  const [row] = await accountsQuery(db).where(eq(appUser.id, id));
  if (!row) throw notFound('accountNotFound');
  return toAccount(row);
}

/** Everything a user picker needs: active staff only. */
export async function listUserChoices(db: Executor) {
  return db
    .select({ id: appUser.id, username: appUser.username, displayName: appUser.displayName })
    .from(appUser)
    .where(eq(appUser.active, true))
    .orderBy(asc(sql`lower(${appUser.displayName})`), asc(appUser.id));
}

async function requireRole(db: Executor, roleId: number) {
  const [row] = await db.select({ id: role.id }).from(role).where(eq(role.id, roleId));
  if (!row) throw badRequest('roleRequired', {}, { roleId: 'This role does not exist' });
}

async function requireCountry(db: Executor, countryId: number | null | undefined) {
  if (countryId === null || countryId === undefined) return;
  const [row] = await db.select({ id: country.id }).from(country).where(eq(country.id, countryId));
  if (!row) throw badRequest('countryMissing', {}, { countryId: 'This country does not exist' });
}

/** Refuses a username or e-mail another account already uses (case does not make a new account). */
async function requireUnique(db: Executor, fields: { username?: string; email?: string }, exceptId?: number) {
  const errors: Record<string, string> = {};
  if (fields.username !== undefined) {
    const [taken] = await db
      .select({ id: appUser.id })
      .from(appUser)
      .where(eq(sql`lower(${appUser.username})`, fields.username.toLowerCase()));
    if (taken && taken.id !== exceptId) errors.username = 'This username is already taken';
  }
  if (fields.email !== undefined) {
    const [taken] = await db
      .select({ id: appUser.id })
      .from(appUser)
      .where(eq(sql`lower(${appUser.email})`, fields.email.toLowerCase()));
    if (taken && taken.id !== exceptId) errors.email = 'This email is already used by another account';
  }
  if (Object.keys(errors).length) {
    throw new AppError('CONFLICT', errors.username ? 'usernameTaken' : 'emailTaken', {}, { errors });
  }
}

/**
 * Refuses a change that would leave no active account able to manage roles: without one, nobody
 * could ever give the permission back.
 */
export async function requireRoleManagerRemains(db: Executor) {
  const managers = await db
    .select({ id: appUser.id })
    .from(appUser)
    .innerJoin(role, eq(role.id, appUser.roleId))
    .where(
      and(
        eq(appUser.active, true),
        eq(role.active, true),
        sql`${role.permissions} @> ${JSON.stringify(['CanUpdateRolePermission'] satisfies Permission[])}::jsonb`,
      ),
    )
    .limit(1);
  if (managers.length === 0) {
    throw conflict('lastRoleManager');
  }
}

export async function createUser(
  db: Executor,
  { input, by }: { input: CreateUserInput; by: AuthUser },
): Promise<Account> {
  await requireUnique(db, { username: input.username, email: input.email });
  // Hashed before the transaction opens: argon2 is slow on purpose and must not hold it open.
  const passwordHash = await hashPassword(input.password);
  return db.transaction(async (tx) => {
    await requireRole(tx, input.roleId);
    await requireCountry(tx, input.countryId);
    const [created] = await withUniqueCheck(
      () =>
        tx
          .insert(appUser)
          .values({
            username: input.username,
            displayName: input.displayName,
            email: input.email,
            passwordHash,
            roleId: input.roleId,
            countryId: input.countryId ?? null,
          })
          .returning({ id: appUser.id }),
      () => new AppError('CONFLICT', 'usernameOrEmailTaken'),
    );
    const account = await findAccount(tx, created!.id);
    await appendAudit(tx, {
      entityType: 'user',
      entityId: account.id,
      action: 'created',
      changes: {
        username: { from: null, to: account.username },
        role: { from: null, to: account.role.name },
        country: { from: null, to: account.country?.code ?? null },
      },
      actor: by,
    });
    return account;
  });
}

export async function updateUser(
  db: Executor,
  { id, input, by }: { id: number; input: UpdateUserInput & { version?: number }; by: AuthUser },
): Promise<Account> {
  // One transaction, so a change refused by the last check leaves the account as it was.
  return db.transaction(async (tx) => {
    if (!(await lockForEdit(tx, appUser, appUser.id, id))) throw notFound('accountNotFound');
    const current = await findAccount(tx, id);
    assertVersion(current, input.version, 'staleAccount');
    if (id === by.id && input.active === false) {
      throw conflict('cannotDeactivateSelf');
    }
    await requireUnique(tx, { email: input.email }, id);
    await requireRole(tx, input.roleId);
    await requireCountry(tx, input.countryId);
    const next = {
      displayName: input.displayName,
      email: input.email,
      roleId: input.roleId,
      countryId: input.countryId === undefined ? (current.country?.id ?? null) : input.countryId,
      active: input.active ?? current.active,
    };
    const changes = rowChanges(
      {
        displayName: current.displayName,
        email: current.email,
        roleId: current.role.id,
        countryId: current.country?.id ?? null,
        active: current.active,
      },
      next,
    );
    if (Object.keys(changes).length === 0) return current;
    await tx
      .update(appUser)
      .set({ ...next, updatedAt: new Date(), version: sql`${appUser.version} + 1` })
      .where(eq(appUser.id, id));
    await requireRoleManagerRemains(tx);
    await appendAudit(tx, { entityType: 'user', entityId: id, action: 'updated', changes, actor: by });
    return findAccount(tx, id);
  });
}
