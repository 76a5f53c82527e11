/**
 * The first page's code and texts fetched from `index.html`, beside the entry script
 * (docs/performance.md). Without it they wait for the entry: its download, then its run, which
 * asks for the matched routes' chunks and the page's texts (`fetchRouteCode`, `startTexts`); on a
 * phone that is a round trip and the entry's whole run before the first page's code is even asked
 * for, and the first paint waits for it.
 *
 * At build time this writes a small inline script at the top of `<head>` (before the stylesheet,
 * which would hold a script back until it is here): the chunks of every route file (each
 * `?tsr-split=` part and what it imports statically) by the paths they match, and each language's
 * text groups. In the browser it picks the route the path matches and the texts the page starts
 * with (the language chosen as `detectLanguage` does, the groups as `textGroupsFor` says) and adds
 * a `modulepreload` link for each of their files the entry does not bring. The app's own imports
 * then find them fetched or under way: a wrong guess costs bytes, never behaviour. The language and
 * the path are the app's own rules, their source written into the script (`chooseLanguage`,
 * `pagePath`): a change to either changes the preload too.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { OutputBundle, OutputChunk } from 'rolldown';
import type { Plugin } from 'vite';
import {
  filesOfGroups,
  groupsOfPage,
  LIGHT_PAGES,
  pagePath,
  TEXT_FILES,
  TEXT_GROUPS,
} from '../src/app/lib/words/catalogues/text-pages.ts';
import { chooseLanguage, LANGUAGE_KEY, LANGUAGES } from '../src/shared/language.ts';

type RouteFile = { file: string; pattern: string; params: number; layouts: string[] };

/**
 * Every leaf route file under `routesDir` with the regular expression its paths match and its
 * layout files (TanStack Router's file names: `_x` a pathless layout, `index` its folder's path,
 * `$id` a parameter, `$` the rest of the path, `(x)` a group; `x.tsx` beside a folder `x/` lays it out).
 */
function routeFiles(routesDir: string): RouteFile[] {
  const routes: RouteFile[] = [];
  const root = path.join(routesDir, '__root.tsx');
  const walk = (dir: string, segments: string[], layouts: string[]) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) {
        const layout = [`${full}.tsx`, `${full}.ts`].find((file) => exists(file));
        walk(full, [...segments, name], layout ? [...layouts, layout] : layouts);
        continue;
      }
      if (!/\.tsx?$/.test(name) || full === root) continue;
      const base = name.replace(/\.tsx?$/, '');
      if (exists(path.join(dir, base)) && statSync(path.join(dir, base)).isDirectory()) continue;
      let params = 0;
      const parts = [...segments, base]
        .filter(
          (segment, at, all) =>
            !segment.startsWith('_') && !/^\(.*\)$/.test(segment) && !(segment === 'index' && at === all.length - 1),
        )
        .map((segment) => {
          if (segment === '$') return ((params += 10), '.*');
          if (segment.startsWith('$')) return ((params += 1), '[^/]+');
          return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        });
      routes.push({ file: full, pattern: `^/${parts.join('/')}$`, params, layouts: [root, ...layouts] });
    }
  };
  walk(routesDir, [], []);
  // The router prefers a static path to a parameter, and a parameter to the rest of the path.
  return routes.sort((a, b) => a.params - b.params);
}

function exists(file: string) {
  try {
    statSync(file);
    return true;
  } catch {
    return false;
  }
}

const isChunk = (output: OutputBundle[string]): output is OutputChunk => output.type === 'chunk';

/** A chunk's file and every file it imports statically, at any depth. */
function withImports(bundle: OutputBundle, files: Iterable<string>): Set<string> {
  const reached = new Set<string>();
  const pending = [...files];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    const output = bundle[file];
    if (output && isChunk(output)) pending.push(...output.imports);
  }
  return reached;
}

