import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** Files that run only against the PostgreSQL server (they kill it, end its connections, time out on it). */
const SERVER_ONLY = 'apps/api/test/**/*.server.test.ts';

/**
 * API files whose outcome depends on the database engine under them: migrations, the driver's
 * errors, the job queue, locking under contention, the search statements, the demo data and how
 * a test database is chosen. CI runs the whole API suite on the PostgreSQL server and these
 * again on the embedded database; `npm test` runs everything but SERVER_ONLY on the embedded one.
 */
const ENGINE_DEPENDENT = [
  'children-sizes-migration',
  'errors',
  'issued-records-migration',
  'jobs',
  'registrations-contention',
  'search-plan',
  'seed',
  'sessions-migration',
  'test-database',
  'test-processor-schema-migration',
  'time-zones-migration',
].map((name) => `apps/api/test/${name}.test.ts`);

const api = {
  environment: 'node',
  setupFiles: ['./apps/api/test/setup.ts'],
  globalSetup: ['./apps/api/test/global-setup.ts'],
  // Each file migrates its own database (and one file starts the real server twice),
  // so hooks get far longer than unit tests would need.
  testTimeout: 30_000,
  hookTimeout: 60_000,
  pool: 'forks',
  fileParallelism: true,
  // Each file builds its own app on its own database, so a worker need not load the app's
  // modules again for every file: importing them was a third of the suite's time.
  isolate: false,
} as const;

export default defineConfig({
  test: {
    // Every core: a file waits on its database, its child processes or its timers for much of
    // its time, so on two cores two workers finish the API suite well before one (decision 056).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'contract',
          include: ['packages/contract/test/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/test/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      { test: { ...api, name: 'api', include: ['apps/api/test/**/*.test.ts'], exclude: [SERVER_ONLY] } },
      { test: { ...api, name: 'api-server', include: [SERVER_ONLY] } },
      { test: { ...api, name: 'api-engine', include: ENGINE_DEPENDENT } },
    ],
  },
});
