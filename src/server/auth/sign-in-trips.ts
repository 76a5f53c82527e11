import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';

// A sign-in costs one Argon2id verification and two round trips to the database around it: one
// statement reads the account, its role, country and the delays held on the account and address;
// one statement after a correct password clears the failures, stamps the sign-in and stores the
// refresh token (the round trips, not the SQL, were most of the cost beyond the hash).

export type SignInAccount = {
  id: number;
  username: string;
  displayName: string;
  email: string;
  passwordHash: string;
  active: boolean;
  sessionEpoch: number;
  roleId: number;
  roleName: string;
  /** The role's permissions; none while the role is deactivated. */
  permissions: string[];
  countryId: number | null;
  countryCode: string | null;
  countryName: string | null;
};

type Row = {
  id: number | null;
  username: string;
  display_name: string;
  email: string;
  password_hash: string;
  active: boolean;
  session_epoch: number;
  role_id: number;
  role_name: string;
  role_active: boolean;
  permissions: string[];
  country_id: number | null;
  country_code: string | null;
  country_name: string | null;
  held_seconds: number | null;
};

function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}

/** The account a login names (username or e-mail, any case) and the seconds a delay on `delayKeys` still holds. */
export async function readSignInState(
  db: Executor,
  login: string,
  delayKeys: readonly string[],
): Promise<{ account: SignInAccount | undefined; heldSeconds: number }> {
  const normalised = login.trim().toLowerCase();
  const keys = sql.join(
    delayKeys.map((k) => sql`${k}`),
    sql`, `,
  );
  // The delay is read beside the account, so an unknown login (no account row) still gets it.
  const result = await db.execute(sql`
    SELECT u.id, u.username, u.display_name, u.email, u.password_hash, u.active, u.session_epoch,
      u.role_id, r.name AS role_name, r.active AS role_active, r.permissions,
      u.country_id, c.code AS country_code, c.name AS country_name,
      (SELECT ceil(extract(epoch FROM max(held.reset_at) - now()))::int FROM rate_limit AS held
        WHERE held.key IN (${keys}) AND held.reset_at > now()) AS held_seconds
    FROM (SELECT 1) AS one
    LEFT JOIN app_user AS u ON lower(u.username) = ${normalised} OR lower(u.email) = ${normalised}
    LEFT JOIN role AS r ON r.id = u.role_id
    LEFT JOIN country AS c ON c.id = u.country_id
    LIMIT 1`);
  const [row] = rowsOf<Row>(result);
  const heldSeconds = row?.held_seconds ?? 0;
  if (!row || row.id === null) return { account: undefined, heldSeconds };
  return {
    heldSeconds,
    account: {
      id: row.id,
      username: row.username,
      displayName: row.display_name,
      email: row.email,
      passwordHash: row.password_hash,
      active: row.active,
      sessionEpoch: row.session_epoch,
      roleId: row.role_id,
      roleName: row.role_name,
      permissions: row.role_active ? row.permissions : [],
      countryId: row.country_id,
      countryCode: row.country_code,
      countryName: row.country_name,
    },
  };
}

/** After a correct password, in one statement: clear `clearKeys`, stamp the sign-in, store the refresh token. */
export async function recordSignIn(
  db: Executor,
  input: { userId: number; clearKeys: readonly string[]; familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  const keys = sql.join(
    input.clearKeys.map((k) => sql`${k}`),
    sql`, `,
  );
  await db.execute(sql`
    WITH cleared AS (DELETE FROM rate_limit WHERE key IN (${keys})),
      stamped AS (UPDATE app_user SET last_signed_in_at = now() WHERE id = ${input.userId})
    INSERT INTO refresh_token (user_id, family_id, token_hash, expires_at)
    VALUES (${input.userId}, ${input.familyId}, ${input.tokenHash}, ${input.expiresAt.toISOString()}::timestamptz)`);
}
