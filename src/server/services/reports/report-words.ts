import { isLanguage, type Language } from '../../../shared/language.ts';
import { wordsFor } from '../app-words.ts';

// The words of a report file in the requester's language: `reports:`, `samples:` and `common:` keys,
// the app's own texts, so a status reads in the file as on the screens.
export function reportWords(language: Language) {
  return wordsFor(language, ['reports', 'samples', 'common']);
}

export type ReportWords = ReturnType<typeof reportWords>;

/**
 * The requester's language: an explicit `lang` (the app sends the language it shows), else the
 * first of ours in Accept-Language by preference, else English.
 */
export function requestLanguage(lang: string | undefined, acceptLanguage: string | undefined): Language {
  if (isLanguage(lang)) return lang;
  const preferred = (acceptLanguage ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().split(';');
      const q = rest.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { language: tag.toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => isLanguage(entry.language) && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return (preferred[0]?.language as Language | undefined) ?? 'en';
}
