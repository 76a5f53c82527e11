import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The app's layers (README, Layout): a feature imports only the shared layers, never another
// feature; the shared layers import no feature; routes/ and layout/ (the shell, whose page frame the
// shared layers use) compose features. No import cycles anywhere.
const features = readdirSync(new URL('./src/app/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const sharedLayers = ['bench', 'scan', 'scan-check-in', 'labels', 'components', 'lib', 'offline'].map(
  (layer) => `./src/app/${layer}`,
);

/** The server's layers, top first: each may import only itself and the layers after it. */
const serverLayers = ['routes', 'http', 'services', 'db'];
/** The modules that assemble the layers into the running server; no layer imports them. */
const serverEntries = ['./src/server/app.ts', './src/server/server.ts', './src/server/main.ts'];

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'dist-*/**',
      '.tmp/**',
      'data/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'node_modules/**',
      'src/app/routeTree.gen.ts',
      'src/shared/api-types.ts',
      'src/server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}', 'sw/**/*.ts', 'tests/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    files: ['sw/**/*.ts'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Tests poke at raw answers, and `useTestApp` is a vitest fixture, not a React hook.
    files: ['tests/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    // A promise nobody awaits loses its error: in the app and the service worker that is a silent
    // failure of a bench action, so every promise is awaited, returned or explicitly voided.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: { '@typescript-eslint/no-floating-promises': 'error' },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/app/features/${feature}`,
              from: './src/app/features',
              except: [`./${feature}`],
              message: 'A feature imports shared layers only; compose features in routes/ or layout/.',
            })),
            {
              target: sharedLayers,
              from: ['./src/app/features', './src/app/routes'],
              message: 'A shared layer imports no feature or route.',
            },
            { target: './src/shared', from: ['./src/app', './src/server', './sw'], message: 'shared/ is pure.' },
            // The server reads the app's words and its languages (pure modules, no browser) to write
            // report files in the requester's language; nothing else of the app (dates are shared/).
            { target: './src/server', from: './src/app', except: ['./locales', './lib/language.ts'] },
            { target: './src/server', from: './sw' },
            // The server's layers point one way: routes → http → services → db. A module imports its own
            // layer or one below, never one above (app.ts, server.ts and main.ts assemble the layers).
            ...serverLayers.map((layer, index) => ({
              target: `./src/server/${layer}`,
              from: [...serverLayers.slice(0, index).map((above) => `./src/server/${above}`), ...serverEntries],
              message: `src/server/${layer} imports only its own layer and those below it (${serverLayers.slice(index + 1).join(', ') || 'none'}).`,
            })),
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Toasts come through lib/toast (a screen) or lib/toast-later (code that runs at start), so the
    // sign-in page and the order form start without sonner and the app's Toaster mounts when a toast
    // is first wanted; dates through lib/dates, which keeps dayjs in the user's language and out of
    // the start (README "Performance").
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: [
      'src/app/lib/toast.ts',
      'src/app/lib/toast-later.ts',
      'src/app/layout/app-toaster.tsx',
      'src/app/lib/dates.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'sonner', message: "Import toast from '@/app/lib/toast' (or toastLater at start)." },
            { name: 'dayjs', message: "Import dayjs from '@/app/lib/dates': its locale follows the language." },
          ],
        },
      ],
    },
  },
  {
    // The server logs through pino and the app has no console output; scripts, benches and tests may print.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
);
