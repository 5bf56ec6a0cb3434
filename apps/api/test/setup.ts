import { afterAll, afterEach, beforeEach, type MockInstance, vi } from 'vitest';
import { closeTestResources, testDatabaseBaseUrl } from './helper.ts';

// Refuse the whole run, before any test touches a database, when DATABASE_URL is not a test one.
testDatabaseBaseUrl();

// An error printed to the console is a failure nobody asserted on, so it fails the test.
let consoleError: MockInstance<typeof console.error> | null = null;
let printed: string[] = [];

beforeEach(() => {
  printed = [];
  const original = console.error.bind(console);
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    printed.push(args.map((arg) => (arg instanceof Error ? arg.stack : String(arg))).join(' '));
    original(...args);
  });
});

afterEach(() => {
  consoleError?.mockRestore();
  consoleError = null;
  if (printed.length > 0) {
    throw new Error(`console.error was called during the test:\n${printed.join('\n')}`);
  }
});

afterAll(async () => {
  await closeTestResources();
});
