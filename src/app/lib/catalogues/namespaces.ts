import type { Catalogues } from './by-namespace';

export type { Catalogue, Catalogues } from './by-namespace';

/**
 * One language's texts, loaded on demand: a browser fetches only the language it shows, and the
 * other one when the user switches (the service worker precaches both, so a switch works offline).
 */
export function loadCatalogues(language: 'en' | 'vi'): Promise<Catalogues> {
  const chunk = language === 'vi' ? import('./vietnamese') : import('./english');
  return chunk.then((module) => module.default);
}
