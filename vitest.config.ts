import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const alias = { '@': fileURLToPath(new URL('./src', import.meta.url)) };

// The server suite runs on embedded PGlite, and once more on PostgreSQL when TEST_DATABASE_URL is set.
const serverProject = (name: string, db: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name,
    include: ['tests/server/**/*.test.ts', 'tests/shared/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    projects: [
      serverProject('server', 'pglite'),
      ...(process.env.TEST_DATABASE_URL
        ? [
            serverProject('server-postgres', 'postgres'),
            // Races across two API instances: only a real PostgreSQL server can show them.
            {
              resolve: { alias },
              test: {
                name: 'concurrency-postgres',
                include: ['tests/concurrency/**/*.test.ts'],
                environment: 'node',
                testTimeout: 60_000,
                hookTimeout: 120_000,
              },
            },
          ]
        : []),
      {
        resolve: { alias },
        test: {
          name: 'app',
          include: ['tests/app/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/app/setup.ts'],
          testTimeout: 15_000,
        },
      },
    ],
  },
});
