import { byNamespace, type Catalogue, type Catalogues } from './by-namespace';
import type { TextFile } from './text-pages';

export type { Catalogues } from './by-namespace';

/**
 * Which texts travel together. Every JSON file in `locales/<lang>/` is a
 * namespace; each language's namespaces come in four chunks, each a module of this folder that
 * names its files: `start`, what every page shows (the sign-in page needs no more until its first
 * check); `messages`, the rules' and the server's messages (`validation`, `server`), which a page
 * shows only after a check or a call; `order-form`, what the public order form adds; and `rest`,
 * every other file, which the staff screens need. The public pages a visitor opens first fetch only
 * their own groups (the sign-in page fetches `messages` with its first check or call,
 * `loadMessageTexts` in lib/words/i18n.ts); any other page waits for all four before it shows.
 */
export { filesOfGroups, TEXT_GROUPS, textGroupsFor, type TextFile, type TextGroup } from './text-pages';

// Each group's module holds its JSON files by path; they become namespaces here, in the start chunk,
// so that the groups share no module of their own (a request of its own before any page shows).
const LOADERS: Record<'en' | 'vi', Record<TextFile, () => Promise<{ default: Record<string, Catalogue> }>>> = {
  en: {
    start: () => import('./en-start'),
    messages: () => import('./en-messages'),
    'order-form': () => import('./en-order-form'),
    rest: () => import('./en-rest'),
    all: () => import('./en-all'),
  },
  vi: {
    start: () => import('./vi-start'),
    messages: () => import('./vi-messages'),
    'order-form': () => import('./vi-order-form'),
    rest: () => import('./vi-rest'),
    all: () => import('./vi-all'),
  },
};

/** One file of one language's texts (a group's, or every group's), namespace by namespace. */
export function loadTextFile(language: 'en' | 'vi', file: TextFile): Promise<Catalogues> {
  return LOADERS[language][file]().then((module) => byNamespace(module.default));
}
