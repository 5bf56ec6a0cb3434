// The end-to-end server: makes sure the suite's administrators exist in the run's fresh
// database (administrators have no sign-up), then starts the app as `npm start` does. The
// embedded database allows one process at a time, so the accounts are made before the server
// opens it. Usage: node e2e/start-server.mjs --admin-email … --admin-password …
//   [--admin-totp-secret …] [--newcomer-email … --newcomer-password …]
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = fileURLToPath(new URL('..', import.meta.url));
const { values } = parseArgs({
  options: {
    'admin-email': { type: 'string' },
    'admin-password': { type: 'string' },
    'admin-totp-secret': { type: 'string' },
    'newcomer-email': { type: 'string' },
    'newcomer-password': { type: 'string' },
  },
});
const email = values['admin-email'];
const password = values['admin-password'];
if (!email || !password) {
  console.error('Usage: node e2e/start-server.mjs --admin-email <address> --admin-password <password>');
  process.exit(1);
}

/** Runs the admin command; stops here if it fails. */
function createAdmin(args) {
  const created = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/admin-create.ts', ...args],
    { cwd: root, stdio: 'inherit' },
  );
  if (created.error) console.error(created.error.message);
  if (created.status !== 0) process.exit(created.status ?? 1);
}

const secret = values['admin-totp-secret'];
createAdmin(['--email', email, '--password', password, ...(secret ? ['--totp-secret', secret] : [])]);
const newcomerEmail = values['newcomer-email'];
const newcomerPassword = values['newcomer-password'];
if (newcomerEmail && newcomerPassword) {
  // Created afresh each start, so its first sign-in always sets up an authenticator.
  createAdmin(['--email', newcomerEmail, '--password', newcomerPassword, '--reset-two-factor']);
}

await import('../scripts/start.mjs');
