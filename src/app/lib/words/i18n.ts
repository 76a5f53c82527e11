import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import {
  filesOfGroups,
  loadTextFile,
  TEXT_GROUPS,
  textGroupsFor,
  type Catalogues,
  type TextGroup,
} from './catalogues/text-groups';
import { STATE_VALUES } from '@/shared/workflow/message-states';
import type { ServerMessageCode } from '@/shared/server-messages';
import { detectLanguage, isLanguage, LANGUAGE_KEY, LANGUAGES, type Language } from '@/shared/language';

/**
 * English and Vietnamese. Every JSON file in `locales/<lang>/` is a namespace (so each feature, the
 * offline layer's `sync.json` included, brings its own file). The chosen language persists under
 * `language`; without a choice the browser's language decides: Vietnamese if it is `vi`, else English.
 * A missing key shows the key itself, as the specification asks. Only the language shown is loaded
 * at start, and of it only the texts the first page needs (catalogues/text-groups.ts): the app
 * renders once they are here (`startTexts`), so the first render has its texts; `loadTextsFor`
 * brings the rest before another page shows, and a switch of language fetches the same groups in
 * the other language first.
 */

export { LANGUAGES, type Language } from '@/shared/language';

export const i18n = i18next.createInstance();

/** The text groups held in each language. */
const held: Record<Language, Set<TextGroup>> = { en: new Set(), vi: new Set() };

async function loadGroups(language: Language, groups: readonly TextGroup[]): Promise<Catalogues> {
  // A language that holds nothing yet takes every group in one file when all are wanted.
  const files = held[language].size === 0 ? filesOfGroups(groups, TEXT_GROUPS) : groups;
  const catalogues = await Promise.all(files.map((file) => loadTextFile(language, file)));
  for (const group of groups) held[language].add(group);
  return Object.assign({}, ...catalogues) as Catalogues;
}

const startLanguage = detectLanguage();

/**
 * The first page's texts, fetched as soon as this module runs. main.tsx renders once they are here
 * and meanwhile fetches the page's code; whatever loads more texts waits for
 * them first, as i18next holds nothing before.
 */
export const startTexts: Promise<void> = loadGroups(
  startLanguage,
  textGroupsFor(globalThis.location?.pathname ?? '/'),
).then((startCatalogues) => {
  void i18n.use(initReactI18next).init({
    resources: { [startLanguage]: startCatalogues },
    lng: startLanguage,
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(startCatalogues),
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  document.documentElement.lang = i18n.language;
});

/** Loads the groups a language lacks among those given, into i18next. */
async function holdGroups(language: Language, groups: Iterable<TextGroup>) {
  await startTexts;
  const missing = [...groups].filter((group) => !held[language].has(group));
  if (missing.length === 0) return;
  const catalogues = await loadGroups(language, missing);
  for (const [namespace, catalogue] of Object.entries(catalogues)) {
    i18n.addResourceBundle(language, namespace, catalogue, true, true);
  }
}

const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : startLanguage);

/**
 * The texts a page at this path needs, loaded before it shows (the root route asks on every
 * navigation): nothing to wait for once they are here.
 */
export function loadTextsFor(pathname: string): Promise<void> | undefined {
  const language = currentLanguage();
  const groups = textGroupsFor(pathname);
  return groups.every((group) => held[language].has(group)) ? undefined : holdGroups(language, groups);
}

/**
 * The rules' and the server's messages (`validation`, `server`), which the public pages fetch
 * with their first check or call (or when the user first reaches for the order form) instead of at start; every other page holds them already. Loaded
 * in the language shown once they are here (a switch meanwhile fetched only the groups then held).
 */
export async function loadMessageTexts(): Promise<void> {
  let language: Language;
  do {
    language = currentLanguage();
    await holdGroups(language, ['messages']);
  } while (language !== currentLanguage());
}

/** A language's texts for every group the shown language holds (tests load both languages so). */
export function loadLanguage(language: Language): Promise<void> {
  return holdGroups(language, held[currentLanguage()]);
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** Switches language once the other language's texts for the groups held are here. */
export async function changeLanguage(language: Language) {
  try {
    localStorage.setItem(LANGUAGE_KEY, language);
  } catch {
    // Not persisted; the switch still applies to this visit.
  }
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

/**
 * Messages from the shared zod schemas (and many server messages) are English sentences with dots
 * and colons: look them up whole in the `validation` namespace, falling back to the sentence.
 */
export function translateMessage(message: string): string {
  return i18n.t(message, { ns: 'validation', keySeparator: false, nsSeparator: false, defaultValue: message });
}

/** Where each kind of workflow state has its words (a state a message names reads as on the screens). */
const STATE_WORDS = {
  sample: 'samples:status',
  booking: 'bookings:status',
  package: 'dispatch:status',
  certificate: 'custody:value.certificateStatus',
} as const;

/**
 * An API error in the user's language: by its `code` from the server catalogue, with its values
 * filled in (a list of states reads "A, B or C" in English, "A, B hoặc C" in Vietnamese; a field's
 * own message is translated too), falling back to the English sentence for an unknown code.
 */
export function translateError(error: { message: string; code?: string; params?: Record<string, unknown> }): string {
  if (!error.code || !i18n.exists(error.code, { ns: 'server' })) return translateMessage(error.message);
  const values: Record<string, string> = {};
  const list = new Intl.ListFormat(i18n.language, { type: 'disjunction' });
  const states = STATE_VALUES[error.code as ServerMessageCode];
  const say = (name: string, value: string) =>
    states && (name === 'status' || name === 'needed')
      ? i18n.t(`${STATE_WORDS[states]}.${value}`, { defaultValue: value })
      : translateMessage(value);
  for (const [name, value] of Object.entries(error.params ?? {})) {
    values[name] = Array.isArray(value)
      ? list.format(value.map((item) => say(name, String(item))))
      : say(name, String(value));
  }
  return i18n.t(error.code, { ns: 'server', ...values, interpolation: { escapeValue: false } });
}
