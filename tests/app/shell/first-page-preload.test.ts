// @vitest-environment node
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { preloadScript } from '../../../scripts/first-page-preload.ts';
import {
  LIGHT_PAGES,
  pagePath,
  startFilesFor,
  TEXT_FILES,
  TEXT_GROUPS,
} from '../../../src/app/lib/words/catalogues/text-pages.ts';
import { detectLanguage, LANGUAGES } from '../../../src/shared/language.ts';

// The inline script in index.html guesses the first page's texts and route chunks before the app
// runs. Its language and its path are the app's own rules (their source written into it): here the
// script, run on its own, picks what the app picks for the same browser.

// One file per language and text group (`en-start`, …) or every group (`en-all`), and one per route.
const files = [...LANGUAGES.flatMap((language) => TEXT_FILES.map((file) => `${language}-${file}`)), 'login', 'other'];
const script = preloadScript({
  files,
  routes: [
    ['^/auth/login$', [files.indexOf('login')]],
    ['^/.*$', [files.indexOf('other')]],
  ],
  texts: Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(TEXT_FILES.map((file) => [file, [files.indexOf(`${language}-${file}`)]])),
    ]),
  ),
  light: LIGHT_PAGES,
  groups: TEXT_GROUPS,
});

type Browser = { stored?: string | null; blocked?: boolean; language?: string; pathname?: string };

const storage = ({ stored = null, blocked = false }: Browser) => ({
  getItem: () => {
    if (blocked) throw new Error('SecurityError');
    return stored;
  },
});

/** The files the script preloads, run alone in a browser like this one. */
function preloaded(browser: Browser): string[] {
  const links: string[] = [];
  runInNewContext(script, {
    location: { pathname: browser.pathname ?? '/' },
    localStorage: storage(browser),
    navigator: browser.language === undefined ? {} : { language: browser.language },
    document: {
      createElement: () => ({}),
      head: { appendChild: (link: { rel: string; href: string }) => links.push(`${link.rel} ${link.href}`) },
    },
  });
  return links.map((link) => /^modulepreload \/assets\/(.+)\.js$/.exec(link)?.[1] ?? link).sort();
}

/** What the app starts with in the same browser: its texts, and the route's chunk. */
function appStarts(browser: Browser, route: string): string[] {
  vi.stubGlobal('localStorage', storage(browser));
  vi.stubGlobal('navigator', browser.language === undefined ? {} : { language: browser.language });
  const language = detectLanguage();
  return [...startFilesFor(browser.pathname ?? '/').map((file) => `${language}-${file}`), route].sort();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the first page's preload", () => {
  it.each<Browser>([
    { stored: 'vi', language: 'en-US' },
    { stored: 'en', language: 'vi-VN' },
    { stored: 'fr', language: 'vi-VN' },
    { language: 'vi' },
    { language: 'VI-vn' },
    { language: 'vietnamese' },
    { language: 'en-GB' },
    { blocked: true, language: 'vi-VN' },
    {},
  ])('chooses the language the app chooses: %o', (browser) => {
    expect(preloaded(browser)).toEqual(appStarts(browser, 'other'));
  });

  it.each(['/auth/login', '/auth/login/', '/auth/login//', '/booking/isotope-submittal-form/', '/', '/bookings/'])(
    'reads the path as the app does: %s',
    (pathname) => {
      const browser = { language: 'vi-VN', pathname };
      expect(preloaded(browser)).toEqual(appStarts(browser, pagePath(pathname) === '/auth/login' ? 'login' : 'other'));
    },
  );
});
