// @vitest-environment node
// The public form's submit flow against the REAL server (the Hono app on PGlite, in-process): one
// Idempotency-Key per submission attempt, so a retry after a lost answer makes one booking. The server
// code needs Node's environment, so the DOM React renders into is a jsdom window made here.
import { JSDOM } from 'jsdom';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const dom = new JSDOM('<!doctype html><html><body></body></html>', { url: 'http://lab.test/', pretendToBeVisual: true });
for (const [key, value] of Object.entries({
  window: dom.window,
  document: dom.window.document,
  navigator: dom.window.navigator,
  location: dom.window.location,
  localStorage: dom.window.localStorage,
})) {
  Object.defineProperty(globalThis, key, { configurable: true, writable: true, value });
}
for (const key of Object.getOwnPropertyNames(dom.window)) {
  if (key in globalThis) continue;
  Object.defineProperty(globalThis, key, {
    configurable: true,
    get: () => (dom.window as unknown as Record<string, unknown>)[key],
  });
}
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
// jsdom has no ResizeObserver; Radix's checkbox measures itself with one.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

vi.setConfig({ hookTimeout: 60_000, testTimeout: 30_000 });

const { act, cleanup, fireEvent, render, waitFor, within } = await import('@testing-library/react');
const { QueryClientProvider } = await import('@tanstack/react-query');
const { Toaster } = await import('sonner');
const { useTestApp } = await import('../../server/support/test-app.ts');
const { i18n } = await import('../../../src/app/lib/i18n.ts');
const { createQueryClient } = await import('../../../src/app/lib/query-client.ts');
const { BookingForm, useBookingForm } = await import('../../../src/app/features/bookings/booking-form.tsx');

const t = useTestApp();
// Testing-library's `screen` was bound before this file made its DOM (the setup file loads it first).
const screen = within(document.body);

// Every request the page makes goes to the real app in this process. `loseNextAnswer` lets the server
// do the work and then drops its answer, as a broken connection would.
let loseNextAnswer = false;
const sentKeys: string[] = [];
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = new Request(input, init);
  if (request.method === 'POST' && new URL(request.url).pathname === '/api/sample-submit-form') {
    sentKeys.push(request.headers.get('idempotency-key') ?? '(none)');
  }
  const response = await t.app.request(request);
  if (loseNextAnswer) {
    loseNextAnswer = false;
    throw new TypeError('Failed to fetch');
  }
  return response;
};

function PublicForm() {
  const form = useBookingForm();
  return <BookingForm form={form} channel="public" />;
}

function renderForm() {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <PublicForm />
      <Toaster />
    </QueryClientProvider>,
  );
}

const typeInto = (name: string | RegExp, value: string, index = 0) =>
  fireEvent.change(screen.getAllByRole('textbox', { name })[index]!, { target: { value } });

function fillForm(email: string, type = 'Shrimp') {
  typeInto('Contact person', 'Lan Nguyen');
  typeInto('Company', 'Mekong Seafood');
  typeInto('Telephone', '+84 28 1234 5678');
  typeInto('Email', email);
  typeInto('Address', '12 Nguyen Hue');
  typeInto('City / State / Country', 'Ho Chi Minh City, Vietnam');
  typeInto('Type', type);
  typeInto('Composition', 'Whole body');
  typeInto('Expected origin 1', 'Vietnam');
  const confirmBox = screen.getByRole('checkbox', {
    name: 'I confirm that all information provided is accurate and complete',
  });
  if (confirmBox.getAttribute('aria-checked') !== 'true') fireEvent.click(confirmBox);
}

async function submitAndConfirm() {
  fireEvent.click(screen.getByRole('button', { name: 'Submit booking' }));
  const dialog = await screen.findByRole('alertdialog');
  fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
}

async function bookingCountFor(email: string) {
  const token = await t.signInAsAdmin();
  const answer = await t.request('GET', `/api/bookings/find-all?search=${encodeURIComponent(email)}`, { token });
  return answer.body.data.total as number;
}

describe('submitting the public form against the real server', () => {
  beforeEach(async () => {
    sentKeys.length = 0;
    loseNextAnswer = false;
    localStorage.clear();
    await i18n.changeLanguage('en');
    cleanup();
  });

  it('creates the booking, says so, and resets the form to one blank sample type', async () => {
    renderForm();
    fireEvent.click(screen.getByRole('button', { name: 'Add sample type' }));
    fillForm('lan@mekong.example');
    typeInto('Type', 'Catfish', 1);
    typeInto('Composition', 'Fillet', 1);
    typeInto('Expected origin 1', 'Vietnam', 1);
    await submitAndConfirm();

    await screen.findByText('Order Created');
    expect(screen.getByText('Your booking has been successfully created.')).toBeTruthy();
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Contact person' }) as HTMLInputElement).value).toBe(''));
    expect(screen.getAllByRole('group', { name: /^Sample type \d+$/ })).toHaveLength(1);
    expect(await bookingCountFor('lan@mekong.example')).toBe(1);
    expect(sentKeys).toHaveLength(1);
  });

  it('reuses the Idempotency-Key when the same submission is retried after a lost answer: one booking', async () => {
    renderForm();
    fillForm('retry@mekong.example');
    loseNextAnswer = true;
    await submitAndConfirm();
    // The server made the booking, but the page never heard: the form keeps what was typed.
    await waitFor(() => expect(sentKeys).toHaveLength(1));
    await waitFor(() => expect(screen.queryByTestId('loading-overlay')).toBeNull());
    expect((screen.getByRole('textbox', { name: 'Contact person' }) as HTMLInputElement).value).toBe('Lan Nguyen');
    expect(await bookingCountFor('retry@mekong.example')).toBe(1);

    await act(async () => submitAndConfirm());
    await screen.findByText('Order Created');
    expect(sentKeys).toHaveLength(2);
    expect(sentKeys[1]).toBe(sentKeys[0]);
    expect(await bookingCountFor('retry@mekong.example')).toBe(1);

    // A new submission is a new attempt with a new key.
    fillForm('retry@mekong.example', 'Catfish');
    await submitAndConfirm();
    await waitFor(() => expect(sentKeys).toHaveLength(3));
    await waitFor(async () => expect(await bookingCountFor('retry@mekong.example')).toBe(2));
    expect(sentKeys[2]).not.toBe(sentKeys[0]);
  });

  it('shows the server field messages under their fields when the server refuses the booking', async () => {
    renderForm();
    fillForm('lan@mekong.example');
    // Quietly drop the confirmation the page checked, so that only the server refuses it.
    const original = globalThis.fetch;
    globalThis.fetch = async (input, init) => {
      const request = new Request(input, init);
      if (request.method !== 'POST') return original(request);
      const body = { ...(await request.json()), isConfirmAccurate: false };
      return original(new Request(request.url, { method: 'POST', headers: request.headers, body: JSON.stringify(body) }));
    };
    try {
      await submitAndConfirm();
      await waitFor(() =>
        expect(
          screen.getAllByText('Please confirm that all information provided is accurate and complete.').length,
        ).toBeGreaterThan(0),
      );
      await waitFor(() =>
        expect(document.activeElement).toBe(
          screen.getByRole('checkbox', { name: 'I confirm that all information provided is accurate and complete' }),
        ),
      );
    } finally {
      globalThis.fetch = original;
    }
  });
});
