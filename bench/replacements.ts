/**
 * The two hand-written replacements of a library the public pages start with, each weighed against
 * the library it replaces (minified, gzipped, as the browser downloads them), in the same run:
 * `cn` (components/ui/cn.ts) against clsx + tailwind-merge, and the order form's state
 * (lib/form-state.ts) against react-hook-form. A replacement stays only while this shows it saves.
 */
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import type { BenchRow } from './run.ts';

const root = path.resolve(import.meta.dirname, '..');

/** The gzipped size (kB) of what `source` pulls in, bundled and minified; React and the app's texts stay outside. */
async function weigh(source: string): Promise<number> {
  const result = await build({
    stdin: { contents: source, resolveDir: root, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    alias: { '@': path.join(root, 'src') },
    external: ['react', 'react-dom', 'zod'],
    plugins: [
      {
        // The app's texts come with every page either way: not part of what the form state weighs.
        name: 'texts-outside',
        setup(bundle) {
          bundle.onResolve({ filter: /^@\/app\/lib\/i18n$/ }, (args) => ({ path: args.path, external: true }));
        },
      },
    ],
    logLevel: 'error',
  });
  return gzipSync(result.outputFiles[0]!.contents, { level: 9 }).length / 1024;
}

export async function replacementRows(): Promise<BenchRow[]> {
  const [cn, twMerge, formState, hookForm] = await Promise.all([
    weigh("export { cn } from './src/app/components/ui/cn.ts';"),
    weigh(
      "import { clsx } from 'clsx'; import { twMerge } from 'tailwind-merge';\n" +
        'export const cn = (...inputs) => twMerge(clsx(inputs));',
    ),
    weigh("export * from './src/app/lib/form-state.ts';"),
    weigh("export { useForm, useFieldArray, useWatch } from 'react-hook-form';"),
  ]);
  return [
    {
      name: 'class merge: cn.ts, gzip',
      baseline: { label: 'clsx + tailwind-merge', value: twMerge },
      value: cn,
      unit: 'kB',
      targetRatio: 0.5,
    },
    {
      name: "order form's state: form-state.ts, gzip",
      baseline: { label: 'react-hook-form', value: hookForm },
      value: formState,
      unit: 'kB',
      targetRatio: 0.5,
    },
  ];
}
