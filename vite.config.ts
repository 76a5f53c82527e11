import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { staffStartChunks } from './scripts/staff-chunks.ts';

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
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      injectRegister: false,
      registerType: 'prompt',
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
      },
      includeAssets: ['favicon.svg', 'apple-touch-icon.png'],
      manifest: {
        name: 'Isotope Lab',
        short_name: 'Isotope Lab',
        description: 'Sample and order management for the isotope (origin) testing laboratory',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#0f766e',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
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
