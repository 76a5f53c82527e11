import { and, asc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import { allPermissions, permissionGroups } from '../../../shared/permissions.ts';
import type { Executor } from '../../db/client.ts';
import { role } from '../../db/schema.ts';
import { AppError, notFound } from '../../errors.ts';
import type { AuthUser } from '../../auth/auth-user.ts';
import { appendAudit, rowChanges } from '../custody/audit.ts';
import { assertVersion, lockForEdit } from '../stale-writes.ts';
import { containing, countRows, isTakenByAnother, sortOrder, withUniqueCheck, type Paging } from '../../db/queries.ts';
import { requireRoleManagerRemains } from './users.ts';

type RoleFields = { name: string; description: string; active: boolean; permissions: string[]; version?: number };

// Qualified by hand: drizzle leaves columns unqualified in one-table selects, where an inner "id"
// would mean the inner table's id.
const userCount = sql<number>`(SELECT count(*)::int FROM app_user u WHERE u.role_id = "role"."id")`;

const roleSelection = {
  id: role.id,
  name: role.name,
  description: role.description,
  active: role.active,
  permissions: role.permissions,
  userCount,
  createdAt: role.createdAt,
  updatedAt: role.updatedAt,
  version: role.version,
};

function toRole(row: {
  id: number;
  name: string;
  description: string;
  active: boolean;
  permissions: string[];
  userCount: number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}) {
  // Stored lists keep catalogue order, so the screen shows them the way the picker groups them.
  const held = new Set(row.permissions);
  return {
    ...row,
    permissions: allPermissions.filter((p) => held.has(p)),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Stored without duplicates and in catalogue order, so two equal lists always compare equal. */
function inCatalogueOrder(permissions: readonly string[]): string[] {
  const held = new Set(permissions);
  return allPermissions.filter((p) => held.has(p));
}

export type RoleRecord = ReturnType<typeof toRole>;

/** The catalogue grouped by area, in the order the role editor shows it. */
export function listPermissionCatalogue() {
  return Object.entries(permissionGroups).map(([area, permissions]) => ({ area, permissions: [...permissions] }));
}

export async function listRoles(
  db: Executor,
  filters: Paging & { search?: string; orderBy?: string; updatedSince?: string },
) {
  const conditions: SQL[] = [];
  if (filters.search) {
    const pattern = containing(filters.search);
    conditions.push(or(ilike(role.name, pattern), ilike(role.description, pattern))!);
  }
  if (filters.updatedSince) conditions.push(gte(role.updatedAt, new Date(filters.updatedSince)));
  const where = conditions.length ? and(...conditions) : undefined;
  const order = sortOrder(
    filters.orderBy,
    {
      id: role.id,
      name: sql`lower(${role.name})`,
      active: role.active,
      createdAt: role.createdAt,
      updatedAt: role.updatedAt,
    },
    [asc(role.id)],
  );
  const rows = await db
    .select(roleSelection)
    .from(role)
    .where(where)
    .orderBy(...order)
    .limit(filters.limit)
    .offset(filters.offset);
  const total = await countRows(db, role, where);
  return { items: rows.map(toRole), total, limit: filters.limit, offset: filters.offset };
}

/** Every role, for pickers (the Accounts screen's role choice). */
export async function listAllRoles(db: Executor) {
  const rows = await db
    .select(roleSelection)
    .from(role)
    .orderBy(asc(sql`lower(${role.name})`), asc(role.id));
  return rows.map(toRole);
}

async function findRole(db: Executor, id: number): Promise<RoleRecord> {
  const [row] = await db.select(roleSelection).from(role).where(eq(role.id, id));
  if (!row) throw notFound('roleNotFound');
  return toRole(row);
}

async function requireUniqueName(db: Executor, name: string, exceptId?: number) {
  if (await isTakenByAnother(db, role, role.id, eq(sql`lower(${role.name})`, name.toLowerCase()), exceptId)) {
    throw duplicateName();
  }
}

const duplicateName = () =>
  new AppError('CONFLICT', 'roleNameTaken', {}, { errors: { name: 'A role with this name already exists' } });

export async function createRole(
  db: Executor,
  { input, by }: { input: RoleFields; by: AuthUser },
): Promise<RoleRecord> {
  return db.transaction(async (tx) => {
    await requireUniqueName(tx, input.name);
    const [created] = await withUniqueCheck(
      () =>
        tx
          .insert(role)
          .values({
            name: input.name,
            description: input.description,
            active: input.active,
            permissions: inCatalogueOrder(input.permissions),
          })
          .returning({ id: role.id }),
      duplicateName,
    );
    const record = await findRole(tx, created!.id);
    await appendAudit(tx, {
      entityType: 'role',
      entityId: record.id,
      action: 'created',
      changes: { name: { from: null, to: record.name }, permissions: { from: null, to: record.permissions } },
      actor: by,
    });
    return record;
  });
}

export async function updateRole(
  db: Executor,
  { id, input, by }: { id: number; input: RoleFields; by: AuthUser },
): Promise<RoleRecord> {
  // One transaction, so a change refused by the last check leaves the role as it was.
  return db.transaction(async (tx) => {
    if (!(await lockForEdit(tx, role, role.id, id))) throw notFound('roleNotFound');
    const current = await findRole(tx, id);
    assertVersion(current, input.version, 'staleRole');
    await requireUniqueName(tx, input.name, id);
    const next = {
      name: input.name,
      description: input.description,
      active: input.active,
      permissions: inCatalogueOrder(input.permissions),
    };
    const changes = rowChanges(
      {
        name: current.name,
        description: current.description,
        active: current.active,
        permissions: current.permissions as string[],
      },
      next,
    );
    if (Object.keys(changes).length === 0) return current;
    await withUniqueCheck(
      () =>
        tx
          .update(role)
          .set({ ...next, updatedAt: new Date(), version: sql`${role.version} + 1` })
          .where(eq(role.id, id)),
      duplicateName,
    );
    await requireRoleManagerRemains(tx);
    await appendAudit(tx, { entityType: 'role', entityId: id, action: 'updated', changes, actor: by });
    return findRole(tx, id);
  });
}
