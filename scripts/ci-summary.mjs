// The closing table of a CI run: each step's time, the test reports added up, and the 20
// slowest journeys and test files, so the next slowdown is found from data.
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const dir = process.argv[2];
const root = process.cwd();
const read = (name) => {
  const file = join(dir, name);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const table = (rows) => {
  const width = Math.max(...rows.map(([label]) => label.length));
  for (const [label, value] of rows) console.info(`  ${label.padEnd(width)}  ${value.padStart(9)}`);
};

// Step times: each line of steps.tsv is "<epoch seconds>\t<step>", the summary's own the last.
const stepsFile = join(dir, 'steps.tsv');
if (existsSync(stepsFile)) {
  const steps = readFileSync(stepsFile, 'utf8')
    .trim()
    .split('\n')
    .map((line) => {
      const [at, ...name] = line.split('\t');
      return { at: Number(at), name: name.join('\t') };
    });
  console.info('Step times:');
  table([
    ...steps
      .slice(0, -1)
      .map((step, i) => [step.name.slice(0, 100), seconds((steps[i + 1].at - step.at) * 1000)]),
    ['total', seconds((steps.at(-1).at - steps[0].at) * 1000)],
  ]);
}

let passed = 0;
let failed = 0;
const files = [];
for (const name of ['vitest-pglite.json', 'vitest-postgres.json']) {
  const report = read(name);
  if (!report) throw new Error(`missing test report ${name}`);
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  console.info(`${name}: ${report.numPassedTests} passed, ${report.numFailedTests} failed`);
  const run = name === 'vitest-pglite.json' ? 'embedded' : 'server';
  for (const file of report.testResults) {
    files.push({ name: `${relative(root, file.name)} (${run})`, ms: file.endTime - file.startTime });
  }
}
const e2e = read('playwright.json');
if (!e2e) throw new Error('missing test report playwright.json');
const e2ePassed = e2e.stats.expected + e2e.stats.flaky;
passed += e2ePassed;
failed += e2e.stats.unexpected;
console.info(`playwright.json: ${e2ePassed} passed, ${e2e.stats.unexpected} failed`);

const journeys = [];
const walk = (suite, path) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      const ms = test.results.reduce((sum, result) => sum + result.duration, 0);
      journeys.push({ name: `[${test.projectName}] ${[...path, spec.title].join(' › ')}`, ms });
    }
  }
  for (const child of suite.suites ?? []) walk(child, [...path, child.title]);
};
for (const suite of e2e.suites) walk(suite, [suite.title]);

const slowest = (items) =>
  items
    .sort((a, b) => b.ms - a.ms)
    .slice(0, 20)
    .map(({ name, ms }) => [name.length > 110 ? `${name.slice(0, 109)}…` : name, seconds(ms)]);
console.info('\nThe 20 slowest journeys:');
table(slowest(journeys));
console.info('\nThe 20 slowest test files:');
table(slowest(files));

console.info(`\n${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
