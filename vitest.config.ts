import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
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
      {
        test: {
          name: 'api',
          include: ['apps/api/test/**/*.test.ts'],
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
        },
      },
    ],
  },
});
