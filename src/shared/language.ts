/**
 * The app's languages and how the first one is chosen. Without imports, so the build reads it too:
 * the first page's texts are fetched from `index.html` in the language `chooseLanguage` picks
 * (scripts/first-page-preload.ts).
 */
export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The chosen language (stored under `language`); without a choice Vietnamese if the browser's is `vi`, else English. */
export function detectLanguage(): Language {
  return chooseLanguage(LANGUAGES, LANGUAGE_KEY) as Language;
}

/**
 * `detectLanguage`'s rule. It names nothing outside itself (the languages and the key are its
 * arguments): the first page's preload in `index.html` runs its source as written
 * (scripts/first-page-preload.ts), so both choose alike.
 */
export function chooseLanguage(languages: readonly string[], key: string): string {
  try {
    const stored = globalThis.localStorage?.getItem(key);
    if (typeof stored === 'string' && languages.includes(stored)) return stored;
  } catch {
    // Storage blocked: fall back to the browser's language.
  }
  const browser = globalThis.navigator?.language?.toLowerCase() ?? '';
  return browser === 'vi' || browser.startsWith('vi-') ? 'vi' : 'en';
}
