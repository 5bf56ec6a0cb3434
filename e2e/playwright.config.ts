import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { adminAccount, newcomerAdminAccount } from './admin-account.ts';
import { e2eBaseUrl, e2ePort } from './base-url.ts';

const port = e2ePort;
const baseURL = e2eBaseUrl;
const ci = Boolean(process.env.CI);
const repoRoot = resolve(import.meta.dirname, '..');

/**
 * Each run gets a fresh, empty database. The directory is made once by the runner process and
 * handed to the worker processes through the environment, which they inherit.
 */
const dataDirVariable = 'CAMPWISE_E2E_DATA_DIR';
function runDataDir(): string {
  const existing = process.env[dataDirVariable];
  if (existing) return existing;
  const created = mkdtempSync(join(tmpdir(), 'campwise-e2e-'));
  process.env[dataDirVariable] = created;
  // The web server has been stopped by the time the runner exits.
  process.once('exit', () => rmSync(created, { recursive: true, force: true }));
  return created;
}

/** One word for the shell that runs the web server command. */
const shellWord = (value: string) => `'${value.replaceAll("'", `'\\''`)}'`;

/**
 * Debian's headless build of Chromium (the same engine and version as its `chromium`) draws
 * pages for no screen and takes about a third less CPU per journey; the full browser is used
 * where it is not installed.
 */
const headlessShell = '/usr/bin/chromium-headless-shell';
const chromium = {
  executablePath: existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    // Nothing beyond this machine: every address but loopback (which a proxy never serves)
    // goes to a proxy on a port where nothing listens, so the request fails in the browser.
    // Routing each request through the test runner to decide did the same for a fifth of the
    // journeys' processor time (decision 056).
    '--proxy-server=127.0.0.1:9',
  ],
};

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  forbidOnly: ci,
  workers: 2,
  retries: ci ? 1 : 0,
  // Generous waits: the journeys share two cores with the server and the browsers.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    baseURL,
    headless: true,
    launchOptions: chromium,
    // Recording a trace costs every journey about a third more browser time, so CI records one
    // only for the retry of a failed journey; a local run keeps the trace of any failure.
    trace: ci ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    // As a person who asks for less motion: no transitions to wait for or repaint (decision 056).
    reducedMotion: 'reduce',
  },
  projects: [
    {
      // Everything except the small-screen checks.
      name: 'desktop',
      grepInvert: /@phone-only/,
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 }, launchOptions: chromium },
    },
    {
      // Tests tagged @phone (also run on desktop) or @phone-only.
      name: 'phone',
      grep: /@phone/,
      use: {
        viewport: { width: 390, height: 844 },
        // Layout, touch and axe's findings are the same at any pixel density; drawing every
        // journey at 1 rather than a phone's 3 keeps software rendering affordable (decision 056).
        deviceScaleFactor: 1,
        isMobile: true,
        hasTouch: true,
        launchOptions: chromium,
      },
    },
  ],
  webServer: {
    // Creates the administrators, then runs `node scripts/start.mjs`.
    command: [
      'node e2e/start-server.mjs',
      `--admin-email ${shellWord(adminAccount.email)}`,
      `--admin-password ${shellWord(adminAccount.password)}`,
      `--admin-totp-secret ${shellWord(adminAccount.totpSecret)}`,
      `--newcomer-email ${shellWord(newcomerAdminAccount.email)}`,
      `--newcomer-password ${shellWord(newcomerAdminAccount.password)}`,
    ].join(' '),
    cwd: repoRoot,
    url: `${baseURL}/healthz`,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: runDataDir(),
      // CI serves the journeys from a fresh database on the PostgreSQL server (see .ci/run);
      // otherwise the run's own embedded database.
      ...(process.env.E2E_DATABASE_URL ? { DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
      LOG_LEVEL: 'warn',
      // Links in e-mails (password reset) must point at this server.
      PUBLIC_URL: baseURL,
      // Background work runs within two seconds, so journeys need not wait long; work a request
      // starts (mail, payments, announcements) is kicked at once anyway. Every half second, the
      // queue's polling and the jobs' runs were a tenth of a core all run long (decision 056).
      JOB_INTERVAL_MS: '2000',
      // Every journey's accounts sign up and in from this one address within minutes.
      AUTH_ATTEMPTS_PER_IP: '100000',
      SEARCH_REQUESTS_PER_MINUTE: '100000',
      // Journeys make the accounts, organisations and camps they need and count what they made.
      DEMO_DATA: 'off',
    },
    reuseExistingServer: !ci,
    timeout: 180_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
