// `npm run test:e2e`: runs the Playwright suite against Debian's Chromium, never a downloaded
// browser. Extra arguments go to `playwright test` (for example a file name or `--project phone`).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const chromium = '/usr/bin/chromium';
const root = fileURLToPath(new URL('..', import.meta.url));

if (!existsSync(chromium)) {
  console.error(`The end-to-end tests need Chromium at ${chromium}. Install it with:`);
  console.error('  sudo apt-get install -y chromium');
  process.exit(1);
}
if (!existsSync('/usr/bin/chromium-headless-shell')) {
  console.info('Tip: `sudo apt-get install -y chromium-headless-shell` runs the journeys on less CPU.');
}

const result = spawnSync(
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
  },
);
if (result.error) console.error(result.error.message);
process.exit(result.status ?? 1);
