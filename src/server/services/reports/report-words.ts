import enCommon from '../../../shared/locales/en/common.json' with { type: 'json' };
import enReports from '../../../shared/locales/en/reports.json' with { type: 'json' };
import enSamples from '../../../shared/locales/en/samples.json' with { type: 'json' };
import viCommon from '../../../shared/locales/vi/common.json' with { type: 'json' };
import viReports from '../../../shared/locales/vi/reports.json' with { type: 'json' };
import viSamples from '../../../shared/locales/vi/samples.json' with { type: 'json' };
import { isLanguage, type Language } from '../../../shared/language.ts';
import { translate, type Catalogue } from '../app-words.ts';

// The words of a report file in the requester's language. They are the app's own texts
// (locales/<lang>/reports.json, samples.json and common.json), so a status reads in the file as on the screens.

const catalogues = {
  en: { reports: enReports, samples: enSamples, common: enCommon },
  vi: { reports: viReports, samples: viSamples, common: viCommon },
} as const;

/** A translator for one language: `reports:`, `samples:` or `common:` keys, `{{name}}` placeholders, `count` plurals (_one/_other). */
export function reportWords(language: Language) {
  return (key: string, params: Record<string, string | number> = {}): string => {
    const [namespace, path] = key.split(':') as ['reports' | 'samples' | 'common', string];
    return translate([catalogues[language][namespace] as Catalogue], path, params, key);
  };
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
