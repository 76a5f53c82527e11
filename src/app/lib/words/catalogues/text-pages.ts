/**
 * Which text groups a page needs before it shows (text-groups.ts). Without imports, so the build
 * reads it too: the first page's texts are fetched from `index.html` beside the entry script
 * (scripts/first-page-preload.ts).
 */
export const TEXT_GROUPS = ['start', 'messages', 'order-form', 'rest'] as const;
export type TextGroup = (typeof TEXT_GROUPS)[number];

/** The files of texts: one per group, and `all`, every group's in one file (`filesOfGroups`). */
export const TEXT_FILES = [...TEXT_GROUPS, 'all'] as const;
export type TextFile = (typeof TEXT_FILES)[number];

/**
 * The public pages that start with some groups only. Both fetch `messages` when the user first
 * reaches for the form: its first check waits for them (`loadMessageTexts` in lib/words/i18n.ts).
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

/**
 * The files that bring `groups` to a language that holds none of them yet: every group's in one file
 * when a page needs them all (a staff page opened first, or a switch of language there), else each
 * group's own. One request instead of four: a phone's browser carries the first page's files over
 * six connections in rounds, a round trip each, and the staff screens start with about fifteen.
 * It names nothing outside itself: the first page's preload runs it as written.
 */
export function filesOfGroups<Group>(groups: readonly Group[], all: readonly Group[]): readonly (Group | 'all')[] {
  return groups.length === all.length ? ['all'] : groups;
}

/** The text files a page at this path starts with, in a language that holds none yet. */
export function startFilesFor(pathname: string): readonly TextFile[] {
  return filesOfGroups(textGroupsFor(pathname), TEXT_GROUPS);
}
