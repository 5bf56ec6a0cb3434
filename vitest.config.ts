import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** Files that run only against the PostgreSQL server (they kill it, end its connections, time out on it). */
const SERVER_ONLY = 'apps/api/test/**/*.server.test.ts';

/**
 * API files whose outcome depends on the database engine under them: migrations, the driver's
 * errors, the job queue, locking under contention, the search statements, the demo data and how
 * a test database is chosen. CI runs the whole API suite on the PostgreSQL server and these
 * again on the embedded database; `npm test` runs everything but SERVER_ONLY on the embedded one.
 */
const ENGINE_DEPENDENT = [
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

/**
 * The longest files, longest first: the server's crash and connection tests and the CLI and
 * start tests wait on child processes, the generated suites send thousands of requests from
 * files of three lines. Vitest starts larger files first and one project after another, so
 * these started last and one worker ran alone at the end (decision 056).
 */
const LONG_FILES = [
  /crash-safety\.server/,
  /seed-start/,
  /authorization-matrix-\d/,
  /bad-input-\d/,
  /announcement-crash\.server/,
  /\/seed\.test/,
  /search-plan/,
  /registrations-contention/,
  /admin-cli/,
  /database-connection-loss\.server/,
  /shutdown/,
  /\.server\.test/,
];

/** Starts the long files first, across projects, so the short ones fill the cores around them. */
class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((pattern) => pattern.test(file.moduleId));
      return index === -1 ? LONG_FILES.length : index;
    };
    // A stable sort: within a rank the files keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}

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
    sequence: { sequencer: LongFilesFirst },
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
