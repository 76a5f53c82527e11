import type { Server } from 'node:http';
import type { Database } from './db/client.ts';
import type { ErrorReporter } from './error-reporting.ts';
import type { Traffic } from './http/context.ts';
import type { Logger } from './logger.ts';
import type { Background } from './services/background.ts';
import type { Mailer } from './services/messaging/outbound-mail.ts';

export type ShutdownParts = {
  server: Pick<Server, 'close' | 'closeIdleConnections' | 'closeAllConnections'>;
  traffic: Traffic;
  database: Database;
  mailer: Mailer;
  errorReporter: ErrorReporter;
  logger: Logger;
  /** Requests still running after this long are cut, so a stuck one cannot hold a deploy forever. */
  timeoutMs: number;
  /** Timers (mail retries) that would start new work. */
  timers?: NodeJS.Timeout[];
  /** Work the answers set off after they went (background.ts), finished before the database closes. */
  background?: Background;
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Stops the way a load balancer and the laboratory's data need: no new connections, and new
 * requests on kept-open ones are refused (503 SHUTTING_DOWN, nothing done); the requests in flight
 * finish and are answered, so each mutation is either applied and answered or never started; mail
 * claimed by this instance is handed back; the database is closed last. Resolves when it is safe to exit.
 */
export async function shutDownGracefully(parts: ShutdownParts): Promise<void> {
  const { server, traffic, database, mailer, errorReporter, logger } = parts;
  traffic.isStopping = true;
  for (const timer of parts.timers ?? []) clearInterval(timer);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();

  const deadline = Date.now() + parts.timeoutMs;
  while (traffic.inFlight > 0 && Date.now() < deadline) {
    await pause(25);
    // A kept-open connection whose request just finished is closed rather than left waiting.
    server.closeIdleConnections();
  }
  if (traffic.inFlight > 0)
    logger.warn({ inFlight: traffic.inFlight }, 'requests still running at the deadline are cut');
  server.closeAllConnections();
  await closed;

  try {
    const released = await mailer.releaseClaims(database.db);
    if (released) logger.info({ released }, 'mail claims handed back');
  } catch (error) {
    logger.warn({ err: error }, 'mail claims not handed back; they expire by themselves');
  }
  await parts.background?.settled();
  await errorReporter.flush(2_000);
  await database.close();
}
