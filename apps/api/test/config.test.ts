import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  JWT_SECRET_MIN_DISTINCT_CHARACTERS,
  JWT_SECRET_MIN_LENGTH,
  loadConfig,
} from '../src/config.ts';
import { buildTestApp, type TestApp } from './helper.ts';

function configError(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('loadConfig accepted an invalid environment');
}

describe('loadConfig', () => {
  it('has an embedded default for everything', () => {
    const config = loadConfig({});
    expect(config.env).toBe('development');
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toBe(resolve('./data'));
    expect(config.database).toEqual({ kind: 'pglite', dataDir: resolve('./data', 'pglite') });
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.webDistDir).toBeNull();
    expect(config.mailingListWebhookUrl).toBeNull();
    expect(config.site.planPriceCents).toBe(2900);
  });

  it('keeps the embedded database under DATA_DIR', () => {
    const config = loadConfig({ DATA_DIR: '/srv/campwise' });
    expect(config.dataDir).toBe('/srv/campwise');
    expect(config.database).toEqual({ kind: 'pglite', dataDir: '/srv/campwise/pglite' });
  });

  it('switches to PostgreSQL when DATABASE_URL is set', () => {
    const url = 'postgresql://postgres@127.0.0.1:5432/campwise';
    expect(loadConfig({ DATABASE_URL: url }).database).toEqual({ kind: 'postgres', url });
  });

  it('reads numbers and drops a trailing slash from PUBLIC_URL', () => {
    const config = loadConfig({
      PORT: '8080',
      PUBLIC_URL: 'https://camps.example/',
      PLAN_PRICE_CENTS: '4950',
    });
    expect(config.port).toBe(8080);
    expect(config.publicUrl).toBe('https://camps.example');
    expect(config.site.planPriceCents).toBe(4950);
  });

  it('treats empty values as unset', () => {
    const config = loadConfig({
      NODE_ENV: '',
      PORT: '',
      DATA_DIR: '',
      DATABASE_URL: '',
      PUBLIC_URL: '  ',
      WEB_DIST_DIR: '',
      MAILING_LIST_WEBHOOK_URL: '',
      JOB_INTERVAL_MS: '',
      SUPPORT_EMAIL: '',
      PLAN_PRICE_CENTS: '',
      EXPLAINER_VIDEO_CAMP_URL: '',
    });
    expect(config).toEqual(loadConfig({}));
  });

  it('names the variable when PORT is not a number', () => {
    const error = configError({ PORT: 'abc' });
    expect(error.message).toMatch(/^\s*PORT: /m);
  });

  it('names the variable when DATABASE_URL is not a URL', () => {
    const error = configError({ DATABASE_URL: 'not-a-url' });
    expect(error.message).toMatch(/^\s*DATABASE_URL: /m);
  });

  it('names every bad variable at once', () => {
    const error = configError({ PORT: '70000', LOG_LEVEL: 'loud', SUPPORT_EMAIL: 'nobody' });
    expect(error.message).toMatch(/^\s*PORT: /m);
    expect(error.message).toMatch(/^\s*LOG_LEVEL: /m);
    expect(error.message).toMatch(/^\s*SUPPORT_EMAIL: /m);
  });
});

/** Everything production asks for, with a Stripe account and an SMTP server that are never contacted. */
const PRODUCTION_ENV = {
  NODE_ENV: 'production',
  JWT_SECRET: 'q8Vt2rXw9LmZp4Kc7NbYh3Jd6FgSa1Ue',
  STRIPE_SECRET_KEY: 'sk_test_production_guard',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_guard',
  STRIPE_PRICE_ID: 'price_production_guard',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_production_guard',
  SMTP_URL: 'smtp://127.0.0.1:2525',
  PUBLIC_URL: 'https://camps.example',
} satisfies Record<string, string>;

function withoutKey(env: Record<string, string>, key: string): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter(([name]) => name !== key));
}

