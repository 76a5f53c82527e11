// The app's own texts (locales/<lang>/*.json) read by the server, so a file, mail or PDF speaks as
// the screens do. One lookup serves every document's translator (report-words.ts, client-words.ts).

export type Catalogue = Record<string, unknown>;

function lookup(catalogue: Catalogue, key: string): string | undefined {
  let node: unknown = catalogue;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Catalogue)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * A template from a catalogue and its fallbacks, in order: `count` picks the plural form
 * (_one/_other) where the catalogue has one; a key found nowhere reads as `missing` (the caller's
 * full key). `{{name}}` placeholders are filled from the params.
 */
export function translate(
  catalogues: readonly Catalogue[],
  key: string,
  params: Record<string, string | number>,
  missing: string,
): string {
  const plural = typeof params.count === 'number' ? (params.count === 1 ? '_one' : '_other') : '';
  let template: string | undefined;
  for (const catalogue of catalogues) {
    template = (plural ? lookup(catalogue, `${key}${plural}`) : undefined) ?? lookup(catalogue, key);
    if (template !== undefined) break;
  }
  return (template ?? missing).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}
