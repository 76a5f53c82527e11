import { clsx, type ClassValue } from 'clsx';

// Saves 5.7 kB gzipped at every page's start: 2.8 kB against clsx + tailwind-merge's 8.5 kB (npm run bench bundle).
/*
 * Tailwind class merging as tailwind-merge does it, for the utilities this app writes only:
 * tailwind-merge with its whole default config is about 8.5 kB of gzipped JavaScript that every
 * page, the sign-in page first, would start with. The groups, their order and
 * their conflicts are the default config's for those utilities, and the merge follows its
 * algorithm (variants sorted the same way, `!` and `/opacity` understood), so classes merge exactly
 * as `twMerge` merges them: tests/app/ui/class-merge.test.ts checks every pair of classes written in
 * src/app against tailwind-merge itself. A utility not listed here is kept as it is, never merged:
 * a class the app starts to use may need its group added here (that test then names it).
 */

// Value shapes, as tailwind-merge's validators accept them.
const NUMBER = String.raw`\d+(?:\.\d+)?`;
const ARBITRARY = String.raw`\[.+\]`;
const LENGTH = String.raw`\[(?:length:)?(?:[\d.]+[a-z%]+|0|(?:calc|min|max|clamp)\(.+\))\]`;
const TSHIRT = String.raw`(?:\d+(?:\.\d+)?)?(?:xs|sm|md|lg|xl)`;
const SPACING = `(?:${NUMBER}|px|${ARBITRARY})`;
const INSET = String.raw`(?:\d+\/\d+|auto|full|${SPACING})`;
const SIZE = String.raw`(?:\d+\/\d+|${TSHIRT}|auto|full|screen|[sdl]v[hw]|min|max|fit|none|${SPACING})`;
const SIDE = '(-[xysetrbl])?';

/**
 * Each class group in the order tailwind-merge tries them; `$1` in a group's name is the pattern's
 * first capture (a side or an axis).
 */
