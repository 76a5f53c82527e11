import { createServer, type IncomingMessage, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { outboundMail } from '../../../src/server/db/schema.ts';
import { scrubEvent } from '../../../src/server/error-reporting.ts';
import { ADMIN, useTestApp } from '../support/test-app.ts';
import journal from '../../../src/server/db/migrations/meta/_journal.json' with { type: 'json' };

const newestMigration = journal.entries.at(-1)!.tag;

const METRICS_TOKEN = 'scraper-token-0123456789';

describe('[OPERATIONS] health and readiness', () => {
  const t = useTestApp();

  it('says the process is alive and the database ready, without signing in', async () => {
    const health = await t.request('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body).toMatchObject({ result: true, data: { status: 'ok' } });
    const ready = await t.request('GET', '/api/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({ result: true, data: { status: 'ready', migration: newestMigration } });
    expect(ready.headers.get('cache-control')).toBe('no-store');
  });

  it('is not ready while the newest migration is missing, and says which', async () => {
    await t.database.db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
    );
    try {
      const ready = await t.request('GET', '/api/health/ready');
      expect(ready.status).toBe(503);
      expect(ready.body).toMatchObject({ result: false, code: 'NOT_MIGRATED' });
      expect(ready.body.message).toContain(newestMigration);
    } finally {
      await t.database.db.execute(
        sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE created_at = (SELECT max(created_at) FROM drizzle.__drizzle_migrations)`,
      );
    }
  });

  it('tells the app nothing about error reporting when SENTRY_DSN is not set', async () => {
    const config = await t.request('GET', '/api/app-config');
    expect(config.status).toBe(200);
    expect(config.body.data.errorReporting).toBeNull();
  });
});

describe('[OPERATIONS] /metrics without METRICS_TOKEN', () => {
  const t = useTestApp();

  it('does not exist', async () => {
    expect((await t.request('GET', '/metrics')).status).toBe(404);
  });
});

describe('[OPERATIONS] /metrics for Prometheus', () => {
  const t = useTestApp({ METRICS_TOKEN });

  it('asks for the token', async () => {
    expect((await t.request('GET', '/metrics')).status).toBe(401);
    const wrong = await t.request('GET', '/metrics', { token: 'scraper-token-9999999999' });
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toContain('Bearer');
  });

  it('counts requests by route template and status, sync outcomes, the mail queue, the pool and the process', async () => {
    const admin = await t.signInAsAdmin();
    const created = await t.request('POST', '/api/country', { token: admin, body: { code: 'FR', name: 'France' } });
    const id = created.body.data.id as number;
    await t.request('GET', `/api/country?id=${id}`, { token: admin });
    await t.request('GET', '/api/bookings/detail/987654', { token: admin });
    await t.request('GET', '/api/no-such-thing/123');
    const synced = await t.request('POST', '/api/sync', {
      token: admin,
      body: {
        mutations: [
          { key: 'metrics-0001', method: 'POST', path: '/api/country', body: { code: 'DE', name: 'Germany' } },
          { key: 'metrics-0002', method: 'POST', path: '/api/country', body: { code: 'DE', name: 'Germany again' } },
          { key: 'metrics-0003', method: 'POST', path: '/api/country', body: { code: '' } },
        ],
      },
    });
    expect(synced.body.data.results.map((r: { status: number }) => r.status)).toEqual([201, 409, 400]);
    await t.database.db.insert(outboundMail).values([
      { to: 'a@lab.test', subject: 'waiting', text: 'x' },
      { to: 'b@lab.test', subject: 'retrying', text: 'x', attempts: 1, error: 'connection refused' },
      { to: 'c@lab.test', subject: 'given up', text: 'x', attempts: 5, error: 'mailbox unavailable' },
    ]);

    const res = await t.request('GET', '/metrics', { token: METRICS_TOKEN });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = res.body as string;
    // The create above and the one inside the sync batch (each synced mutation is a request of its own).
    expect(text).toMatch(/http_requests_total\{method="POST",route="\/api\/country",status="201"\} 2\b/);
    expect(text).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/bookings\/detail\/:id",status="404"\} 1\b/,
    );
    expect(text).toMatch(/http_requests_total\{method="GET",route="unmatched",status="404"\} 1\b/);
    // Never the raw URL: ids and query strings would make a series per record.
    expect(text).not.toContain('987654');
    expect(text).not.toContain(`id=${id}`);
    expect(text).toMatch(/isotope_sync_mutations_total\{outcome="applied"\} 1\b/);
    expect(text).toMatch(/isotope_sync_mutations_total\{outcome="conflicting"\} 1\b/);
    expect(text).toMatch(/isotope_sync_mutations_total\{outcome="refused"\} 1\b/);
    expect(text).toMatch(/isotope_mail_queue_messages\{state="waiting"\} 1\b/);
    expect(text).toMatch(/isotope_mail_queue_messages\{state="retrying"\} 1\b/);
    expect(text).toMatch(/isotope_mail_queue_messages\{state="failed"\} 1\b/);
    expect(text).toMatch(/isotope_db_pool_connections\{state="max"\} \d+/);
    expect(text).toMatch(/isotope_db_available 1\b/);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
  });
});

type Envelope = {
  header: Record<string, unknown>;
  items: { header: Record<string, unknown>; payload: any }[];
  raw: string;
};

function parseEnvelope(raw: string): Envelope {
  const lines = raw.split('\n').filter(Boolean);
  const header = JSON.parse(lines[0]!) as Record<string, unknown>;
  const items: Envelope['items'] = [];
  for (let i = 1; i + 1 < lines.length; i += 2) {
    items.push({ header: JSON.parse(lines[i]!), payload: JSON.parse(lines[i + 1]!) });
  }
  return { header, items, raw };
}

/** A local stand-in for the Sentry (or GlitchTip) ingest: it keeps every envelope it is sent. */
function startIngest() {
  const envelopes: Envelope[] = [];
  const paths: string[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      let body = Buffer.concat(chunks);
      if (req.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      paths.push(req.url ?? '');
      envelopes.push(parseEnvelope(body.toString('utf8')));
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return { server, envelopes, paths };
}

// The ingest listens before the app is configured: the app is built from its address.
const ingest = startIngest();
await new Promise<void>((resolve) => ingest.server.listen(0, '127.0.0.1', resolve));
const ingestAddress = ingest.server.address();
const dsn = `http://publickey0123@127.0.0.1:${typeof ingestAddress === 'object' && ingestAddress ? ingestAddress.port : 0}/42`;

describe('[OPERATIONS] error reporting to a Sentry ingest', () => {
  afterAll(() => new Promise<void>((resolve) => ingest.server.close(() => resolve())));
  const t = useTestApp({ SENTRY_DSN: dsn });

  it('sends the envelope of an unexpected server error, with nothing secret in it', async () => {
    const token = await t.signInAsAdmin();
    const config = await t.request('GET', '/api/app-config');
    expect(config.body.data.errorReporting).toMatchObject({ dsn, environment: 'test' });
    expect(config.body.data.errorReporting.release).toMatch(/^isotope-lab@2\.1\.0(\+[0-9a-f]+)?$/);

    // An unexpected failure inside a request that carries a token and passwords: the table the
    // guard reads is taken away for a moment.
    await t.database.db.execute(sql`ALTER TABLE app_user RENAME TO app_user_away`);
    let failed;
    try {
      failed = await t.request('POST', '/api/user/change-password', {
        token,
        headers: { cookie: 'session=cookie-secret-value' },
        body: { oldPassword: ADMIN.password, newPassword: 'brand-new-secret-99' },
      });
    } finally {
      await t.database.db.execute(sql`ALTER TABLE app_user_away RENAME TO app_user`);
    }
    expect(failed.status).toBe(500);
    expect(failed.body).toMatchObject({ result: false, message: 'Server internal error!', code: 'serverInternal' });

    for (let i = 0; i < 100 && ingest.envelopes.length === 0; i += 1) await new Promise((r) => setTimeout(r, 50));
    expect(ingest.envelopes).toHaveLength(1);
    expect(ingest.paths[0]).toMatch(/^\/api\/42\/envelope\//);
    const [envelope] = ingest.envelopes;
    const event = envelope!.items.find((item) => item.header.type === 'event')!.payload;
    expect(event.environment).toBe('test');
    expect(event.release).toBe(config.body.data.errorReporting.release);
    expect(event.tags).toMatchObject({ route: '/api/user/change-password', method: 'POST' });
    expect(JSON.stringify(event.exception)).toContain('app_user');
    for (const secret of [token, ADMIN.password, 'brand-new-secret-99', 'cookie-secret-value']) {
      expect(envelope!.raw).not.toContain(secret);
    }
  });

  it('does not report what is not an error: bad input, a missing record, a refused permission', async () => {
    const before = ingest.envelopes.length;
    const token = await t.signInAsAdmin();
    await t.request('POST', '/api/country', { token, body: { code: '' } });
    await t.request('GET', '/api/bookings/detail/987654', { token });
    await t.request('GET', '/api/country');
    await new Promise((r) => setTimeout(r, 200));
    expect(ingest.envelopes).toHaveLength(before);
  });
});

describe('[OPERATIONS] scrubbing an event before it leaves', () => {
  it('masks passwords, tokens, reset links, Authorization and cookies wherever they are', () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjF9.c2lnbmF0dXJl';
    const scrubbed = scrubEvent({
      type: undefined,
      message: `reset link http://lab.test/auth/reset-password?token=abcdef123456 sent; Bearer ${jwt}`,
      request: {
        url: 'http://lab.test/api/user?refreshToken=rt-secret',
        headers: { authorization: `Bearer ${jwt}`, cookie: 'a=b', 'user-agent': 'bench tablet' },
        cookies: { a: 'b' },
        data: { password: 'pw-secret' },
      },
      extra: {
        body: { email: 'tech@lab.test', password: 'pw-secret', newPassword: 'pw-new', accessToken: jwt },
        failure: 'Failed query: select * from refresh_token where token_hash = $1\nparams: rt-secret-hash',
        database: 'postgres://isotope:db-secret@db-host:5432/isotope',
      },
      user: { id: '7', email: 'tech@lab.test', ip_address: '10.0.0.9' },
    });
    const text = JSON.stringify(scrubbed);
    for (const secret of ['abcdef123456', jwt, 'rt-secret', 'pw-secret', 'pw-new', 'db-secret', 'a=b', '10.0.0.9']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('bench tablet');
    expect(text).toContain('tech@lab.test');
    expect(scrubbed.user).toEqual({ id: '7' });
  });
});
