import enDocuments from '../../../shared/locales/en/client-documents.json' with { type: 'json' };
import enRoles from '../../../shared/locales/en/roles.json' with { type: 'json' };
import enSamples from '../../../shared/locales/en/samples.json' with { type: 'json' };
import viDocuments from '../../../shared/locales/vi/client-documents.json' with { type: 'json' };
import viRoles from '../../../shared/locales/vi/roles.json' with { type: 'json' };
import viSamples from '../../../shared/locales/vi/samples.json' with { type: 'json' };
import { bookingLanguageOf, type BookingLanguage } from '../../../shared/schemas/booking.ts';
import { translate, type Catalogue } from '../app-words.ts';

// The words of what the laboratory sends a client (mails, the certificate PDF) in the language the
// booking was made in (booking.language). They are app texts (locales/<lang>/client-documents.json,
// samples.json for the sample's own words, roles.json for the laboratories named by their role), so
// both languages are kept side by side and checked alike.

const catalogues: Record<BookingLanguage, Record<'documents' | 'samples' | 'roles', Catalogue>> = {
  en: { documents: enDocuments, samples: enSamples, roles: enRoles },
  vi: { documents: viDocuments, samples: viSamples, roles: viRoles },
};

const prefixed = ['samples', 'roles'] as const;

/**
 * A translator for one language: keys of client-documents.json (`mail.…`, `pdf.…`), or of
 * samples.json and roles.json with a `samples:` or `roles:` prefix; `{{name}}` placeholders. A key
 * missing in Vietnamese falls back to English, then to `defaultValue`, then to the key itself.
 */
export function clientWords(language: string | null | undefined) {
  const lang: BookingLanguage = bookingLanguageOf(language);
  return (key: string, params: Record<string, string | number> = {}): string => {
    const namespace = prefixed.find((name) => key.startsWith(`${name}:`)) ?? 'documents';
    const path = namespace === 'documents' ? key : key.slice(namespace.length + 1);
    const missing = typeof params.defaultValue === 'string' ? params.defaultValue : key;
    return translate([catalogues[lang][namespace], catalogues.en[namespace]], path, params, missing);
  };
}

export type ClientWords = ReturnType<typeof clientWords>;