const GROUPS = (
  [
    [
      'display',
      '(?:inline-)?(?:block|flex|grid|table)|inline|table-(?:caption|cell|column(?:-group)?|footer-group|header-group|row-group|row)|flow-root|contents|list-item|hidden',
    ],
    ['sr', '(?:not-)?sr-only'],
    ['visibility', 'visible|invisible|collapse'],
    ['position', 'static|fixed|absolute|relative|sticky'],
    ['overflow$1', '(?:overflow(-[xy])?)-(?:auto|hidden|clip|visible|scroll)'],
    ['$1', `(inset(?:-[xy])?|start|end|top|right|bottom|left)-${INSET}`],
    ['z', `z-(?:\\d+|auto|${ARBITRARY})`],
    ['basis', `basis-${SIZE}`],
    ['flex-direction', 'flex-(?:row|col)(?:-reverse)?'],
    ['flex-wrap', 'flex-(?:nowrap|wrap|wrap-reverse)'],
    ['flex', `flex-(?:${NUMBER}|\\d+\\/\\d+|auto|initial|none|${ARBITRARY})`],
    ['$1', `(grow|shrink)(?:-(?:${NUMBER}|${ARBITRARY}))?`],
    ['grid-cols', `grid-cols-(?:\\d+|none|subgrid|${ARBITRARY})`],
    ['col-start-end', `col-(?:span-(?:full|\\d+|${ARBITRARY})|\\d+|${ARBITRARY})`],
    ['$1', `(gap(?:-[xy])?)-${SPACING}`],
    ['justify-content', 'justify-(?:normal|start|end|center|between|around|evenly|stretch|baseline)'],
    ['justify-self', 'justify-self-(?:auto|start|end|center|stretch)'],
    ['align-content', 'content-(?:normal|start|end|center|between|around|evenly|stretch|baseline)'],
    ['align-items', 'items-(?:start|end|center|stretch|baseline)'],
    ['align-self', 'self-(?:auto|start|end|center|stretch|baseline)'],
    ['place-items', 'place-items-(?:start|end|center|stretch|baseline)'],
    ['$1', `(p[xysetrbl]?)-${SPACING}`],
    ['$1', `(m[xysetrbl]?)-(?:auto|${SPACING})`],
    ['$1', '(space-[xy]-reverse)'],
    ['$1', `(space-[xy])-${SPACING}`],
    ['max-w', 'max-w-prose'],
    ['$1', `(size|w|h|min-[wh]|max-[wh])-${SIZE}`],
    ['font-size', `text-(?:base|${TSHIRT}|${LENGTH})`],
    ['font-style', '(?:not-)?italic'],
    ['font-weight', 'font-(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)'],
    ['font-family', 'font-.+'],
    ['fvn-spacing', '(?:proportional|tabular)-nums'],
    ['tracking', 'tracking-.+'],
    ['line-clamp', `line-clamp-(?:${NUMBER}|none|${ARBITRARY})`],
    ['leading', 'leading-.+'],
    ['list-style-type', `list-(?:disc|decimal|none|${ARBITRARY})`],
    ['text-alignment', 'text-(?:left|center|right|justify|start|end)'],
    ['text-overflow', 'truncate|text-ellipsis|text-clip'],
    ['text-wrap', 'text-(?:wrap|nowrap|balance|pretty)'],
    ['text-color', 'text-.+'],
    ['text-decoration', 'underline|overline|line-through|no-underline'],
    ['underline-offset', `underline-offset-(?:${NUMBER}|auto|${ARBITRARY})`],
    ['text-transform', 'uppercase|lowercase|capitalize|normal-case'],
    ['vertical-align', `align-(?:baseline|top|middle|bottom|text-top|text-bottom|sub|super|${ARBITRARY})`],
    ['whitespace', 'whitespace-(?:normal|nowrap|pre(?:-line|-wrap)?|break-spaces)'],
    ['break', 'break-(?:normal|words|all|keep)'],
    ['break-inside', 'break-inside-(?:auto|avoid(?:-page|-column)?)'],
    ['bg-color', 'bg-.+'],
    ['gradient-$1', '(from|to)-.+'],
    ['rounded', `rounded(?:-(?:none|full|${TSHIRT}|${ARBITRARY}))?`],
    ['border-collapse', 'border-(?:collapse|separate)'],
    ['border-w$1', `border${SIDE}(?:-(?:${NUMBER}|${LENGTH}))?`],
    ['divide-y-reverse', 'divide-y-reverse'],
    ['divide-y', `divide-y(?:-(?:${NUMBER}|${LENGTH}))?`],
    ['border-style', 'border-(?:solid|dashed|dotted|double|hidden|none)'],
    ['border-color$1', `border${SIDE}-.+`],
    ['outline-style', 'outline-(?:solid|dashed|dotted|double|none|hidden)'],
    ['outline-w', `outline(?:-(?:${NUMBER}|${LENGTH}))?`],
    ['outline-color', 'outline-.+'],
    ['shadow', `shadow(?:-(?:none|${TSHIRT}|${ARBITRARY}))?`],
    ['ring-w', `ring(?:-(?:${NUMBER}|${LENGTH}))?`],
    ['ring-color', 'ring-.+'],
    ['opacity', `opacity-(?:${NUMBER}|${ARBITRARY})`],
    ['backdrop-blur', `backdrop-blur(?:-(?:none|${TSHIRT}|${ARBITRARY}))?`],
    ['caption', 'caption-(?:top|bottom)'],
    ['transition', `transition(?:-(?:all|colors|opacity|shadow|transform|none|${ARBITRARY}))?`],
    ['duration', `duration-(?:${NUMBER}|initial|${ARBITRARY})`],
    ['animate', 'animate-.+'],
    ['transform', 'transform(?:-cpu|-gpu|-none)?'],
    ['rotate', `rotate-(?:none|${NUMBER}|${ARBITRARY})`],
    ['transform-origin', 'origin-.+'],
    ['translate$1', `translate(-[xy])?-${INSET}`],
    ['object-fit', 'object-(?:contain|cover|fill|none|scale-down)'],
    ['appearance', 'appearance-(?:none|auto)'],
    ['cursor', 'cursor-.+'],
    ['pointer-events', 'pointer-events-(?:auto|none)'],
    ['select', 'select-(?:none|text|all|auto)'],
    ['$1', `(scroll-[mp][xysetrbl]?)-${SPACING}`],
    ['fill', 'fill-.+'],
    ['stroke-w', `stroke-(?:${NUMBER}|${LENGTH})`],
    ['stroke', 'stroke-.+'],
  ] as const
).map(([name, pattern]) => [name, new RegExp(`^(?:${pattern})$`)] as const);

