/**
 * The staff screens' start in a few chunks (docs/performance.md). A signed-in list starts
 * with the staff layout (header, menu, dialogs, the Radix parts they use) and the list's own modules:
 * left to Rolldown, they come as some seventy small scripts, one per set of routes that shares them,
 * and on a phone each costs a round trip before the first paint.
 *
 * Here every module the staff layout or the bookings list reaches statically is named after the
 * public screens that reach it too. Modules that no public screen needs make one chunk; a module the
 * sign-in page also needs goes with the others the sign-in page needs, and so on: a public screen
 * still fetches only modules it uses, so what it starts with does not grow
 * (tests/e2e/screens/start-budget.spec.ts).
 */
import type { CodeSplittingNameFunction } from 'rolldown';
import { barrelExports, namesImported } from './barrels.ts';

const ROUTES = '/src/app/routes/';
const component = (route: string) => `${ROUTES}${route}.tsx?tsr-split=component`;

/** What the staff layout and the bookings list start with (their route chunks). */
const STAFF_START = [
  component('_authenticated'),
  component('_authenticated/bookings/index'),
  `${ROUTES}_authenticated/bookings/index.tsx?tsr-split=loader`,
];

/** Every screen opened without the staff layout, each with the route chunks it starts with. */
const OTHER_STARTS: Record<string, string[]> = {
  'sign-in': [component('_guest'), component('_guest/auth/login')],
  'order-form': [component('booking/isotope-submittal-form')],
  certificate: [component('certificate/$token')],
  guidelines: [component('guidelines')],
  'reset-password': [component('auth/reset-password')],
  'third-lab': [component('_thirdlab'), component('_thirdlab/thirdlab-samples')],
};

type ModuleGraph = Parameters<CodeSplittingNameFunction>[1];

/** The modules of the build that are these route chunks (a route chunk's id ends as above). */
const routeChunks = (roots: string[], all: Set<string>) =>
  [...all].filter((id) => roots.some((root) => id.endsWith(root)));

/**
 * The modules `starts` reach through static imports. Through a package's barrel (`radix-ui`,
 * `lucide-react`: a file of re-exports) only to the modules whose names the importer takes: the rest
 * of the barrel is shaken off, and reaching it would tie every icon and Radix part to every screen.
 */
function reachedFrom(starts: string[], graph: ModuleGraph): Set<string> {
  const reached = new Set<string>();
  const pending = [...starts];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    const info = graph.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      const barrel = barrelOf(imported, graph);
      const names = barrel && namesImported(info?.code ?? '', (specifier) => resolves(specifier, id, imported));
      if (barrel && names) pending.push(...names.flatMap((name) => barrel.get(name) ?? barrel.get('*') ?? []));
      else pending.push(imported);
    }
  }
  return reached;
}

const barrels = new Map<string, Map<string, string[]> | null>();

/** A barrel's exported names and the modules they come from, or null for any other module. */
function barrelOf(id: string, graph: ModuleGraph): Map<string, string[]> | null {
  if (barrels.has(id)) return barrels.get(id) ?? null;
  const info = graph.getModuleInfo(id);
  const written = id.includes('/node_modules/') && info ? barrelExports(info.code ?? '') : null;
  const exported =
    written &&
    new Map(
      [...written].map(([name, from]) => [
        name,
        from.flatMap((specifier) => info!.importedIds.filter((imported) => resolves(specifier, id, imported))),
      ]),
    );
  barrels.set(id, exported);
  return exported;
}

/** Whether `specifier`, written in `from`, names the module `id`. */
function resolves(specifier: string, from: string, id: string): boolean {
  const file = id.split('?')[0] ?? id;
  if (specifier.startsWith('.')) {
    const target = new URL(specifier, `file://${from}`).pathname;
    return file === target || file.replace(/\.[cm]?[jt]sx?$/, '') === target.replace(/\.[cm]?[jt]sx?$/, '');
  }
  return file.includes(`/node_modules/${specifier}/`);
}

