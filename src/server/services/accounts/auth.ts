import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { issueDeviceToken, readDeviceToken } from '../../auth/devices.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { readSignInState, recordSignIn } from '../../auth/sign-in-trips.ts';
import { issueAccessToken, issueRefreshToken, randomToken, sha256 } from '../../auth/tokens.ts';
import type { Executor } from '../../db/client.ts';
import { appUser } from '../../db/schema.ts';
import type { Env } from '../../env.ts';
import { AppError } from '../../errors.ts';
import { loadProfile } from './profile.ts';
import { countEvent, currentCount, holdFor, tooManyRequests } from './rate-limit.ts';
import { DAY_MS } from '../../../shared/dates.ts';

// Sign-in throttling after OWASP's authentication guidance: failures are counted per account and
// per address; past a threshold each further failure doubles a delay (30 s up to 15 min) during
// which sign-in from an unknown device is refused without looking at the password. A correct
// password from a device that signed in before (its device cookie), or after the delay, signs in.
const ACCOUNT_FAILURES = { limit: 5, seconds: 60 * 60 };
const ADDRESS_FAILURES = { limit: 20, seconds: 15 * 60 };
// A device cookie that keeps failing stops counting as known (it may be stolen).
const DEVICE_FAILURES = { limit: 5, seconds: 60 * 60 };
const FIRST_DELAY_SECONDS = 30;
const LONGEST_DELAY_SECONDS = 15 * 60;

/** The delay after the n-th failure: none below the threshold, then 30 s doubling to 15 min. */
export function signInDelaySeconds(failures: number, threshold: number): number {
  if (failures < threshold) return 0;
  return Math.min(LONGEST_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (failures - threshold));
}

export type SignInAttempt = {
  login: string;
  password: string;
  address: string;
  /** The device cookies the browser sent, by the user id they were issued to. */
  deviceTokens: (userId: number) => string | undefined;
};

type SessionEnv = Pick<Env, 'ACCESS_TOKEN_TTL_SECONDS' | 'REFRESH_TOKEN_TTL_DAYS'>;

export async function signIn(
  db: Executor,
  { env, signingKey, input }: { env: SessionEnv; signingKey: Uint8Array; input: SignInAttempt },
) {
  const login = input.login.trim().toLowerCase();
  const keys = {
    accountFailures: `sign-in:account:${login}`,
    accountDelay: `sign-in:account-delay:${login}`,
    addressFailures: `sign-in:address:${input.address}`,
    addressDelay: `sign-in:address-delay:${input.address}`,
  };
  const { account: user, heldSeconds } = await readSignInState(db, input.login, [keys.accountDelay, keys.addressDelay]);
  const deviceId = user ? await readDeviceToken(signingKey, input.deviceTokens(user.id), user.id) : undefined;
  const deviceKey = deviceId ? `sign-in:device:${deviceId}` : undefined;
  // A known device signs in through a delay: its own failures are read only when a delay is held.
  if (heldSeconds > 0) {
    const knownDevice = deviceKey !== undefined && (await currentCount(db, deviceKey)) < DEVICE_FAILURES.limit;
    if (!knownDevice) throw tooManyRequests('tooManySignIns', {}, heldSeconds);
  }

  const passwordOk = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordOk || !user.active) {
    const accountFailures = await countEvent(db, keys.accountFailures, ACCOUNT_FAILURES);
    const addressFailures = await countEvent(db, keys.addressFailures, ADDRESS_FAILURES);
    if (deviceKey) await countEvent(db, deviceKey, DEVICE_FAILURES);
    const accountDelay = signInDelaySeconds(accountFailures, ACCOUNT_FAILURES.limit);
    const addressDelay = signInDelaySeconds(addressFailures, ADDRESS_FAILURES.limit);
    if (accountDelay) await holdFor(db, keys.accountDelay, accountDelay);
    if (addressDelay) await holdFor(db, keys.addressDelay, addressDelay);
    throw new AppError('UNAUTHORIZED', 'wrongCredentials');
  }
  const refresh = { token: randomToken(), familyId: randomUUID() };
  await recordSignIn(db, {
    userId: user.id,
    clearKeys: [keys.accountFailures, keys.accountDelay],
    familyId: refresh.familyId,
    tokenHash: sha256(refresh.token),
    expiresAt: new Date(Date.now() + env.REFRESH_TOKEN_TTL_DAYS * DAY_MS),
  });
  const profile = {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    role: user.roleName,
    roleId: user.roleId,
    countryId: user.countryId,
    countryCode: user.countryCode,
    countryName: user.countryName,
    permissions: user.permissions,
  };
  const [accessToken, deviceToken] = await Promise.all([
    issueAccessToken(
      signingKey,
      { userId: user.id, epoch: user.sessionEpoch, familyId: refresh.familyId },
      env.ACCESS_TOKEN_TTL_SECONDS,
    ),
    issueDeviceToken(signingKey, user.id),
  ]);
  return {
    session: {
      accessToken,
      refreshToken: refresh.token,
      expiresIn: env.ACCESS_TOKEN_TTL_SECONDS,
      roles: [profile.role],
      user: profile,
    },
    device: { userId: user.id, token: deviceToken },
  };
}

export async function issueSession(
  db: Executor,
  {
    env,
    signingKey,
    userId,
    rotated,
    issuedAt,
  }: {
    env: SessionEnv;
    signingKey: Uint8Array;
    userId: number;
    rotated?: { token: string; familyId: string };
    /** A refresh retried within its grace answers the same access token: issued at the same instant. */
    issuedAt?: Date;
  },
) {
  const profile = await loadProfile(db, userId);
  const refresh = rotated ?? (await issueRefreshToken(db, userId, env.REFRESH_TOKEN_TTL_DAYS));
  const [{ epoch } = { epoch: 0 }] = await db
    .select({ epoch: appUser.sessionEpoch })
    .from(appUser)
    .where(eq(appUser.id, userId));
  return {
    accessToken: await issueAccessToken(
      signingKey,
      { userId, epoch, familyId: refresh.familyId },
      env.ACCESS_TOKEN_TTL_SECONDS,
      issuedAt,
    ),
    refreshToken: refresh.token,
    expiresIn: env.ACCESS_TOKEN_TTL_SECONDS,
    roles: [profile.role],
    user: profile,
  };
}
