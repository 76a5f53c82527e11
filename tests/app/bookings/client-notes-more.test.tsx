// @vitest-environment node
// The staff booking detail's client notes against the REAL server (the Hono app on PGlite,
// in-process): the newest page shows first, and "More" brings the older ones a page at a time.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { installDom } from '../support/node-dom.ts';

installDom();

vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

const { render, within, waitFor, cleanup } = await import('@testing-library/react');
const { default: userEvent } = await import('@testing-library/user-event');
const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
const { useTestApp, ADMIN } = await import('../../server/support/test-app.ts');
const { submitBooking } = await import('../../server/support/bookings.ts');
const { clientBookingNote } = await import('../../../src/server/db/schema.ts');
const { CLIENT_NOTE_LIMITS } = await import('../../../src/shared/client-portal.ts');

const t = useTestApp();
// Every request the app makes goes to the real app in this process (set before the app's modules load).
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => t.app.request(new Request(input, init));

const { i18n, loadLanguage } = await import('../../../src/app/lib/words/i18n.ts');
const session = await import('../../../src/app/lib/session/session.ts');
const { api, unwrap } = await import('../../../src/app/lib/api/api-client.ts');
const { BookingClientActivity } = await import('../../../src/app/features/bookings/booking-client-activity.tsx');

describe('[BOOKINGS] client notes on the staff booking detail', () => {
  beforeEach(async () => {
    cleanup();
    localStorage.clear();
    await loadLanguage('en');
    await i18n.changeLanguage('en');
    const login = await unwrap(api.POST('/api/auth', { body: { email: ADMIN.username, password: ADMIN.password } }));
    session.storeSession(login as Parameters<typeof session.storeSession>[0]);
  });

  it('shows the newest page of notes and brings the rest with More', async () => {
    const { id } = await submitBooking(t, { email: 'many-notes@client.test' });
    const total = CLIENT_NOTE_LIMITS.page * 2 + 5;
    const base = Date.now() - 86_400_000;
    await t.database.db.insert(clientBookingNote).values(
      Array.from({ length: total }, (_, i) => ({
        bookingId: id,
        email: 'many-notes@client.test',
        text: `Note ${i + 1}`,
        createdAt: new Date(base + i * 60_000),
      })),
    );
    const user = userEvent.setup();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const { container } = render(
      <QueryClientProvider client={client}>
        <BookingClientActivity bookingId={id} />
      </QueryClientProvider>,
    );
    const shown = () => container.querySelectorAll('[data-client-note]').length;
    await waitFor(() => expect(shown()).toBe(CLIENT_NOTE_LIMITS.page));
    expect(container.querySelector('[data-client-note]')?.textContent).toContain(`Note ${total}`);

    const more = () => within(container).getByRole('button', { name: /^More notes/ });
    expect(more().textContent).toBe(`More notes (${CLIENT_NOTE_LIMITS.page} of ${total} shown)`);
    await user.click(more());
    await waitFor(() => expect(shown()).toBe(CLIENT_NOTE_LIMITS.page * 2));
    await user.click(more());
    await waitFor(() => expect(shown()).toBe(total));
    expect(within(container).queryByRole('button', { name: /^More notes/ })).toBeNull();
    expect(container.querySelectorAll('[data-client-note]')[total - 1]?.textContent).toContain('Note 1');
  });
});
