// Adds up the JSON reports of the CI run's test suites and prints one closing line.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = process.argv[2];
const read = (name) => {
  const file = join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};

let passed = 0;
let failed = 0;
for (const name of ['vitest-pglite.json', 'vitest-postgres.json']) {
  const report = read(name);
  if (!report) throw new Error(`missing test report ${name}`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  console.info(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
}
const e2e = read('playwright.json');
if (!e2e) throw new Error('missing test report playwright.json');
const e2ePassed = e2e.stats.expected + e2e.stats.flaky;
passed += e2ePassed;
failed += e2e.stats.unexpected;
console.info(`playwright.json: ${e2ePassed} passed, ${e2e.stats.unexpected} failed`);
console.info(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
