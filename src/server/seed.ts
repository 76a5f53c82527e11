import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { seededRoles } from '../shared/permissions.ts';
import { hashPassword } from './auth/passwords.ts';
import type { Executor } from './db/client.ts';
import { appUser, country, role } from './db/schema.ts';
import type { Env } from './env.ts';
import type { Logger } from './logger.ts';
import { seedReferenceRegistry } from './services/measurement/reference-material-seed.ts';

/** Countries every laboratory starts with; the two most often claimed origins are protected. */
export const seededCountries: { code: string; name: string; protected?: boolean }[] = [
  { code: 'VN', name: 'Vietnam', protected: true },
  { code: 'CN', name: 'China', protected: true },
  { code: 'US', name: 'United States' },
  { code: 'IN', name: 'India' },
  { code: 'PK', name: 'Pakistan' },
  { code: 'UZ', name: 'Uzbekistan' },
  { code: 'TR', name: 'Turkey' },
  { code: 'EG', name: 'Egypt' },
  { code: 'AU', name: 'Australia' },
  { code: 'BR', name: 'Brazil' },
  { code: 'BD', name: 'Bangladesh' },
  { code: 'TH', name: 'Thailand' },
  { code: 'ID', name: 'Indonesia' },
  { code: 'SI', name: 'Slovenia' },
  { code: 'GR', name: 'Greece' },
];

/**
 * Creates what a new installation needs: the seeded roles, the starting countries, and an
 * Administrator (ADMIN_EMAIL with ADMIN_PASSWORD, or a generated password printed once).
 * Safe to run on every start: it only adds what is missing. Instances started together call it
 * through Database.migrate, which runs them one after another on PostgreSQL.
 */
export async function seedDatabase(db: Executor, env: Pick<Env, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD'>, logger?: Logger) {
  // Roles and countries are seeded into empty tables only: once an administrator has edited them,
  // a restart must not bring back a role or a country they removed or renamed.
  const [{ roles } = { roles: 0 }] = await db.select({ roles: sql<number>`count(*)::int` }).from(role);
  if (roles === 0) {
    for (const r of seededRoles) {
      await db
        .insert(role)
        .values({ name: r.name, description: r.description, permissions: [...r.permissions] })
        .onConflictDoNothing({ target: role.name });
    }
  }
  const [{ countries } = { countries: 0 }] = await db.select({ countries: sql<number>`count(*)::int` }).from(country);
  if (countries === 0) {
    await db
      .insert(country)
      .values(seededCountries.map((c) => ({ ...c, protected: c.protected ?? false })))
      .onConflictDoNothing({ target: country.code });
  }

  // The reference materials likewise, once: a laboratory's own additions and revisions are kept.
  await seedReferenceRegistry(db);

  const [{ count } = { count: 0 }] = await db.select({ count: sql<number>`count(*)::int` }).from(appUser);
  if (count > 0) return undefined;
  const [adminRole] = await db.select().from(role).where(eq(role.name, 'Administrator'));
  if (!adminRole) throw new Error('Administrator role missing after seeding');
  const password = env.ADMIN_PASSWORD ?? randomBytes(12).toString('base64url');
  // Callers seed under the start-up lock; should another start still have added the administrator
  // in between, its account stands and this start reports that it created none.
  const created = await db
    .insert(appUser)
    .values({
      username: 'admin',
      displayName: 'Administrator',
      email: env.ADMIN_EMAIL,
      passwordHash: await hashPassword(password),
      roleId: adminRole.id,
    })
    .onConflictDoNothing()
    .returning({ id: appUser.id });
  if (created.length === 0) return undefined;
  const message = env.ADMIN_PASSWORD
    ? `Administrator created: ${env.ADMIN_EMAIL} (username admin) with ADMIN_PASSWORD`
    : `Administrator created: ${env.ADMIN_EMAIL} (username admin), password: ${password}  (shown once: change it after signing in)`;
  if (logger) logger.warn(message);
  return { email: env.ADMIN_EMAIL, password, message };
}
