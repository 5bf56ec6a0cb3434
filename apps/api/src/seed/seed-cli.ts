// Loads the demo data (and, with --camps N, tops the scale data set up to N camps):
//   npm run db:seed
//   npm run db:seed -- --camps 100000
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { createStorage } from '../platform/storage.ts';
import { prepareDatabase } from '../prepare-database.ts';
import { demoLoginsText, SeedError, seedContext } from './common.ts';
import { seedDemo } from './demo.ts';
import { seedScale } from './scale.ts';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let values: { camps?: string };
try {
  ({ values } = parseArgs({ options: { camps: { type: 'string' } } }));
} catch (error) {
  fail(`${(error as Error).message}\nUsage: npm run db:seed [-- --camps <number>]`);
}
const scaleCamps = values.camps === undefined ? null : Number(values.camps);
if (scaleCamps !== null && !(Number.isSafeInteger(scaleCamps) && scaleCamps >= 1)) {
  fail('--camps: a whole number of camps, 1 or more.');
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

const handle = openDatabase(config.database);
try {
  await prepareDatabase(handle);
  const context = await seedContext(config, handle.db, createStorage(config));
  const started = Date.now();
  const demo = await seedDemo(context);
  if (demo) {
    console.info(
      `Demo: ${demo.hosts} hosts, ${demo.orgs} organisations (+${demo.pendingOrgs} in review), ${demo.camps} camps (+${demo.sessions} more weekly sessions), ${demo.places} places booked by the demo parent, in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
    console.info(demoLoginsText(config.publicUrl));
  } else {
    console.info('Demo data is already loaded.');
  }
  if (scaleCamps !== null) {
    const scaleStarted = Date.now();
    const scale = await seedScale(context, scaleCamps, (done, total) => {
      if (done % 20_000 === 0 || done === total) console.info(`  scale data: ${done} of ${total} camps`);
    });
    console.info(
      `Scale data: ${scale.added} camps added (${scale.total} in all, ${scale.orgs} organisations) in ${((Date.now() - scaleStarted) / 1000).toFixed(1)} s.`,
    );
  }
} catch (error) {
  if (!(error instanceof SeedError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
