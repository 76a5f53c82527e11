/**
 * The e2e server: the real server (bootServer) on a fresh, throw-away PGlite database, serving the
 * built app from BUILD_OUT_DIR (default dist), with a known administrator password and one user per
 * seeded role. Playwright starts it (playwright.config.ts) and stops it with SIGTERM.
 *
 * With E2E_DATA_DIR it opens (or creates) that data directory instead and leaves it in place when
 * it stops: a spec that kills its own server (bench-server.ts) restarts it on the same data.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { hashPassword } from '../../../src/server/auth/passwords.ts';
import { appUser, role } from '../../../src/server/db/schema.ts';
import { parseEnv } from '../../../src/server/env.ts';
import { createLogger } from '../../../src/server/logger.ts';
import { bootServer } from '../../../src/server/server.ts';
import { admin, e2ePort, roleUsers } from './accounts.ts';
import { e2eSmtpPort } from './mailbox.ts';

const keptDataDir = process.env.E2E_DATA_DIR;
const dataDir = keptDataDir ?? mkdtempSync(path.join(tmpdir(), 'isotope-e2e-'));
const env = parseEnv({
  NODE_ENV: 'production',
  PORT: String(e2ePort),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  // The chain of custody's key beside the data it seals, as in production (never inside DATA_DIR).
  AUDIT_CHAIN_KEY_FILE: `${dataDir}.audit-chain.key`,
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
  STATIC_DIR: process.env.BUILD_OUT_DIR ?? 'dist',
  PUBLIC_URL: `http://127.0.0.1:${e2ePort}`,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // One proxy hop is trusted, so the specs' API set-up can book as distinct clients
  // (support/page-models/booking-pages.ts) instead of spending the public form's per-address limit,
  // which the whole suite, all from 127.0.0.1, would otherwise exhaust.
  TRUSTED_PROXIES: '1',
  // A spec that needs sessions to expire within its run sets a short access-token lifetime.
  ...(process.env.E2E_ACCESS_TOKEN_TTL_SECONDS
    ? { ACCESS_TOKEN_TTL_SECONDS: process.env.E2E_ACCESS_TOKEN_TTL_SECONDS }
    : {}),
  // Mail goes to the specs' real SMTP mailbox (tests/e2e/support/mailbox.ts); nothing listens there otherwise.
  SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${e2eSmtpPort}`,
});
const logger = createLogger(env);
const { app, database } = await bootServer(env, logger);

const passwordHash = await hashPassword(Object.values(roleUsers)[0]?.password ?? '');
for (const account of Object.values(roleUsers)) {
  const [found] = await database.db.select({ id: role.id }).from(role).where(eq(role.name, account.role));
  if (!found) throw new Error(`Seeded role ${account.role} is missing`);
  await database.db
    .insert(appUser)
    .values({
      username: account.username,
      displayName: account.displayName,
      email: account.email,
      passwordHash,
      roleId: found.id,
    })
    .onConflictDoNothing();
}

const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  process.stdout.write(`e2e server on http://127.0.0.1:${info.port} (data in ${dataDir})\n`);
});

const stop = () => {
  server.close(() => {
    void database.close().finally(() => {
      if (!keptDataDir) rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  // Open keep-alive connections must not hold the exit forever.
  setTimeout(() => process.exit(0), 5_000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
