// The API's OpenAPI document, built from an app whose routes are declared but never called, so no
// database is touched. Written to openapi/openapi.json (scripts/write-openapi.ts) and read by the
// contract-wide tests (permission matrix, bad input) before any database exists.
import { createApp, openApiDocument } from './app.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import { createLogger } from './logger.ts';
import { createBackground } from './services/background.ts';
import { createMailer } from './services/messaging/outbound-mail.ts';
import { createNotifier } from './services/messaging/notifier.ts';
import { createPushSender, unusedVapidKeys } from './services/messaging/web-push.ts';

export function declaredApiDocument(env: Env) {
  const logger = createLogger(env);
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
  return openApiDocument(app);
}
