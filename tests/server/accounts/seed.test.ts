import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appUser, country, role } from '../../../src/server/db/schema.ts';
import { seedDatabase, seededCountries } from '../../../src/server/seed.ts';
import { allPermissions, seededRoles } from '../../../src/shared/permissions.ts';
import { ADMIN, testEnv, useTestApp } from '../support/test-app.ts';

const t = useTestApp();

/** Back to an empty, migrated database: what a first start finds. */
async function emptyDatabase() {
  const db = t.database.db;
  const result = await db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: { tablename: string }[] }).rows) as {
    tablename: string;
  }[];
  const tables = rows.map((r) => `"${r.tablename}"`).join(', ');
  await db.execute(sql.raw(`TRUNCATE ${tables} RESTART IDENTITY CASCADE`));
}

async function counts() {
  const db = t.database.db;
  const [roles] = await db.select({ n: sql<number>`count(*)::int` }).from(role);
  const [countries] = await db.select({ n: sql<number>`count(*)::int` }).from(country);
  const [users] = await db.select({ n: sql<number>`count(*)::int` }).from(appUser);
  return { roles: roles!.n, countries: countries!.n, users: users!.n };
}

describe('[SEED] first start', () => {
  it('creates the roles, the countries and one Administrator', async () => {
    await emptyDatabase();
    const seeded = await seedDatabase(t.database.db, testEnv());
    expect(seeded).toMatchObject({ email: ADMIN.email, password: ADMIN.password });
    expect(await counts()).toEqual({ roles: seededRoles.length, countries: seededCountries.length, users: 1 });

    const roles = await t.database.db.select().from(role);
    expect(roles.map((r) => r.name).sort()).toEqual(seededRoles.map((r) => r.name).sort());
    expect(roles.find((r) => r.name === 'Administrator')!.permissions).toEqual([...allPermissions]);
    expect(roles.find((r) => r.name === 'hoanVuLab')!.permissions).toContain('CanUploaPdfResult');
    const protectedCodes = (await t.database.db.select().from(country).where(eq(country.protected, true))).map(
      (c) => c.code,
    );
    expect(protectedCodes.sort()).toEqual(['CN', 'VN']);

    const [admin] = await t.database.db.select().from(appUser);
    expect(admin).toMatchObject({ username: 'admin', email: ADMIN.email, active: true });
    expect(admin!.passwordHash).not.toContain(ADMIN.password);
    await expect(t.signIn('admin', ADMIN.password)).resolves.toBeTypeOf('string');
  });

  it('adds nothing on a second run, and never brings back what an administrator removed', async () => {
    const before = await counts();
    expect(await seedDatabase(t.database.db, testEnv())).toBeUndefined();
    expect(await counts()).toEqual(before);

    const token = await t.signInAsAdmin();
    const greece = (await t.request('GET', '/api/country?code=GR', { token })).body.data.items[0];
    expect((await t.request('DELETE', `/api/country?id=${greece.id}`, { token })).status).toBe(200);
    await t.request('PUT', '/api/roles?id=2', { token, body: { name: 'Front desk', version: 1 } });
    await seedDatabase(t.database.db, testEnv());
    const after = await counts();
    expect(after).toEqual({ ...before, countries: before.countries - 1 });
    const names = (await t.database.db.select({ name: role.name }).from(role)).map((r) => r.name);
    expect(names).toContain('Front desk');
  });

  it('without ADMIN_PASSWORD, generates a password and returns it once', async () => {
    await emptyDatabase();
    const { ADMIN_PASSWORD: _none, ...withoutPassword } = testEnv();
    const first = await seedDatabase(t.database.db, withoutPassword);
    expect(first).toBeDefined();
    expect(first!.password.length).toBeGreaterThanOrEqual(12);
    expect(first!.message).toContain(first!.password);
    await expect(t.signIn(ADMIN.email, first!.password)).resolves.toBeTypeOf('string');

    const second = await seedDatabase(t.database.db, withoutPassword);
    expect(second).toBeUndefined();
    await expect(t.signIn(ADMIN.email, first!.password)).resolves.toBeTypeOf('string');
  });
});
