// The end-to-end server: makes sure the suite's administrator exists in the run's fresh
// database (administrators have no sign-up), then starts the app as `npm start` does. The
// embedded database allows one process at a time, so the account is made before the server
// opens it. Usage: node e2e/start-server.mjs --admin-email … --admin-password …
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: { 'admin-email': { type: 'string' }, 'admin-password': { type: 'string' } },
});
const email = values['admin-email'];
const password = values['admin-password'];
if (!email || !password) {
  console.error('Usage: node e2e/start-server.mjs --admin-email <address> --admin-password <password>');
  process.exit(1);
}

const created = spawnSync(
  process.execPath,
  ['--import', 'tsx', 'apps/api/src/cli/admin-create.ts', '--email', email, '--password', password],
  { cwd: root, stdio: 'inherit' },
);
if (created.error) console.error(created.error.message);
if (created.status !== 0) process.exit(created.status ?? 1);

await import('../scripts/start.mjs');
