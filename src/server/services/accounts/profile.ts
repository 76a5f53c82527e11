// The signed-in user's own account: their profile, a change of password, and a reset by mailed link.
import { eq, sql } from 'drizzle-orm';
import { loadAuthUser } from '../../auth/auth-user.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { randomToken, revokeOtherSessions, sha256 } from '../../auth/tokens.ts';
import type { Executor } from '../../db/client.ts';
import { appUser, country, passwordReset } from '../../db/schema.ts';
import { badRequest, unauthorized } from '../../errors.ts';
import type { Mailer } from '../messaging/outbound-mail.ts';

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

/**
 * Sets a new password and ends the user's other sessions: their refresh tokens are revoked and the
 * raised session epoch stops every access token already handed out. The session making the change
 * (`keepFamilyId`) stays: its next request refreshes into the new epoch.
 */
async function setPassword(db: Executor, userId: number, newPassword: string, keepFamilyId?: string) {
  const passwordHash = await hashPassword(newPassword);
  await db.transaction(async (tx) => {
    await tx
      .update(appUser)
      .set({
        passwordHash,
        updatedAt: new Date(),
        version: sql`${appUser.version} + 1`,
        sessionEpoch: sql`${appUser.sessionEpoch} + 1`,
      })
      .where(eq(appUser.id, userId));
    await revokeOtherSessions(tx, userId, keepFamilyId);
  });
}

export async function changePassword(
  db: Executor,
  {
    user,
    oldPassword,
    newPassword,
  }: { user: { id: number; sessionFamily?: string }; oldPassword: string; newPassword: string },
) {
  const [found] = await db.select().from(appUser).where(eq(appUser.id, user.id));
  if (!found) throw unauthorized();
  if (!(await verifyPassword(found.passwordHash, oldPassword)))
    throw badRequest('oldPasswordWrong', {}, { oldPassword: 'Old password is incorrect' });
  await setPassword(db, user.id, newPassword, user.sessionFamily);
}

const RESET_TTL_MS = 60 * 60 * 1000;

/** Mails a one-hour reset link. Unknown addresses get the same answer, so accounts cannot be probed. */
export async function requestPasswordReset(
  db: Executor,
  { mailer, publicUrl, email }: { mailer: Mailer; publicUrl: string; email: string },
): Promise<void> {
  const [user] = await db
    .select()
    .from(appUser)
    .where(eq(sql`lower(${appUser.email})`, email.trim().toLowerCase()));
  if (!user || !user.active) return;
  await sendResetLink(db, { mailer, publicUrl, user });
}

export async function sendResetLink(
  db: Executor,
  {
    mailer,
    publicUrl,
    user,
  }: { mailer: Mailer; publicUrl: string; user: { id: number; email: string; displayName: string } },
) {
  const token = randomToken();
  await db
    .insert(passwordReset)
    .values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TTL_MS) });
  const linkTo = (secret: string) => `${publicUrl.replace(/\/$/, '')}/auth/reset-password?token=${secret}`;
  const textWith = (link: string) =>
    `Hello ${user.displayName},\n\nTo choose a new password, open this link within one hour:\n${link}\n\n` +
    `If you did not ask for this, ignore this message; your password stays as it is.\n\n` +
    `Xin chào ${user.displayName}, mở liên kết trên trong vòng một giờ để đặt lại mật khẩu.`;
  await mailer.send(db, {
    to: user.email,
    subject: 'Isotope Lab: reset your password',
    text: textWith(linkTo(token)),
    redactedText: textWith(linkTo('[redacted]')),
  });
}

export async function completePasswordReset(
  db: Executor,
  { token, newPassword }: { token: string; newPassword: string },
) {
  const [reset] = await db
    .select()
    .from(passwordReset)
    .where(eq(passwordReset.tokenHash, sha256(token)));
  if (!reset || reset.usedAt || reset.expiresAt < new Date())
    throw badRequest('resetLinkInvalid', {}, { token: 'This reset link is invalid or has expired.' });
  await db.update(passwordReset).set({ usedAt: new Date() }).where(eq(passwordReset.id, reset.id));
  // Whoever asked for the reset may not be the one signed in elsewhere: every session ends.
  await setPassword(db, reset.userId, newPassword);
}