const sides = (group: string, sidesOf: string) => [...sidesOf].map((side) => `${group}${side}`);

/** A group's class removes earlier classes of these groups (with the same variants). */
const CONFLICTS: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  p: sides('p', 'xysetrbl'),
  px: sides('p', 'serl'),
  py: sides('p', 'tb'),
  m: sides('m', 'xysetrbl'),
  mx: sides('m', 'serl'),
  my: sides('m', 'tb'),
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  'border-w': sides('border-w-', 'xysetrbl'),
  'border-w-x': sides('border-w-', 'serl'),
  'border-w-y': sides('border-w-', 'tb'),
  'border-color': sides('border-color-', 'xysetrbl'),
  'border-color-x': sides('border-color-', 'serl'),
  'border-color-y': sides('border-color-', 'tb'),
  translate: ['translate-x', 'translate-y'],
};

/** Modifiers whose place among the others matters (tailwind-merge's `orderSensitiveModifiers`). */
const ORDER_SENSITIVE = new Set(
  '* ** after backdrop before details-content file first-letter first-line marker placeholder selection'.split(' '),
);

/** Each class's group, found once: a page draws the same classes many times over. */
const groups = new Map<string, string | undefined>();

function groupOf(base: string): string | undefined {
  if (groups.has(base)) return groups.get(base);
  const group = findGroup(base);
  if (groups.size > 2000) groups.clear();
  groups.set(base, group);
  return group;
}

function findGroup(base: string): string | undefined {
  const name = base.startsWith('-') ? base.slice(1) : base; // a negative value: same group
  for (const [group, pattern] of GROUPS) {
    const match = pattern.exec(name);
    if (match) return group.replace('$1', match[1] ?? '');
  }
  return undefined;
}

/** A class's variants (`hover:`, `sm:`, `[&_svg]:`), `!` and base, split outside brackets. */
function parse(className: string) {
  const modifiers: string[] = [];
  let depth = 0;
  let start = 0;
  let postfix = -1;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (depth === 0 && char === ':') {
      modifiers.push(className.slice(start, i));
      start = i + 1;
    } else if (depth === 0 && char === '/') postfix = i - start;
  }
  let base = className.slice(start);
  const important = base.startsWith('!') || base.endsWith('!');
  if (base.startsWith('!')) {
    base = base.slice(1);
    postfix--;
  } else if (base.endsWith('!')) base = base.slice(0, -1);
  return { modifiers, important, base, postfix: postfix > 0 ? postfix : -1 };
}

/** Variants in a canonical order, so `hover:focus:` and `focus:hover:` are the same. */
function sortModifiers(modifiers: string[]): string {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const modifier of modifiers) {
    if (modifier.startsWith('[') || ORDER_SENSITIVE.has(modifier)) {
      sorted.push(...run.sort(), modifier);
      run = [];
    } else run.push(modifier);
  }
  return [...sorted, ...run.sort()].join(':');
}

const cache = new Map<string, string>();

/** tailwind-merge's merge: from the last class back, a class is dropped once a later one took its group. */
function merge(classList: string): string {
  const cached = cache.get(classList);
  if (cached !== undefined) return cached;
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let index = classes.length - 1; index >= 0; index--) {
    const className = classes[index] as string;
    const { modifiers, important, base, postfix } = parse(className);
    let withPostfix = postfix > 0;
    let group = groupOf(withPostfix ? base.slice(0, postfix) : base);
    if (!group && withPostfix) {
      group = groupOf(base);
      withPostfix = false;
    }
    if (!group) {
      kept.push(className);
      continue;
    }
    const variant = sortModifiers(modifiers) + (important ? '!' : '');
    if (taken.has(variant + group)) continue;
    taken.add(variant + group);
    for (const other of CONFLICTS[group] ?? []) taken.add(variant + other);
    if (withPostfix && group === 'font-size') taken.add(`${variant}leading`);
    kept.push(className);
  }
  const merged = kept.reverse().join(' ');
  if (cache.size > 500) cache.clear();
  cache.set(classList, merged);
  return merged;
}

/** Joins class names and lets later Tailwind classes win over earlier ones. */
export function cn(...inputs: ClassValue[]) {
  return merge(clsx(inputs));
}
