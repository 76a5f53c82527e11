import dayjs from 'dayjs';
import 'dayjs/locale/vi';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SERVER_MESSAGES } from '@/shared/server-messages';

/**
 * English and Vietnamese. Every JSON file in `locales/<lang>/` is a namespace (so each feature, the
 * offline layer's `sync.json` included, brings its own file). The chosen language persists under
 * `language`; without a choice the browser's language decides: Vietnamese if it is `vi`, else English.
 * A missing key shows the key itself, as the specification asks.
 */

export const LANGUAGES = ['en', 'vi'] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_KEY = 'language';

type Catalogue = Record<string, unknown>;
const files = import.meta.glob<Catalogue>('../locales/*/*.json', { eager: true, import: 'default' });

export const resources: Record<Language, Record<string, Catalogue>> = { en: {}, vi: {} };
for (const [file, catalogue] of Object.entries(files)) {
  const match = /locales\/(en|vi)\/([\w-]+)\.json$/.exec(file);
  if (match) resources[match[1] as Language][match[2] as string] = catalogue;
}
// The server's error messages: English is the shared catalogue the server itself speaks from.
resources.en.server = SERVER_MESSAGES;
export const namespaces = Object.keys(resources.en);

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

void i18n.use(initReactI18next).init({
  resources,
  lng: detectLanguage(),
  fallbackLng: false,
  supportedLngs: [...LANGUAGES],
  ns: namespaces,
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
