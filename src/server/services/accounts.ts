import { eq, or, sql } from 'drizzle-orm';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { loadAuthUser } from '../auth/guard.ts';
import { issueAccessToken, issueRefreshToken, randomToken, sha256 } from '../auth/tokens.ts';
import type { Executor } from '../db/client.ts';
import { appUser, country, passwordReset, role } from '../db/schema.ts';
import type { Env } from '../env.ts';
import { AppError, badRequest, notFound, unauthorized } from '../errors.ts';
import type { Mailer } from './mail.ts';
import { clearCount, countEvent, currentCount, tooManyRequests } from './rate-limit.ts';

// Sign-in is refused after 5 failures for one account, or 20 from one address, within 15 minutes.
const ACCOUNT_WINDOW = { limit: 5, seconds: 15 * 60 };
const ADDRESS_WINDOW = { limit: 20, seconds: 15 * 60 };

export type Profile = Awaited<ReturnType<typeof loadProfile>>;

/** The signed-in user's profile: identity, role, country and permissions. */
export async function loadProfile(db: Executor, userId: number) {
  const user = await loadAuthUser(db, userId);
  if (!user) throw unauthorized();
  const [extra] = await db
    .select({
      countryId: appUser.countryId,
      countryCode: country.code,
      countryName: country.name,
      roleId: appUser.roleId,
    })
    .from(appUser)
    .leftJoin(country, eq(country.id, appUser.countryId))
    .where(eq(appUser.id, userId));
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    role: user.roleName,
    roleId: extra?.roleId ?? 0,
    countryId: extra?.countryId ?? null,
    countryCode: extra?.countryCode ?? null,
    countryName: extra?.countryName ?? null,
    permissions: user.permissions,
  };
}

export async function findUserByLogin(db: Executor, login: string) {
  const normalised = login.trim().toLowerCase();
  const [row] = await db
    .select()
    .from(appUser)
    .where(or(eq(sql`lower(${appUser.username})`, normalised), eq(sql`lower(${appUser.email})`, normalised)));
  return row;
}

export async function signIn(
  db: Executor,
  env: Pick<Env, 'ACCESS_TOKEN_TTL_SECONDS' | 'REFRESH_TOKEN_TTL_DAYS'>,
  signingKey: Uint8Array,
  input: { login: string; password: string; address: string },
) {
  const accountKey = `sign-in:account:${input.login.trim().toLowerCase()}`;
  const addressKey = `sign-in:address:${input.address}`;
  if (
    (await currentCount(db, accountKey)) >= ACCOUNT_WINDOW.limit ||
    (await currentCount(db, addressKey)) >= ADDRESS_WINDOW.limit
  ) {
    throw tooManyRequests('tooManySignIns');
  }
  const user = await findUserByLogin(db, input.login);
  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || !user.active) {
    await countEvent(db, accountKey, ACCOUNT_WINDOW);
    await countEvent(db, addressKey, ADDRESS_WINDOW);
    throw new AppError('UNAUTHORIZED', 'wrongCredentials');
  }
  await clearCount(db, accountKey);
  await db.update(appUser).set({ lastSignedInAt: new Date() }).where(eq(appUser.id, user.id));
  return issueSession(db, env, signingKey, user.id);
}

export async function issueSession(
  db: Executor,
  env: Pick<Env, 'ACCESS_TOKEN_TTL_SECONDS' | 'REFRESH_TOKEN_TTL_DAYS'>,
  signingKey: Uint8Array,
  userId: number,
  refreshToken?: string,
) {
  const profile = await loadProfile(db, userId);
  return {
    accessToken: await issueAccessToken(signingKey, userId, env.ACCESS_TOKEN_TTL_SECONDS),
    refreshToken: refreshToken ?? (await issueRefreshToken(db, userId, env.REFRESH_TOKEN_TTL_DAYS)),
    expiresIn: env.ACCESS_TOKEN_TTL_SECONDS,
    roles: [profile.role],
    user: profile,
  };
}

export async function changePassword(db: Executor, userId: number, oldPassword: string, newPassword: string) {
  const [user] = await db.select().from(appUser).where(eq(appUser.id, userId));
  if (!user) throw unauthorized();
  if (!(await verifyPassword(user.passwordHash, oldPassword)))
    throw badRequest('oldPasswordWrong', {}, { oldPassword: 'Old password is incorrect' });
  await db
    .update(appUser)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date(), version: sql`${appUser.version} + 1` })
    .where(eq(appUser.id, userId));
}

const RESET_TTL_MS = 60 * 60 * 1000;

/** Mails a one-hour reset link. Unknown addresses get the same answer, so accounts cannot be probed. */
export async function requestPasswordReset(
  db: Executor,
  mailer: Mailer,
  publicUrl: string,
  email: string,
): Promise<void> {
  const [user] = await db
    .select()
    .from(appUser)
    .where(eq(sql`lower(${appUser.email})`, email.trim().toLowerCase()));
  if (!user || !user.active) return;
  await sendResetLink(db, mailer, publicUrl, user);
}

export async function sendResetLink(
  db: Executor,
  mailer: Mailer,
  publicUrl: string,
  user: { id: number; email: string; displayName: string },
) {
  const token = randomToken();
  await db
    .insert(passwordReset)
    .values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  const link = `${publicUrl.replace(/\/$/, '')}/auth/reset-password?token=${token}`;
  await mailer.send(db, {
    to: user.email,
    subject: 'Isotope Lab: reset your password',
    text:
      `Hello ${user.displayName},\n\nTo choose a new password, open this link within one hour:\n${link}\n\n` +
      `If you did not ask for this, ignore this message; your password stays as it is.\n\n` +
      `Xin chào ${user.displayName}, mở liên kết trên trong vòng một giờ để đặt lại mật khẩu.`,
  });
}

export async function completePasswordReset(db: Executor, token: string, newPassword: string) {
  const [reset] = await db
    .select()
    .from(passwordReset)
    .where(eq(passwordReset.tokenHash, sha256(token)));
  if (!reset || reset.usedAt || reset.expiresAt < new Date())
    throw badRequest('resetLinkInvalid', {}, { token: 'This reset link is invalid or has expired.' });
  await db.update(passwordReset).set({ usedAt: new Date() }).where(eq(passwordReset.id, reset.id));
  await db
    .update(appUser)
    .set({ passwordHash: await hashPassword(newPassword), updatedAt: new Date(), version: sql`${appUser.version} + 1` })
    .where(eq(appUser.id, reset.userId));
}

export async function findRoleByName(db: Executor, name: string) {
  const [row] = await db.select().from(role).where(eq(role.name, name));
  if (!row) throw notFound('namedRoleNotFound', { name });
  return row;
}
