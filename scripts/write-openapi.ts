// Writes openapi/openapi.json from the server's zod routes. The client types are generated from it
// by openapi-typescript (npm run openapi); CI regenerates both and fails when either is stale.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createApp, openApiDocument } from '../src/server/app.ts';
import type { Database } from '../src/server/db/client.ts';
import { parseEnv } from '../src/server/env.ts';
import { createLogger } from '../src/server/logger.ts';
import { createBackground } from '../src/server/services/background.ts';
import { createMailer } from '../src/server/services/mail.ts';
import { createNotifier } from '../src/server/services/notifier.ts';
import { createPushSender, unusedVapidKeys } from '../src/server/services/web-push.ts';

const env = parseEnv({ LOG_LEVEL: 'silent', STATIC_DIR: '' });
const logger = createLogger(env);
// Building the document touches no database: routes are only declared, never called.
const database = {
  db: undefined,
  kind: 'pglite',
  migrate: async () => {},
  close: async () => {},
} as unknown as Database;
const app = createApp({
  env,
  logger,
  database,
  mailer: createMailer(env, logger),
  notifier: createNotifier(createPushSender(unusedVapidKeys(), logger), logger),
  signingKey: new Uint8Array(32),
  background: createBackground(logger, { held: true }),
});

mkdirSync('openapi', { recursive: true });
writeFileSync('openapi/openapi.json', `${JSON.stringify(openApiDocument(app), null, 2)}\n`);
process.stdout.write('wrote openapi/openapi.json\n');
