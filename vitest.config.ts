import { availableParallelism } from 'node:os';
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
    env: { TEST_DB: db, ORIGIN_MODEL_PREPARATION: 'off' },
    // PostgreSQL's worker databases are dropped when the run ends.
    globalSetup: db === 'postgres' ? ['tests/server/support/test-databases.ts'] : [],
    // The files share their worker's process: the server's modules are imported and the worker's
    // database opened once per worker, not once per file (support/test-app.ts empties and seeds it
    // before every test). Each file builds its own app, so nothing else carries over.
    isolate: false,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker fewer than the cores: one on a two-core CI machine. The
    // files spend most of their time waiting on a database (PGlite's own thread, or PostgreSQL), so two
    // at a time keep both cores busy and nearly halve the suite's time there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
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
