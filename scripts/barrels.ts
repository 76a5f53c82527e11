/**
 * A package's barrel read from its code: a file of re-exports (`lucide-react`, `radix-ui`), whose
 * importers take a few names and leave the rest to be shaken off. The build reads barrels to know
 * which modules a screen's imports really reach (scripts/staff-chunks.ts) and which icon files the
 * order form draws (vite.config.ts).
 */

const IMPORT = /\bimport\s*(?:\{([^}]*)\}|\*\s*as\s+([\w$]+))\s*from\s*['"]([^'"]+)['"]/g;
const EXPORT_FROM = /\bexport\s*(?:\{([^}]*)\}|\*\s*as\s+([\w$]+)|(\*))\s*from\s*['"]([^'"]+)['"]/g;
const EXPORT_LOCAL = /\bexport\s*\{([^}]*)\}\s*(?:;|$)/gm;
const STATEMENTS =
  /\b(?:import|export)\s*(?:\{[^}]*\}|\*(?:\s*as\s+[\w$]+)?|[\w$]+)\s*(?:from\s*['"][^'"]+['"])?\s*;?/g;

/** `a as b, c` → [[a, b], [c, c]]. */
const specifiers = (list: string) =>
  list
    .split(',')
    .map((part) => part.trim().split(/\s+as\s+/))
    .filter(([name]) => name)
    .map(([name, as]) => [name, as ?? name] as [string, string]);

/**
 * A barrel's exported names, each with the specifiers (as written) of the modules it comes from, and
 * `*` for those of `export * from`; null when the code is more than imports and exports.
 */
export function barrelExports(code: string): Map<string, string[]> | null {
  const bare = code.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '').replace(/['"]use strict['"];?/, '');
  if (bare.trim() === '' || bare.replace(STATEMENTS, '').trim() !== '') return null;
  const exported = new Map<string, string[]>();
  const locals = new Map<string, string[]>();
  for (const [, list, star, from = ''] of bare.matchAll(IMPORT)) {
    if (star) locals.set(star, [from]);
    else for (const [, as] of specifiers(list ?? '')) locals.set(as, [from]);
  }
  for (const [, list] of bare.matchAll(EXPORT_LOCAL))
    for (const [name, as] of specifiers(list ?? '')) exported.set(as, locals.get(name) ?? []);
  for (const [, list, namespace, all, from = ''] of bare.matchAll(EXPORT_FROM)) {
    if (list) for (const [, as] of specifiers(list)) exported.set(as, [from]);
    else if (namespace) exported.set(namespace, [from]);
    else if (all) exported.set('*', [...(exported.get('*') ?? []), from]);
  }
  return exported;
}

/**
 * The names `code` imports from a module whose specifier `fromIt` accepts, or null when it takes
 * them all (`import * as`) or does not import from it.
 */
export function namesImported(code: string, fromIt: (specifier: string) => boolean): string[] | null {
  const names: string[] = [];
  let found = false;
  for (const [, list, star, from] of code.matchAll(IMPORT)) {
    if (!fromIt(from ?? '')) continue;
    if (star) return null;
    found = true;
    names.push(...specifiers(list ?? '').map(([name]) => name));
  }
  return found ? names : null;
}
