import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

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
