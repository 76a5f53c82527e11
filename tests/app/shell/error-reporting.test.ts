import { createServer } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiError } from '@/app/lib/api/api-error';
import { isReportable, startErrorReporting } from '@/app/lib/api/error-reporting';
import { lookupQueries } from '@/app/offline/lookups';
import { createQueryClient } from '@/app/lib/api/query-client';

// A local stand-in for the Sentry ingest receives what the app sends.
const received: string[] = [];
const ingest = createServer((req, res) => {
  let body = '';
  req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
  req.on('end', () => {
    received.push(body);
    res.writeHead(200, { 'access-control-allow-origin': '*' }).end('{}');
  });
});
await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
const address = ingest.address();
const port = typeof address === 'object' && address ? address.port : 0;
afterAll(() => new Promise<void>((resolve) => ingest.close(() => resolve())));

const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOjJ9.c2lnbmF0dXJlLXNlY3JldA';

async function until(check: () => boolean) {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((r) => setTimeout(r, 50));
}

describe('error reporting in the app', () => {
  it('reports failed calls but not offline ones, an ended session, an outage, or the public country list', () => {
    expect(isReportable(new ApiError(409, { message: 'Sample is not in a state to transfer' }))).toBe(true);
    expect(isReportable(new ApiError(500, 'Internal Server Error'))).toBe(true);
    expect(isReportable(new Error('undefined is not a function'))).toBe(true);
    expect(isReportable(new TypeError('Failed to fetch'))).toBe(false);
    expect(isReportable(new ApiError(401, { message: 'Unauthorized' }))).toBe(false);
    expect(isReportable(new ApiError(503, { message: 'x', code: 'DATABASE_UNAVAILABLE' }))).toBe(false);
    expect(isReportable(new ApiError(503, { message: 'x', code: 'shuttingDown' }))).toBe(false);
    expect(isReportable(new ApiError(500, 'x'), { notReported: true })).toBe(false);
    expect(lookupQueries.countries().meta).toEqual({ notReported: true });
  });

  it('stays off when the server has no DSN, and when it cannot be asked', async () => {
    const none = async () => Response.json({ result: true, data: { errorReporting: null } });
    expect(await startErrorReporting(none as typeof fetch)).toBe(false);
    const offline = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await startErrorReporting(offline as typeof fetch)).toBe(false);
  });

  it('sends a failed data call to the DSN the server names, with nothing secret in it', async () => {
    const settings = {
      dsn: `http://publickey@127.0.0.1:${port}/7`,
      environment: 'lab-test',
      release: 'isotope-lab@2.1.0+abc',
    };
    const config = async () => Response.json({ result: true, data: { errorReporting: settings } });
    expect(await startErrorReporting(config as typeof fetch)).toBe(true);
    const queryClient = createQueryClient();

    const fail = (error: unknown) => () => Promise.reject(error);
    await queryClient
      .fetchQuery({
        queryKey: ['samples', 'detail', 12],
        queryFn: fail(
          new ApiError(409, {
            result: false,
            message: 'Sample is not in a state to transfer',
            code: 'CONFLICT',
            data: { accessToken: jwt, password: 'bench-password-1' },
          }),
        ),
        retry: false,
      })
      .catch(() => undefined);
    await queryClient
      .fetchQuery({ ...lookupQueries.countries(), queryFn: fail(new ApiError(500, 'down')), retry: false })
      .catch(() => undefined);
    await queryClient
      .fetchQuery({ queryKey: ['offline'], queryFn: fail(new TypeError('Failed to fetch')), retry: false })
      .catch(() => undefined);

    await until(() => received.length > 0);
    await new Promise((r) => setTimeout(r, 300));
    const events = received.filter((body) => body.includes('"type":"event"'));
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toContain('409 Sample is not in a state to transfer');
    expect(event).toContain('"environment":"lab-test"');
    expect(event).toContain('"release":"isotope-lab@2.1.0+abc"');
    expect(event).toContain('CONFLICT');
    expect(event).not.toContain(jwt);
    expect(event).not.toContain('bench-password-1');
  });
});
