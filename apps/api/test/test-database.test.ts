import { afterEach, describe, expect, it, vi } from 'vitest';
import { testDatabaseBaseUrl } from './helper.ts';

describe('the test database guard', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('uses embedded PGlite when DATABASE_URL is unset or empty', () => {
    vi.stubEnv('DATABASE_URL', undefined);
    expect(testDatabaseBaseUrl()).toBeNull();
    vi.stubEnv('DATABASE_URL', '');
    expect(testDatabaseBaseUrl()).toBeNull();
  });

  it.each([
    'postgresql://postgres@127.0.0.1:5432/campwise_ci_123',
    'postgresql://postgres@127.0.0.1:5432/campwise_test_base',
    'postgres://postgres@127.0.0.1/test',
  ])('accepts the test database %s', (url) => {
    vi.stubEnv('DATABASE_URL', url);
    expect(testDatabaseBaseUrl()).toBe(url);
  });

  it.each([
    'postgresql://postgres@127.0.0.1:5432/campwise',
    'postgresql://postgres@127.0.0.1:5432/production',
    'postgresql://postgres@127.0.0.1:5432/',
  ])('refuses %s, which may hold real data', (url) => {
    vi.stubEnv('DATABASE_URL', url);
    expect(() => testDatabaseBaseUrl()).toThrow(/refuse to run/);
  });

  it('refuses a DATABASE_URL that is not a URL', () => {
    vi.stubEnv('DATABASE_URL', 'campwise_test');
    expect(() => testDatabaseBaseUrl()).toThrow(/refuse to run/);
  });
});
