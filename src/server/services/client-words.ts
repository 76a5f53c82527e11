import enDocuments from '../../app/locales/en/client-documents.json' with { type: 'json' };
import enSamples from '../../app/locales/en/samples.json' with { type: 'json' };
import viDocuments from '../../app/locales/vi/client-documents.json' with { type: 'json' };
import viSamples from '../../app/locales/vi/samples.json' with { type: 'json' };
import { bookingLanguageOf, type BookingLanguage } from '../../shared/schemas/booking.ts';
import { translate, type Catalogue } from './app-words.ts';

// The words of what the laboratory sends a client (mails, the certificate PDF) in the language the
// booking was made in (booking.language). They are app texts (locales/<lang>/client-documents.json,
// samples.json for the sample's own words), so both languages are kept side by side and checked alike.

const catalogues = {
  en: { documents: enDocuments, samples: enSamples },
  vi: { documents: viDocuments, samples: viSamples },
} as const;

/**
 * A translator for one language: keys of client-documents.json (`mail.…`, `pdf.…`), or of
 * samples.json with a `samples:` prefix; `{{name}}` placeholders. A key missing in Vietnamese falls
 * back to English, then to the key itself.
 */
export function clientWords(language: string | null | undefined) {
  const lang: BookingLanguage = bookingLanguageOf(language);
  return (key: string, params: Record<string, string | number> = {}): string => {
    const [namespace, path] = key.startsWith('samples:') ? ['samples', key.slice(8)] : ['documents', key];
    const of = (l: BookingLanguage) => catalogues[l][namespace as 'documents'] as Catalogue;
    return translate([of(lang), of('en')], path!, params, key);
  };
}

export type ClientWords = ReturnType<typeof clientWords>;
