import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The app's layers (docs/architecture.md), top first: each imports only its own layer and the layers
// after it. routes/ are the addresses; shell/ is what surrounds every screen (header, sidebar, user
// menu, the staff and third-lab layouts, the toaster, the not-found page) and composes features; a
// feature imports no other feature. Below them what several screens share: scanning a tray checks
// samples in at a bench, a bench prints labels, the scanner reads a code; then components/ (how a
// screen looks: its frame, fields, lists), offline/ (the device's copy of the lists and the outbox)
// and lib/ (the session, the server's client, the words, what the start fetches later). No import
// cycles anywhere.
const features = readdirSync(new URL('./src/app/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const appLayers = [
  'routes',
  'shell',
  'features',
  'scan-check-in',
  'bench',
  'labels',
  'scan',
  'components',
  'offline',
  'lib',
];
/** The app's entry, which starts it, and its router, whose context type only the root route reads. */
const appEntry = './src/app/main.tsx';
const appRouter = './src/app/router.tsx';

// Dates reach people one way: through shared/display-date.ts, `D MMMM YYYY`
// with HH:mm for a moment, in the user's language. The browser's own date words (locale strings,
// Intl.DateTimeFormat's format, a dayjs pattern with month words or AM/PM) would show another form
// ("11/27/2026, 11:17:11 PM"), so only that module may use them. `toLocaleString` is refused on a
// Date only (numbers may use it), which needs the type checker, hence this small rule.
const DATE_RULE_MESSAGE = 'Show a date through @/shared/display-date (formatDisplayDate, formatMoment, ...).';
const dateLocaleString = {
  meta: { type: 'problem', schema: [], messages: { date: `A Date's toLocaleString. ${DATE_RULE_MESSAGE}` } },
  create(context) {
    const services = context.sourceCode.parserServices;
    const checker = services?.program?.getTypeChecker();
    if (!checker) return {};
    return {
      "MemberExpression[property.name='toLocaleString']"(node) {
        const type = checker.getTypeAtLocation(services.esTreeNodeToTSNodeMap.get(node.object));
        const names = (type.isUnion() ? type.types : [type]).map((part) => part.getSymbol()?.getName());
        if (names.includes('Date')) context.report({ node, messageId: 'date' });
      },
    };
  },
};
/** The server's layers, top first: each may import only itself and the layers after it. */
const appRestrictedImports = [
  { name: 'sonner', message: "Import toast from '@/app/lib/toast' (or toastLater at start)." },
  { name: 'dayjs', message: "Import dayjs from '@/app/lib/words/dates': its locale follows the language." },
];
const serverLayers = ['routes', 'http', 'services', 'auth', 'db'];
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
              message: 'A feature imports no other feature; compose features in routes/ or shell/.',
            })),
            // The app's layers point one way: routes → shell → features → scan-check-in → bench → labels
            // → scan → components → offline → lib. A module imports its own layer or one after it.
            ...appLayers.map((layer, index) => ({
              target: `./src/app/${layer}`,
              from: [
                ...appLayers.slice(0, index).map((above) => `./src/app/${above}`),
                appEntry,
                ...(layer === 'routes' ? [] : [appRouter]),
              ],
              message: `src/app/${layer} imports only its own layer and those after it (${appLayers.slice(index + 1).join(', ') || 'none'}).`,
            })),
            { target: './src/shared', from: ['./src/app', './src/server', './sw'], message: 'shared/ is pure.' },
            // The words and the languages are shared/ (locales/, language.ts): the server writes its
            // documents and mails from them and imports nothing of the app.
            { target: './src/server', from: './src/app' },
            { target: './src/server', from: './sw' },
            // The server's layers point one way: routes → http → services → auth → db (auth: the
            // credentials, i.e. tokens, passwords, devices and client links; the guards that read them
            // off a request are http's). A module imports its own layer or one below, never one above
            // (app.ts, server.ts and main.ts assemble the layers).
            ...serverLayers.map((layer, index) => ({
              target: `./src/server/${layer}`,
              from: [...serverLayers.slice(0, index).map((above) => `./src/server/${above}`), ...serverEntries],
              message: `src/server/${layer} imports only its own layer and those below it (${serverLayers.slice(index + 1).join(', ') || 'none'}).`,
            })),
            // The documents room turns data into bytes and bytes into data (PDF, spreadsheet, zip): it
            // reads no database and no other room, so any service, job or worker can use it.
            ...[{ from: './src/server/db' }, { from: './src/server/services', except: ['./documents'] }].map(
              (zone) => ({
                ...zone,
                target: './src/server/services/documents',
                message: 'services/documents reads no database and no other room of the services.',
              }),
            ),
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // Toasts come through lib/toast (a screen) or lib/toast-later (code that runs at start), so the
    // sign-in page and the order form start without sonner and the app's Toaster mounts when a toast
    // is first wanted; dates through lib/words/dates, which keeps dayjs in the user's language and out of
    // the start (README "Performance").
    files: ['src/app/**/*.{ts,tsx}'],
    ignores: [
      'src/app/lib/toast.ts',
      'src/app/lib/toast-later.ts',
      'src/app/shell/app-toaster.tsx',
      'src/app/lib/words/dates.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: appRestrictedImports,
        },
      ],
    },
  },
  {
    // Route options (search checks above all) are in the start chunk every page loads: zod there puts
    // all of zod in front of the sign-in page and the order form. A route checks its search by hand.
    files: ['src/app/routes/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...appRestrictedImports,
            {
              name: 'zod',
              message: 'Check a route search with a plain function: route options start with every page.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/shared/display-date.ts'],
    plugins: { dates: { rules: { 'no-date-locale-string': dateLocaleString } } },
    rules: {
      'dates/no-date-locale-string': 'error',
      'no-restricted-properties': [
        'error',
        { property: 'toLocaleDateString', message: DATE_RULE_MESSAGE },
        { property: 'toLocaleTimeString', message: DATE_RULE_MESSAGE },
      ],
      'no-restricted-syntax': [
        'error',
        {
          // new Intl.DateTimeFormat(...).format(...) / .formatToParts / .formatRange: the browser's
          // date form. Asking it for the time zone (resolvedOptions) stays allowed.
          selector:
            "CallExpression[callee.property.name=/^format(ToParts|Range|RangeToParts)?$/][callee.object.callee.property.name='DateTimeFormat']",
          message: DATE_RULE_MESSAGE,
        },
        {
          // dayjs(...).format('MMMM D, YYYY'), 'LL', 'h:mm A': month words, localized forms or AM/PM.
          selector: "CallExpression[callee.property.name='format'] > Literal[value=/MMMM|\\b[Aa]\\b|\\b[Ll]{1,4}\\b/]",
          message: DATE_RULE_MESSAGE,
        },
      ],
    },
  },
  {
    // One home per concept: a hand-written module past 350 lines holds more than one area, so it is
    // split along its seams (the generated route tree and API types are ignored above).
    files: ['src/**/*.{ts,tsx,mjs}', 'sw/**/*.ts'],
    rules: { 'max-lines': ['error', { max: 350, skipBlankLines: false, skipComments: false }] },
  },
  {
    // The server logs through pino and the app has no console output; scripts, benches and tests may print.
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    rules: { 'no-console': 'error' },
  },
);
