import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { cn } from '@/app/components/ui/cn';

/*
 * `cn` merges with tailwind-merge's engine and a config of the app's own utilities only (see
 * docs/performance.md). These checks hold it to tailwind-merge's full `twMerge` wherever the app could
 * notice: every class written in src/app, every pair of them, and every base class list of the
 * ui components with each of them.
 */
const appDir = path.resolve(import.meta.dirname, '../../../src/app');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every string literal's words, per file. */
function literals(file: string): string[][] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(['"`])((?:(?!\1)[^\\\n])*)\1/g)].map((match) =>
    (match[2] ?? '').split(/\s+/).filter((word) => word && !word.includes('${')),
  );
}

/** A Tailwind class, as tailwind-merge's full config knows them: a repeat of it is merged away. */
const isTailwindClass = (word: string) => twMerge(`${word} ${word}`) === word;

// cn.ts itself holds the groups' patterns, not classes.
const files = sourceFiles(appDir).filter((file) => path.basename(file) !== 'cn.ts');
const classes = [...new Set(files.flatMap(literals).flat())].filter(isTailwindClass).sort();
const componentLists = files
  .filter((file) => file.includes(`${path.sep}components${path.sep}ui${path.sep}`))
  .flatMap(literals)
  .map((words) => words.filter(isTailwindClass))
  .filter((words) => words.length > 1)
  .map((words) => words.join(' '));

describe('cn', () => {
  it('finds the classes the app writes', () => {
    expect(classes.length).toBeGreaterThan(300);
    expect(classes).toEqual(expect.arrayContaining(['px-2', 'text-sm', 'text-muted-foreground', 'sm:max-w-md']));
    expect(componentLists.length).toBeGreaterThan(30);
  });

  it('merges every pair of the app classes as tailwind-merge does', () => {
    const differ: string[] = [];
    for (const first of classes) {
      for (const second of classes) {
        const want = twMerge(first, second);
        const got = cn(first, second);
        if (got !== want) differ.push(`cn('${first}', '${second}') = '${got}', tailwind-merge: '${want}'`);
      }
    }
    expect(differ.slice(0, 20)).toEqual([]);
    // About 300,000 pairs, merged twice each: a few seconds, more on a busy machine.
  }, 120_000);

  it('merges each ui component class list with every app class as tailwind-merge does', () => {
    const differ: string[] = [];
    for (const list of componentLists) {
      for (const override of classes) {
        const want = twMerge(list, override);
        const got = cn(list, override);
        if (got !== want) differ.push(`cn('${list}', '${override}') = '${got}', tailwind-merge: '${want}'`);
      }
    }
    expect(differ.slice(0, 20)).toEqual([]);
  });

  it('reads variants, important, opacity and negative values as tailwind-merge does', () => {
    for (const classes of [
      'hover:focus:bg-muted focus:hover:bg-accent',
      '[&_svg]:hover:size-4 hover:[&_svg]:size-5',
      'p-2 !p-3 p-4',
      'p-2! p-3 !p-4',
      'text-sm/6 leading-none text-lg',
      'leading-none text-sm/6',
      'w-1/3 w-full',
      'top-1/2 -top-0.5',
      '-translate-x-1/2 translate-x-3',
      'sm:hover:px-2 hover:sm:px-4 sm:hover:p-0',
      'unknown-class p-2 unknown-class p-3',
      '  p-2   px-3 ',
      '',
    ]) {
      expect(cn(classes), classes).toBe(twMerge(classes));
    }
  });

  // The overrides the screens pass, spelled out.
  it.each([
    // Card's gap and padding by a dashboard tile
    [
      'flex flex-col gap-4 rounded-xl border bg-card py-5 text-card-foreground shadow-sm',
      'h-full gap-1 px-4 py-3 transition-colors',
      'flex flex-col rounded-xl border bg-card text-card-foreground shadow-sm h-full gap-1 px-4 py-3 transition-colors',
    ],
    // The sign-in page's "Forgot password?" link button
    ['h-9 px-4 py-2 text-sm', 'h-auto p-0 text-sm', 'h-auto p-0 text-sm'],
    // A smaller title drops the larger one's line height, as in tailwind-merge
    ['text-lg leading-none font-semibold', 'text-base', 'font-semibold text-base'],
    // The mini sidebar's entries
    ['flex items-center gap-3 px-3 py-2', 'justify-center px-0', 'flex items-center gap-3 py-2 justify-center px-0'],
    // A wider dialog at a breakpoint, a column shown only there, a select's width
    ['max-w-[calc(100%-2rem)] sm:max-w-lg', 'sm:max-w-md', 'max-w-[calc(100%-2rem)] sm:max-w-md'],
    [
      'p-2 align-middle whitespace-nowrap',
      'hidden whitespace-normal lg:table-cell',
      'p-2 align-middle hidden whitespace-normal lg:table-cell',
    ],
    ['flex h-9 w-full items-center', 'w-full sm:w-72', 'flex h-9 items-center w-full sm:w-72'],
    // A colour with opacity over a plain one, and one under a variant
    [
      'bg-primary hover:bg-primary-hover',
      'bg-destructive/10 hover:bg-destructive/5',
      'bg-destructive/10 hover:bg-destructive/5',
    ],
    // Spinner size, text colour beside font size
    ['size-4 animate-spin', 'size-6 text-primary', 'animate-spin size-6 text-primary'],
    ['text-sm text-muted-foreground', 'text-xs text-destructive', 'text-xs text-destructive'],
  ])('cn(%j, %j) is %j', (base, override, merged) => {
    expect(cn(base, override)).toBe(merged);
    expect(twMerge(base, override)).toBe(merged);
  });
});
