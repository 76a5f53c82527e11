import { sql } from 'drizzle-orm';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Database } from './db/client.ts';
import { auditRecordsVerified } from './services/custody/audit-verification.ts';
import { MAIL_MAX_ATTEMPTS } from './services/messaging/outbound-mail.ts';

type SyncOutcome = 'applied' | 'refused' | 'conflicting';

export type Metrics = {
  registry: Registry;
  /** One answered request, labelled by its route template (never the raw URL, which holds ids). */
  observeRequest: (labels: { method: string; route: string; status: number }, seconds: number) => void;
  countSyncMutation: (outcome: SyncOutcome) => void;
};

// The prom-client store is per app, not the library's global one: tests build many apps in one
// process, and each must count only its own requests.
export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route template and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const syncMutations = new Counter({
    name: 'isotope_sync_mutations_total',
    help: 'Outbox mutations received through POST /api/sync, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  for (const outcome of ['applied', 'refused', 'conflicting'] as const) syncMutations.inc({ outcome }, 0);

  new Gauge({
    name: 'isotope_db_pool_connections',
    help: 'Database connections of this process, by state (total, idle, waiting for one, max)',
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const use = database.poolUse();
      this.set({ state: 'total' }, use.total);
      this.set({ state: 'idle' }, use.idle);
      this.set({ state: 'waiting' }, use.waiting);
      this.set({ state: 'max' }, use.max);
    },
  });
  new Gauge({
    name: 'isotope_db_available',
    help: '1 while the database answers, 0 during an outage',
    registers: [registry],
    collect() {
      this.set(database.availability.isAvailable ? 1 : 0);
    },
  });

  // The mail queue is shared by every instance: its depth is read from the outbound-mail table
  // when scraped, so any instance reports the same truth. During an outage the last values stay.
  new Gauge({
    name: 'isotope_mail_queue_messages',
    help: 'Unsent outbound mail by state: waiting (not tried yet), retrying (last attempt failed), failed (given up)',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      try {
        const result = await database.db.execute(sql`
          SELECT count(*) FILTER (WHERE attempts < ${MAIL_MAX_ATTEMPTS} AND error IS NULL)::int AS waiting,
                 count(*) FILTER (WHERE attempts < ${MAIL_MAX_ATTEMPTS} AND error IS NOT NULL)::int AS retrying,
                 count(*) FILTER (WHERE attempts >= ${MAIL_MAX_ATTEMPTS})::int AS failed
          FROM outbound_mail WHERE sent_at IS NULL`);
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
          string,
          number
        >[];
        for (const state of ['waiting', 'retrying', 'failed']) this.set({ state }, Number(rows[0]?.[state] ?? 0));
      } catch {
        // the database is down: isotope_db_available says so
      }
    },
  });

  // What checking the chain of custody costs: custody documents re-hash only the records written since
  // the stored verdict, so this grows with the records written, not with downloads times the table.
  new Counter({
    name: 'isotope_audit_records_verified_total',
    help: 'Audit records re-hashed by chain-of-custody checks in this process (full checks, custody documents)',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(auditRecordsVerified());
    },
  });

  return {
    registry,
    observeRequest(labels, seconds) {
      const values = { method: labels.method, route: labels.route, status: String(labels.status) };
      requests.inc(values);
      duration.observe(values, seconds);
    },
    countSyncMutation(outcome) {
      syncMutations.inc({ outcome });
    },
  };
}
