import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The app's tables, and the built-in test processor's in a PostgreSQL schema of their own.
  schema: ['./src/db/schema.ts', './src/platform/payments/test-processor/schema.ts'],
  out: './src/db/migrations',
});
