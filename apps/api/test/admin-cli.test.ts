import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { messages } from '@campwise/contract/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { totpCode, totpStep } from '../src/platform/totp.ts';
import { getMe, JWT_SECRET, logIn, logInToken, uniqueEmail } from './fixtures.ts';

const repoRoot = resolve(fileURLToPath(new URL('../../..', import.meta.url)));

interface CliResult {
  code: number | null;
  stdout: string;
  /** What the command itself wrote to stderr, without npm's own configuration warnings. */
  stderr: string;
}

const withoutNpmWarnings = (text: string) =>
  text
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('npm warn'))
    .join('\n');

/** Runs the admin command the way an operator would, on an embedded database in `dataDir`. */
function runAdminCreate(dataDir: string, args: string[]): Promise<CliResult> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  // The command must use the embedded database in DATA_DIR, whatever the test run points at.
  delete env.DATABASE_URL;
  return new Promise((done) => {
    execFile(
      'npx',
      ['tsx', 'apps/api/src/cli/admin-create.ts', ...args],
      { cwd: repoRoot, env, timeout: 100_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        done({ code, stdout, stderr: withoutNpmWarnings(stderr) });
      },
    );
  });
}

describe('admin:create', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'campwise-admin-cli-'));
  const email = uniqueEmail('admin');
  const firstPassword = 'Summit-Lodge-Keeper-81';
  const secondPassword = 'Canyon-Ranger-Trail-93';

  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  // The refusals run in parallel with the first creation: they stop before opening the database.
  let created: CliResult;
  let tooShort: CliResult;
  let tooCommon: CliResult;

  beforeAll(async () => {
    [created, tooShort, tooCommon] = await Promise.all([
      runAdminCreate(dataDir, ['--email', email, '--password', firstPassword]),
      runAdminCreate(dataDir, ['--email', email, '--password', 'short']),
      runAdminCreate(dataDir, ['--email', email, '--password', 'password123']),
    ]);
  }, 150_000);

  it('creates the administrator', () => {
    expect(created.stderr).toBe('');
    expect(created.code).toBe(0);
    expect(created.stdout).toContain(`Administrator ${email}: created.`);
  });

  it('refuses a short or common password with exit code 1 and says why', () => {
    expect(tooShort.code).toBe(1);
    expect(tooShort.stderr).toContain(`--password: ${messages.passwordTooShort}`);
    expect(tooCommon.code).toBe(1);
    expect(tooCommon.stderr).toContain('--password: this password is too common');
  });

  it('resets the password when run again, and the app then accepts only the latest one', async () => {
    const again = await runAdminCreate(dataDir, [
      '--email',
      email.toUpperCase(),
      '--password',
      secondPassword,
    ]);
    expect(again.stderr).toBe('');
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('password reset.');

    const database = openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    const app = await buildApp(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, JWT_SECRET }),
      { database, startJobs: false },
    );
    try {
      await app.ready();
      const token = await logInToken(app, 'admin', email, secondPassword);
      const me = await getMe(app, token);
      expect(me.json()).toEqual({
        data: {
          userData: {
            id: expect.any(Number),
            firstName: 'Campwise',
            lastName: 'Administrator',
            email,
            phone: null,
            userType: 'admin',
            pendingEmail: null,
          },
        },
      });
      expect((await logIn(app, 'admin', email, firstPassword)).statusCode).toBe(401);
      // An administrator is not a host.
      expect((await logIn(app, 'host', email, secondPassword)).statusCode).toBe(401);
    } finally {
      await app.close();
      await database.close();
    }
  }, 150_000);

  /** Runs the app on the command's database for the length of `work`. */
  async function withApp(work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<void>) {
    const database = openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    // The command keeps the generated application secret in DATA_DIR; the app must use the same.
    const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir }), {
      database,
      startJobs: false,
    });
    try {
      await app.ready();
      await work(app);
    } finally {
      await app.close();
      await database.close();
    }
  }

  it('sets a given authenticator secret, and removes it again with --reset-two-factor', async () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const [provisioned, tooShortSecret] = await Promise.all([
      runAdminCreate(dataDir, ['--email', email, '--password', secondPassword, '--totp-secret', secret]),
      runAdminCreate(dataDir, ['--email', email, '--password', secondPassword, '--totp-secret', 'ABCDEF']),
    ]);
    expect(tooShortSecret.code).toBe(1);
    expect(tooShortSecret.stderr).toContain('--totp-secret');
    expect(provisioned.stderr).toBe('');
    expect(provisioned.code).toBe(0);
    expect(provisioned.stdout).toContain(
      `otpauth://totp/Campwise:${encodeURIComponent(email)}?secret=${secret}`,
    );
    expect(provisioned.stdout).toMatch(/Recovery codes .*: ([a-z2-7]{5}-[a-z2-7]{5} ?){10}/);

    await withApp(async (app) => {
      const password = await logIn(app, 'admin', email, secondPassword);
      const { ticket, secondFactor } = password.json<{ data: { ticket: string; secondFactor: string } }>()
        .data;
      expect(secondFactor).toBe('code');
      const signedIn = await app.inject({
        method: 'POST',
        url: '/api/auth/two-factor',
        payload: { ticket, code: totpCode(secret, totpStep()) },
      });
      expect(signedIn.statusCode, signedIn.body).toBe(200);
    });

    const reset = await runAdminCreate(dataDir, [
      '--email',
      email,
      '--password',
      secondPassword,
      '--reset-two-factor',
    ]);
    expect(reset.code).toBe(0);
    expect(reset.stdout).toContain('Two-factor sign-in removed');
    await withApp(async (app) => {
      const password = await logIn(app, 'admin', email, secondPassword);
      expect(password.json<{ data: { secondFactor: string } }>().data.secondFactor).toBe('enrol');
    });
  }, 150_000);
});
