import enClientDocuments from '../../shared/locales/en/client-documents.json' with { type: 'json' };
import enCommon from '../../shared/locales/en/common.json' with { type: 'json' };
import enCustody from '../../shared/locales/en/custody.json' with { type: 'json' };
import enLabels from '../../shared/locales/en/labels.json' with { type: 'json' };
import enQuality from '../../shared/locales/en/quality.json' with { type: 'json' };
import enReports from '../../shared/locales/en/reports.json' with { type: 'json' };
import enRoles from '../../shared/locales/en/roles.json' with { type: 'json' };
import enSamples from '../../shared/locales/en/samples.json' with { type: 'json' };
import viClientDocuments from '../../shared/locales/vi/client-documents.json' with { type: 'json' };
import viCommon from '../../shared/locales/vi/common.json' with { type: 'json' };
import viCustody from '../../shared/locales/vi/custody.json' with { type: 'json' };
import viLabels from '../../shared/locales/vi/labels.json' with { type: 'json' };
import viQuality from '../../shared/locales/vi/quality.json' with { type: 'json' };
import viReports from '../../shared/locales/vi/reports.json' with { type: 'json' };
import viRoles from '../../shared/locales/vi/roles.json' with { type: 'json' };
import viSamples from '../../shared/locales/vi/samples.json' with { type: 'json' };
import type { Language } from '../../shared/language.ts';

// The app's own texts (shared/locales/<lang>/*.json) read by the server, so a file, mail or PDF
// speaks as the screens do. `wordsFor` is the one translator of every server document and mail.

type Catalogue = Record<string, unknown>;

/** The namespaces the server's documents and mails read. */
const catalogues = {
  en: {
    'client-documents': enClientDocuments,
    common: enCommon,
    custody: enCustody,
    labels: enLabels,
    quality: enQuality,
    reports: enReports,
    roles: enRoles,
    samples: enSamples,
  },
  vi: {
    'client-documents': viClientDocuments,
    common: viCommon,
    custody: viCustody,
    labels: viLabels,
    quality: viQuality,
    reports: viReports,
    roles: viRoles,
    samples: viSamples,
  },
} satisfies Record<Language, Record<string, Catalogue>>;

type Namespace = keyof (typeof catalogues)['en'];

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Catalogue)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** The words of one language over the namespaces given, as a screen's `t` reads them. */
export type Words = (key: string, params?: Record<string, unknown>) => string;

/**
 * A translator in one language. A key of the first namespace is written as it is; a key of another
 * namespace takes its name as a prefix (`samples:status.Completed`). `{{name}}` placeholders are
 * filled from the params, and `count` picks the plural form (_one/_other) where there is one. A key
 * missing in Vietnamese reads in English, else as its `defaultValue`, else as the key itself.
 */
export function wordsFor(language: Language, namespaces: readonly [Namespace, ...Namespace[]]): Words {
  return (key, params = {}) => {
    const colon = key.indexOf(':');
    const prefix = colon < 0 ? undefined : key.slice(0, colon);
    const named = namespaces.find((namespace) => namespace === prefix);
    const namespace = named ?? namespaces[0];
    const path = named ? key.slice(colon + 1) : key;
    const { defaultValue, ...values } = params;
    const plural = typeof values.count === 'number' ? (values.count === 1 ? '_one' : '_other') : '';
    let template: string | undefined;
    for (const catalogue of [catalogues[language][namespace], catalogues.en[namespace]] as Catalogue[]) {
      template = (plural ? lookup(catalogue, `${path}${plural}`) : undefined) ?? lookup(catalogue, path);
      if (template !== undefined) break;
    }
    const missing = typeof defaultValue === 'string' ? defaultValue : key;
    return (template ?? missing).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
  };
}
