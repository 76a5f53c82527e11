import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { barrelExports, namesImported } from './scripts/barrels.ts';
import { firstPagePreload } from './scripts/first-page-preload.ts';
import { staffStartChunks } from './scripts/staff-chunks.ts';

/** The order form's own modules (README "Performance"); the booking queries stay out (the staff lists load them). */
const ORDER_FORM_MODULES =
  /src[\\/]app[\\/](features[\\/]bookings[\\/](submittal-form-page|submittal-guide|quick-fill-panel|booking-form|booking-form-fields|booking-party-sections|booking-sample-section|booking-review-section|booking-parties|first-error|loading-overlay)|lib[\\/]later|routes[\\/]booking[\\/]isotope-submittal-form|components[\\/]ui[\\/](date-picker|checkbox))\.tsx?($|\?)/;

/** The modules both public pages start with (README "Performance"), beyond the start chunk. */
const PUBLIC_PAGE_MODULES = [
  /src[\\/]app[\\/](lib[\\/](on-demand|form-state)|components[\\/](brand|ui[\\/](form-field|input|label)|language[\\/]language-(switch|button)))\.tsx?$/,
  /node_modules[\\/]@radix-ui[\\/]react-(primitive|label)[\\/]/,
  /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]languages\.mjs$/,
  /node_modules[\\/]@tanstack[\\/](react-query[\\/]build[\\/]modern[\\/]useMutation|query-core[\\/]build[\\/]modern[\\/]mutationObserver)\.js$/,
];

/**
 * The lucide icon modules the order form's own modules import. They import them by name from the
 * package, whose index re-exports each icon file under several names (read as any barrel is,
 * scripts/barrels.ts).
 */
function orderFormIcons(): (id: string) => boolean {
  const lucide = fileURLToPath(new URL('./node_modules/lucide-react/dist/esm/', import.meta.url));
  const icons = barrelExports(readFileSync(path.join(lucide, 'lucide-react.mjs'), 'utf8'));
  if (!icons) throw new Error('orderFormIcons: lucide-react is no longer a barrel');
  const src = fileURLToPath(new URL('./src', import.meta.url));
  const files = new Set<string>();
  for (const entry of readdirSync(src, { recursive: true, encoding: 'utf8' })) {
    const file = path.join(src, entry);
    if (!ORDER_FORM_MODULES.test(file)) continue;
    for (const name of namesImported(readFileSync(file, 'utf8'), (from) => from === 'lucide-react') ?? [])
      for (const specifier of icons.get(name) ?? []) files.add(path.basename(specifier));
  }
  return (id) =>
    /node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(id) && files.has(path.basename(id));
}

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  plugins: [
    // The router plugin must run before React's so the route files are code-split.
    tanstackRouter({
      target: 'react',
      routesDirectory: './src/app/routes',
      generatedRouteTree: './src/app/routeTree.gen.ts',
      autoCodeSplitting: true,
      // Loaders are split off too: they import a screen's queries (and so the API client and its
      // schemas), which the sign-in page and the order form must not pay for at start.
      codeSplittingOptions: {
        defaultBehavior: [['loader'], ['component'], ['pendingComponent'], ['errorComponent'], ['notFoundComponent']],
      },
    }),
    react(),
    tailwindcss(),
    // The first page's route chunks and texts fetched from index.html beside the entry (README "Performance").
    firstPagePreload({
      routesDir: fileURLToPath(new URL('./src/app/routes', import.meta.url)),
      cataloguesDir: fileURLToPath(new URL('./src/app/lib/words/catalogues', import.meta.url)),
    }),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
      },
      includeAssets: ['apple-touch-icon.png'],
      // The web app manifest is public/manifest.webmanifest, linked once the first page is drawn
      // (`linkWebManifest`, features/pwa/install-prompt.ts): linked from index.html, the manifest and its icon were two more
      // requests before the first paint, which installing the app does not need.
      manifest: false,
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies of every text file, made once here; the server sends the one the browser
    // accepts (src/server/static.ts). Below 1 kB the framing costs more than it saves.
    compression({
      include: /\.(html|css|js|mjs|json|svg|webmanifest|txt)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: process.env.BUILD_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    sourcemap: process.env.BUILD_SOURCEMAP === '1',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry needs in one chunk: dozens of small scripts cost more on a phone
            // than their bytes (a request each), and the split ones all load at start anyway.
            { name: 'start', tags: ['$initial'] },
            // What both public pages (sign-in, order form) draw beside their own: the fields' parts, the
            // brand, the language switch and the mutation hook, one chunk instead of ten small ones. Only modules the
            // sign-in page starts with, so it pays nothing for them.
            {
              name: 'public-pages',
              test: (id) => PUBLIC_PAGE_MODULES.some((modules) => modules.test(id)),
              includeDependenciesRecursively: false,
            },
            // The public order form's own modules in one chunk: as a dozen small scripts they cost
            // a request each and compress worse (each its own gzip stream, with its hashed imports and
            // exports). Only modules no other page starts with: the sign-in page must not pay for them.
            { name: 'order-form', test: ORDER_FORM_MODULES, includeDependenciesRecursively: false },
            // And the icons it draws, in one chunk of their own: as single icons they are a dozen more
            // requests. A staff screen that shares one of them loads this small chunk, not the form.
            { name: 'order-form-icons', test: orderFormIcons(), includeDependenciesRecursively: false },
            // The staff layout and the bookings list in a few chunks, without growing a public
            // screen's start (scripts/staff-chunks.ts).
            { name: staffStartChunks(), debugName: 'staff', includeDependenciesRecursively: false },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
});
