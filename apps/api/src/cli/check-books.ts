// Checks the books of the configured database (DATABASE_URL or DATA_DIR) and prints every line
// that does not add up (docs/decisions/048): `npm run books:check`. Exits with 1 when one does.
// With the built-in test processor its charges, refunds, balances and payouts are compared
// too; with Stripe, only our own records. Like the other commands it first applies any migration
// the database lacks; then it only reads, so it is safe beside a running server on PostgreSQL (the
// embedded database belongs to one process: stop `npm start` first).
import { ConfigError, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { booksProblems, settleWithinMs } from '../modules/payouts/index.ts';
import { prepareDatabase } from '../prepare-database.ts';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const handle = openDatabase(config.database);
try {
  await prepareDatabase(handle);
  const processor = config.stripe ? 'stripe' : 'test';
  const overdueAfterMs = settleWithinMs(config);
  const problems = await booksProblems(handle.db, { processor, now: new Date(), overdueAfterMs });
  console.info(
    `Books of the ${processor === 'stripe' ? 'Stripe' : 'test processor'} payments, ` +
      `pending counted as stuck after ${Math.round(overdueAfterMs / 1000)} s: ` +
      (problems.length === 0 ? 'they balance.' : `${problems.length} lines do not add up:`),
  );
  for (const problem of problems) console.info(`  ${problem}`);
  process.exitCode = problems.length === 0 ? 0 : 1;
} finally {
  await handle.close();
}
