import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { appSetting } from '../../db/schema.ts';
import type { Env } from '../../env.ts';

// The secret the chain of custody is sealed with. It lives outside the database on purpose: whoever
// can write to the database (a stolen backup, a careless administrator, an attacker with its
// password) could otherwise recompute every hash after editing a record. The database keeps only the
// key's id, so a server started with another key refuses to add to a chain it could not verify.
//
// One key per process: every audit record is appended through services that receive a transaction
// and nothing else, so the key is installed once when the app is built (createApp) rather than
// handed through every service.

export type AuditChainKey = {
  key: Buffer;
  /** A fingerprint of the key (not the key): safe to store, log and compare. */
  id: string;
  /** Where it came from: the AUDIT_CHAIN_KEY setting, or the file it was generated into. */
  source: string;
};

const KEY_ID_SETTING = 'audit_chain_key_id';

function describeKey(key: Buffer, source: string): AuditChainKey {
  const id = createHmac('sha256', key).update('isotope-lab audit chain key id').digest('hex').slice(0, 16);
  return { key, id, source };
}

function readKeyFile(file: string): Buffer | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    if (text.length < 32) throw new Error(`The audit chain key in ${file} is shorter than 32 characters.`);
    return Buffer.from(text, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * AUDIT_CHAIN_KEY when set; otherwise the key in AUDIT_CHAIN_KEY_FILE, generated there (owner-only)
 * on first start. Two processes starting at once on one machine end with the same key: the file is
 * created exclusively, and the one that loses the race reads the winner's.
 */
export function resolveAuditChainKey(env: Pick<Env, 'AUDIT_CHAIN_KEY' | 'AUDIT_CHAIN_KEY_FILE'>): AuditChainKey {
  if (env.AUDIT_CHAIN_KEY) return describeKey(Buffer.from(env.AUDIT_CHAIN_KEY, 'utf8'), 'AUDIT_CHAIN_KEY');
  const file = path.resolve(env.AUDIT_CHAIN_KEY_FILE);
  const existing = readKeyFile(file);
  if (existing) return describeKey(existing, file);
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return describeKey(readKeyFile(file)!, file);
}

let installed: AuditChainKey | (() => AuditChainKey) | undefined;

/**
 * Makes this key the one every audit record of this process is sealed and checked with. A function
 * is called when the key is first needed, so an app built only to describe the API (npm run openapi)
 * never creates a key file.
 */
export function installAuditChainKey(key: AuditChainKey | (() => AuditChainKey)) {
  installed = key;
}

export function auditChainKey(): AuditChainKey {
  if (!installed) {
    throw new Error('The audit chain key is not loaded: build the app (createApp) before writing audit records.');
  }
  if (typeof installed === 'function') installed = installed();
  return installed;
}

/**
 * At start: the database remembers the id of the key its chain is sealed with. A different key (a
 * restore onto a machine without the key, a second instance that generated its own) would seal
 * records the others cannot verify, so the server stops with what to do instead.
 */
export async function claimAuditChainKey(db: Executor, key: AuditChainKey) {
  await db.insert(appSetting).values({ key: KEY_ID_SETTING, value: key.id }).onConflictDoNothing();
  const [row] = await db.select().from(appSetting).where(eq(appSetting.key, KEY_ID_SETTING));
  if (row && row.value !== key.id) {
    throw new Error(
      `The audit chain key (id ${key.id}, from ${key.source}) is not the one this database's chain of custody is sealed with (id ${row.value}). ` +
        'Set AUDIT_CHAIN_KEY, or put the key file back at AUDIT_CHAIN_KEY_FILE, from where the key is kept with the backups.',
    );
  }
}