describe('loadConfig with NODE_ENV=production', () => {
  it('accepts a strong secret, Stripe and SMTP', () => {
    const config = loadConfig(PRODUCTION_ENV);
    expect(config.env).toBe('production');
    expect(config.stripe).not.toBeNull();
    expect(config.smtpUrl).toBe(PRODUCTION_ENV.SMTP_URL);
  });

  it('refuses a missing JWT_SECRET', () => {
    const error = configError(withoutKey(PRODUCTION_ENV, 'JWT_SECRET'));
    expect(error.message).toMatch(/^Refusing to start in production:/);
    expect(error.message).toMatch(/^\s*JWT_SECRET: required when NODE_ENV=production$/m);
  });

  it.each([
    ['shorter than the minimum', 'k3P9x2Lm7Qw4Zr8Tn5Vb1Yc6'],
    ['one character shy of the minimum', 'a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTu'],
    ['long but made of few characters', 'abcabcabcabcabcabcabcabcabcabcabcabcabcabc'],
    ['long but one repeated character', 'x'.repeat(64)],
    ['a word list of nine characters', 'secretsecretsecretsecretsecretsecret-123'],
  ])('refuses a weak JWT_SECRET: %s', (_label, secret) => {
    const error = configError({ ...PRODUCTION_ENV, JWT_SECRET: secret });
    expect(error.message).toMatch(/^\s*JWT_SECRET: too weak; use at least 32 random characters/m);
  });

  it('draws the weak-secret line at the documented length and variety', () => {
    const varied = 'abcdefghijklmnopqrstuvwxyz0123456789';
    expect(() =>
      loadConfig({ ...PRODUCTION_ENV, JWT_SECRET: varied.slice(0, JWT_SECRET_MIN_LENGTH) }),
    ).not.toThrow();
    const fewKinds = varied.slice(0, JWT_SECRET_MIN_DISTINCT_CHARACTERS).repeat(4);
    expect(() => loadConfig({ ...PRODUCTION_ENV, JWT_SECRET: fewKinds })).not.toThrow();
    const tooFewKinds = varied.slice(0, JWT_SECRET_MIN_DISTINCT_CHARACTERS - 1).repeat(4);
    expect(() => loadConfig({ ...PRODUCTION_ENV, JWT_SECRET: tooFewKinds })).toThrow(ConfigError);
  });

  it('refuses the built-in test processor (Stripe not configured)', () => {
    const env = withoutKey(
      withoutKey(
        withoutKey(withoutKey(PRODUCTION_ENV, 'STRIPE_SECRET_KEY'), 'STRIPE_WEBHOOK_SECRET'),
        'STRIPE_PRICE_ID',
      ),
      'STRIPE_PUBLISHABLE_KEY',
    );
    const error = configError(env);
    expect(error.message).toMatch(
      /^\s*STRIPE_SECRET_KEY: required when NODE_ENV=production; without it payments would go to the built-in test processor$/m,
    );
  });

  it('refuses mail without SMTP_URL', () => {
    const error = configError(withoutKey(PRODUCTION_ENV, 'SMTP_URL'));
    expect(error.message).toMatch(
      /^\s*SMTP_URL: required when NODE_ENV=production; without it no e-mail would be sent$/m,
    );
  });

  it('names every gap at once', () => {
    const error = configError({ NODE_ENV: 'production', JWT_SECRET: 'changeme' });
    expect(error.message.split('\n').slice(1)).toEqual([
      expect.stringMatching(/^ {2}JWT_SECRET: too weak/),
      expect.stringMatching(/^ {2}STRIPE_SECRET_KEY: required/),
      expect.stringMatching(/^ {2}SMTP_URL: required/),
    ]);
  });

  it('asks nothing of development and test runs', () => {
    expect(loadConfig({}).env).toBe('development');
    expect(loadConfig({ NODE_ENV: 'test' }).env).toBe('test');
    expect(loadConfig({ JWT_SECRET: 'short' }).jwtSecret).toBe('short');
  });
});

describe('the server entry point with a weak production configuration', () => {
  it('exits at once with the reasons, before opening a database or a port', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'campwise-production-guard-'));
    const apiRoot = fileURLToPath(new URL('..', import.meta.url));
    try {
      const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
        cwd: apiRoot,
        timeout: 60_000,
        // Only what the test names: nothing from the environment the tests run in.
        env: {
          PATH: process.env.PATH ?? '',
          HOME: process.env.HOME ?? dataDir,
          NODE_ENV: 'production',
          JWT_SECRET: 'changeme',
          DATA_DIR: dataDir,
          PORT: '0',
          HOST: '127.0.0.1',
        },
      });
      const failure = await run.then(
        () => null,
        (error: { code?: unknown; stderr?: unknown }) => error,
      );
      expect(failure?.code).toBe(1);
      const stderr = String(failure?.stderr ?? '');
      expect(stderr).toContain('Refusing to start in production:');
      expect(stderr).toContain('JWT_SECRET: too weak');
      expect(stderr).toContain('STRIPE_SECRET_KEY: required when NODE_ENV=production');
      expect(stderr).toContain('SMTP_URL: required when NODE_ENV=production');
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

function headerDirectives(header: string | string[] | number | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of String(header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name, values);
  }
  return directives;
}

describe('security headers in production', () => {
  let distDir: string;
  let t: TestApp;

  beforeAll(async () => {
    distDir = mkdtempSync(join(tmpdir(), 'campwise-production-web-'));
    writeFileSync(
      join(distDir, 'index.html'),
      '<!doctype html><html><body><div id="root"></div></body></html>',
    );
    t = await buildTestApp({ ...PRODUCTION_ENV, WEB_DIST_DIR: distDir });
  });

  afterAll(async () => {
    await t.close();
    rmSync(distDir, { recursive: true, force: true });
  });

  const responses = {
    'the web app (HTML)': { method: 'GET', url: '/host/dashboard', headers: { accept: 'text/html' } },
    'an API answer (JSON)': { method: 'GET', url: '/healthz', headers: { accept: 'application/json' } },
    'an API error (JSON)': { method: 'GET', url: '/api/nope', headers: { accept: 'application/json' } },
  } as const;

  it.each(Object.entries(responses))('sends HSTS and the strict CSP with %s', async (_label, request) => {
    const res = await t.app.inject({ ...request, headers: { ...request.headers } });
    expect(res.statusCode).toBe(request.url === '/api/nope' ? 404 : 200);
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

    const csp = headerDirectives(res.headers['content-security-policy']);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    // Our own scripts and Stripe's card field only: nothing inline, nothing evaluated.
    expect(csp.get('script-src')).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com']);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('form-action')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    for (const values of csp.values()) {
      expect(values).not.toContain("'unsafe-eval'");
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('keeps HSTS off outside production, where the site runs on plain http', async () => {
    const dev = await buildTestApp({ JWT_SECRET: PRODUCTION_ENV.JWT_SECRET });
    try {
      const res = await dev.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['strict-transport-security']).toBeUndefined();
      expect(headerDirectives(res.headers['content-security-policy']).get('script-src')).toEqual(["'self'"]);
    } finally {
      await dev.close();
    }
  });
});