/** The chunks holding any module whose id the test accepts. */
function chunksHolding(bundle: OutputBundle, test: (id: string) => boolean): string[] {
  return Object.values(bundle)
    .filter(isChunk)
    .filter((chunk) => chunk.moduleIds.some((id) => test(id.replaceAll('\\', '/'))))
    .map((chunk) => chunk.fileName);
}

export function firstPagePreload({ routesDir, cataloguesDir }: { routesDir: string; cataloguesDir: string }): Plugin {
  return {
    name: 'isotope:first-page-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const bundle = context.bundle;
        if (!bundle) return;
        const entries = Object.values(bundle)
          .filter(isChunk)
          .filter((chunk) => chunk.isEntry);
        const atStart = withImports(
          bundle,
          entries.map((chunk) => chunk.fileName),
        );
        const files: string[] = [];
        const placeOf = new Map<string, number>();
        /** Each file the entry does not bring, as its place in `files`. */
        const indexes = (chunks: Iterable<string>) =>
          [...withImports(bundle, chunks)]
            .filter((file) => !atStart.has(file))
            .sort()
            .map((file) => {
              let place = placeOf.get(file);
              if (place === undefined) placeOf.set(file, (place = files.push(file) - 1));
              return place;
            });
        const slashes = (file: string) => file.replaceAll('\\', '/');
        const routeCode = (file: string) => chunksHolding(bundle, (id) => id.startsWith(`${slashes(file)}?tsr-split=`));

        const routes = routeFiles(routesDir).map(({ file, pattern, layouts }) => [
          pattern,
          indexes([file, ...layouts].flatMap(routeCode)),
        ]);
        const texts = Object.fromEntries(
          LANGUAGES.map((language) => [
            language,
            Object.fromEntries(
              TEXT_FILES.map((file) => {
                const module = `${slashes(cataloguesDir)}/${language}-${file}.ts`;
                return [file, indexes(chunksHolding(bundle, (id) => id === module))];
              }),
            ),
          ]),
        );
        // Every chunk is a hashed `assets/*.js`: named without either.
        if (files.some((file) => !/^assets\/[^/]+\.js$/.test(file)))
          throw new Error('first-page-preload: a chunk not in assets/');
        const script = preloadScript({
          files: files.map((file) => file.slice('assets/'.length, -'.js'.length)),
          routes,
          texts,
          light: LIGHT_PAGES,
          groups: TEXT_GROUPS,
        });
        return [{ tag: 'script', children: script, injectTo: 'head-prepend' }];
      },
    },
  };
}

/** What the script is given: chunk names (`assets/<name>.js`), and routes and texts as their places there. */
export type PreloadData = {
  files: string[];
  routes: (string | number[])[][];
  texts: Record<string, Record<string, number[]>>;
  light: Record<string, readonly string[]>;
  groups: readonly string[];
};

/** The inline script: it adds a `modulepreload` link for each file the page at `location` starts with. */
export function preloadScript(data: PreloadData): string {
  // Kept small and old-fashioned: it runs before anything else on every first visit. Its three rules
  // (the path, the language, the page's text groups) are the app's functions as written: they name
  // nothing outside themselves.
  return `(function(d){
var p=(${pagePath.toString()})(location.pathname),l=(${chooseLanguage.toString()})(${JSON.stringify(LANGUAGES)},${JSON.stringify(LANGUAGE_KEY)}),w={},i,k;
(${filesOfGroups.toString()})((${groupsOfPage.toString()})(d.light,d.groups,p),d.groups).forEach(function(g){d.texts[l][g].forEach(function(f){w[f]=1})});
for(i=0;i<d.routes.length;i++)if(new RegExp(d.routes[i][0]).test(p)){d.routes[i][1].forEach(function(f){w[f]=1});break}
for(k in w){i=document.createElement('link');i.rel='modulepreload';i.crossOrigin='';i.href='/assets/'+d.files[k]+'.js';document.head.appendChild(i)}
})(${JSON.stringify(data)});`;
}
