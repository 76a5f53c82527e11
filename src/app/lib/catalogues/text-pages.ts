/**
 * Which text groups a page needs before it shows (text-groups.ts). Without imports, so the build
 * reads it too: the first page's texts are fetched from `index.html` beside the entry script
 * (scripts/first-page-preload.ts).
 */
export const TEXT_GROUPS = ['start', 'messages', 'order-form', 'rest'] as const;
export type TextGroup = (typeof TEXT_GROUPS)[number];

/**
 * The public pages that start with some groups only. Both fetch `messages` when the user first
 * reaches for the form: its first check waits for them (`loadMessageTexts` in lib/i18n.ts).
 */
export const LIGHT_PAGES: Record<string, readonly TextGroup[]> = {
  '/auth/login': ['start'],
  '/booking/isotope-submittal-form': ['start', 'order-form'],
};

/**
 * A path as the text groups and the first page's preload compare it: without a trailing slash. It
 * names nothing outside itself: the preload in `index.html` runs its source as written.
 */
export const pagePath = (pathname: string) => pathname.replace(/(.)\/+$/, '$1');

/**
 * The rule itself, given the light pages and all groups: it names nothing outside itself, so the
 * first page's preload (scripts/first-page-preload.ts) runs this very function.
 */
export function groupsOfPage<Group>(light: Record<string, readonly Group[]>, all: readonly Group[], path: string) {
  return light[path] ?? all;
}

/** The text groups a page at this path needs before it shows. */
export function textGroupsFor(pathname: string): readonly TextGroup[] {
  return groupsOfPage(LIGHT_PAGES, TEXT_GROUPS, pagePath(pathname));
}
