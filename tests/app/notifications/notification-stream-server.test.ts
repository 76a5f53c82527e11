// @vitest-environment node
// The app's stream reader against the REAL server (the Hono app on PGlite, in-process): what a bench
// tablet's open page receives, with the session the app keeps in localStorage.
import { JSDOM } from 'jsdom';
import { describe, expect, it, vi } from 'vitest';

const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://lab.test/' });
for (const key of ['window', 'document', 'localStorage', 'navigator'] as const) {
  Object.defineProperty(globalThis, key, { configurable: true, writable: true, value: dom.window[key] });
}

const { openNotificationStream } = await import('../../../src/app/features/notifications/notification-stream.ts');
const { useTestApp } = await import('../../server/support/test-app.ts');
type BellNotification = import('../../../src/app/features/notifications/notification-queries.ts').BellNotification;

vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

/** A response whose body the test can end, as a server does when the stream's time is up. */
function endable(response: Response) {
  const reader = response.body!.getReader();
  let ended = false;
  let end = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      end = () => {
        ended = true;
        controller.close();
        void reader.cancel();
      };
    },
    async pull(controller) {
      const { value, done } = await reader.read();
      if (ended) return;
      if (done) controller.close();
      else controller.enqueue(value);
    },
  });
  return { response: new Response(body, { status: response.status, headers: response.headers }), end: () => end() };
}

describe('the notification stream, read by the app', () => {
  const t = useTestApp();

  it('reports the unread count, then each new notification; resumes where it was after the stream ends', async () => {
    const tester = await t.userWith(['CanCheckInSampleEntryTester']);
    await t.request('POST', '/api/notification/ping/waiting', { token: tester.token });
    localStorage.setItem('access_token', tester.token);

    const ready: number[] = [];
    const arrived: BellNotification[] = [];
    const requests: Headers[] = [];
    const ends: (() => void)[] = [];
    const stop = openNotificationStream(
      { onReady: (unread) => ready.push(unread), onNotification: (n) => arrived.push(n) },
      {
        fetch: async (input, init) => {
          requests.push(new Headers(init?.headers));
          const answer = endable(await t.app.request(String(input), init));
          ends.push(answer.end);
          return answer.response;
        },
      },
    );
    await vi.waitFor(() => expect(ready).toEqual([1]));
    expect(requests[0]!.get('authorization')).toBe(`Bearer ${tester.token}`);

    await t.request('POST', '/api/notification/ping/new%20work', { token: tester.token });
    await vi.waitFor(() => expect(arrived.map((n) => n.message)).toEqual(['new work']));
    expect(arrived[0]).toMatchObject({ kind: 'ping', read: false, params: { message: 'new work' } });

    ends[0]!();
    await t.request('POST', '/api/notification/ping/while%20away', { token: tester.token });
    await vi.waitFor(() => expect(arrived.map((n) => n.message)).toEqual(['new work', 'while away']));
    expect(requests).toHaveLength(2);
    expect(requests[1]!.get('last-event-id')).toBe(String(arrived[0]!.id));
    stop();
    localStorage.clear();
  });
});