/**
 * A `codeSplitting` group's `name`: `staff` for the modules only staff screens use, `staff+sign-in`
 * and the like for those a public screen shares, null (Rolldown's own chunking) for the rest.
 */
export function staffStartChunks(): CodeSplittingNameFunction {
  let names: Map<string, string> | undefined;
  return (id, graph) => {
    // Rolldown asks for every module, the graph complete, before it builds any chunk.
    names ??= namesOf(graph, id);
    return names.get(id) ?? null;
  };
}

function namesOf(graph: ModuleGraph, someId: string): Map<string, string> {
  const all = allModules(graph, someId);
  const staff = reachedFrom(routeChunks(STAFF_START, all), graph);
  const others = Object.entries(OTHER_STARTS).map(
    ([name, roots]) => [name, reachedFrom(routeChunks(roots, all), graph)] as const,
  );
  const sharersOf = new Map<string, string[]>();
  for (const id of staff)
    sharersOf.set(
      id,
      others.filter(([, reached]) => reached.has(id)).map(([name]) => name),
    );
  // What the entry reaches is mostly in its own chunk (the `start` group), whatever it is named here.
  const entry = reachedFrom(
    [...all].filter((id) => graph.getModuleInfo(id)?.isEntry),
    graph,
  );
  const merged = mergeSmall(sharersOf, (id) => (entry.has(id) ? 0 : (graph.getModuleInfo(id)?.code?.length ?? 0)));
  return new Map(
    [...sharersOf].map(([id, sharers]) => [id, ['staff', ...(merged.get(sharers.join('+')) ?? sharers)].join('+')]),
  );
}

/**
 * A set of modules smaller than this (source characters, before minifying: about 1.5 kB gzipped)
 * goes with the set whose screens include all of its own and the fewest others (then the smallest):
 * a round trip costs a phone more than a kilobyte does. Never into one the sign-in page or the order
 * form would then fetch, whose start is held to a budget.
 */
const SMALL = 6000;
const HELD_TO_A_BUDGET = ['sign-in', 'order-form'];

function mergeSmall(sharersOf: Map<string, string[]>, sizeOf: (id: string) => number): Map<string, string[]> {
  const sizes = new Map<string, { sharers: string[]; size: number }>();
  for (const [id, sharers] of sharersOf) {
    const key = sharers.join('+');
    const entry = sizes.get(key) ?? { sharers, size: 0 };
    entry.size += sizeOf(id);
    sizes.set(key, entry);
  }
  const into = new Map<string, string[]>();
  for (const [key, { sharers, size }] of [...sizes].sort((a, b) => a[1].size - b[1].size)) {
    if (size >= SMALL) continue;
    const target = [...sizes]
      .filter(
        ([other, set]) => other !== key && !into.has(other) && sharers.every((name) => set.sharers.includes(name)),
      )
      .map(([, set]) => ({ set, extra: set.sharers.filter((name) => !sharers.includes(name)) }))
      .filter(({ extra }) => !extra.some((name) => HELD_TO_A_BUDGET.includes(name)))
      .sort((a, b) => a.extra.length - b.extra.length || a.set.size - b.set.size)[0]?.set;
    if (!target) continue;
    into.set(key, target.sharers);
    target.size += size;
  }
  // A set merged into one that was merged in turn follows it.
  for (const [key, sharers] of into) {
    let last = sharers;
    for (let next = into.get(last.join('+')); next; next = into.get(last.join('+'))) last = next;
    into.set(key, last);
  }
  return into;
}

/** Every module of the build: those reachable from one module through any import or importer. */
function allModules(graph: ModuleGraph, someId: string): Set<string> {
  const seen = new Set<string>();
  const pending = [someId];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    if (!info) continue;
    pending.push(...info.importedIds, ...info.dynamicallyImportedIds, ...info.importers, ...info.dynamicImporters);
  }
  return seen;
}
