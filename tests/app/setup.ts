// Component tests run in jsdom: IndexedDB comes from fake-indexeddb, and the DOM is unmounted after
// each test (vitest runs without globals, so testing-library cannot register this itself).
import 'fake-indexeddb/auto';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom has no matchMedia; the layout asks it whether the screen is narrow. Wide unless a test says so.
if (typeof window !== 'undefined' && !window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    writable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        addListener: () => undefined,
        removeListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

// jsdom has no ResizeObserver; Radix's parts measure themselves with one (the checkbox, the menus'
// and the date picker's floating positioning). They draw without measuring here.
if (typeof window !== 'undefined' && !window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// The app loads only the shown language at start (every namespace, at the path `/`) and fetches the
// other on a switch; component tests read both languages' texts directly (getFixedT('vi')), so both
// are loaded before any test runs.
// (Tests that run in the node environment have no DOM and use no texts.)
if (typeof document !== 'undefined') {
  const { loadLanguage } = await import('@/app/lib/words/i18n');
  await Promise.all([loadLanguage('en'), loadLanguage('vi')]);
}
