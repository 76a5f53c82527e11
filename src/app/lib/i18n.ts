import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { loadCatalogues } from './catalogues/namespaces';

/**
 * English and Vietnamese. Every JSON file in `locales/<lang>/` is a namespace (so each feature, the
 * offline layer's `sync.json` included, brings its own file). The chosen language persists under
 * `language`; without a choice the browser's language decides: Vietnamese if it is `vi`, else English.
 * A missing key shows the key itself, as the specification asks. Only the language shown is loaded
 * at start (this module waits for it, so the first render has its texts); the other one is fetched
 * when the user switches to it.
 */

export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = 'language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function detectLanguage(): Language {
  try {
    const stored = globalThis.localStorage?.getItem(LANGUAGE_KEY);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage blocked: fall back to the browser's language.
  }
  const browser = globalThis.navigator?.language?.toLowerCase() ?? '';
  return browser === 'vi' || browser.startsWith('vi-') ? 'vi' : 'en';
}

export const i18n = i18next.createInstance();

const startLanguage = detectLanguage();
const startCatalogues = await loadCatalogues(startLanguage);

// i18next asks this for a language it does not hold yet (a switch): one chunk per language.
const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    loadCatalogues(isLanguage(language) ? language : 'en').then(
      (catalogues) => callback(null, catalogues[namespace] ?? {}),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

void i18n
  .use(catalogueBackend)
  .use(initReactI18next)
  .init({
    resources: { [startLanguage]: startCatalogues },
    partialBundledLanguages: true,
    lng: startLanguage,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(startCatalogues),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

dayjs.locale(i18n.language);
document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (language) => {
  dayjs.locale(language);
  document.documentElement.lang = language;
});

export function changeLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not persisted; the switch still applies to this visit.
  }
  return i18n.changeLanguage(language);
}

/**
 * Messages from the shared zod schemas (and many server messages) are English sentences with dots
 * and colons: look them up whole in the `validation` namespace, falling back to the sentence.
 */
export function translateMessage(message: string): string {
  return i18n.t(message, { ns: 'validation', keySeparator: false, nsSeparator: false, defaultValue: message });
}

/**
 * An API error in the user's language: by its `code` from the server catalogue, with its values
 * filled in (a list of states reads "A, B or C" in English, "A, B hoặc C" in Vietnamese; a field's
 * own message is translated too), falling back to the English sentence for an unknown code.
 */
export function translateError(error: { message: string; code?: string; params?: Record<string, unknown> }): string {
  if (!error.code || !i18n.exists(error.code, { ns: 'server' })) return translateMessage(error.message);
  const values: Record<string, string> = {};
  const list = new Intl.ListFormat(i18n.language, { type: 'disjunction' });
  for (const [name, value] of Object.entries(error.params ?? {})) {
    values[name] = Array.isArray(value) ? list.format(value.map(String)) : translateMessage(String(value));
  }
  return i18n.t(error.code, { ns: 'server', ...values, interpolation: { escapeValue: false } });
}
