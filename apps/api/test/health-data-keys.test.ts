import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';
import { childHealthProfiles } from '../src/db/schema.ts';
import { resealHealthData } from '../src/modules/health-profiles/reseal-health-data.ts';
import { HealthDataBox } from '../src/platform/health-data-box.ts';
import { HEALTH_PROFILE, putProfile } from './health-profile-fixtures.ts';
import { buildTestApp } from './helper.ts';
import { family } from './registration-fixtures.ts';

const OLD = { id: 'k2025', secret: 'old-health-key-0123456789abcdefghijklmnop' };
const NEW = { id: 'k2026', secret: 'new-health-key-0123456789abcdefghijklmnop' };

describe('HEALTH_DATA_KEYS', () => {
  it('reads id:secret pairs, the first sealing', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      HEALTH_DATA_KEYS: `${NEW.id}:${NEW.secret},${OLD.id}:${OLD.secret}`,
    });
    expect(config.healthDataKeys).toEqual([NEW, OLD]);
    expect(loadConfig({ NODE_ENV: 'test' }).healthDataKeys).toBeNull();
  });

  it.each([
    ['a short secret', 'k1:tooshort'],
    ['no id', ':0123456789abcdefghijklmnopqrstuvwxyz'],
    ['a repeated id', `k1:${OLD.secret},k1:${NEW.secret}`],
  ])('refuses %s without repeating the secret', (_, value) => {
    let thrown: unknown;
    try {
      loadConfig({ NODE_ENV: 'test', HEALTH_DATA_KEYS: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as Error).message).toContain('HEALTH_DATA_KEYS');
    expect((thrown as Error).message).not.toContain('0123456789');
  });
});

describe('HealthDataBox', () => {
  it('opens what any key in the ring sealed, and seals under the first', () => {
    const before = new HealthDataBox([OLD]);
    const sealed = before.seal({ allergies: ['Peanuts'] });
    expect(sealed.startsWith('k2025.v1.')).toBe(true);
    const after = new HealthDataBox([NEW, OLD]);
    expect(after.open(sealed)).toEqual({ allergies: ['Peanuts'] });
    expect(after.keyIdOf(after.seal({}))).toBe('k2026');
    expect(() => new HealthDataBox([NEW]).open(sealed)).toThrow('Health data could not be opened');
    // An altered text is refused, never read as something else.
    expect(() => after.open(`${sealed.slice(0, -2)}AA`)).toThrow();
  });
});

describe('rotating the health data key', () => {
  it('reseals every profile under the new key, after which the old key can go', async () => {
    const { app, db, close } = await buildTestApp({ HEALTH_DATA_KEYS: `${OLD.id}:${OLD.secret}` });
    const parent = await family(app, [8]);
    const [ada] = parent.childIds as [number];
    expect((await putProfile(app, parent.token, ada)).statusCode).toBe(200);
    await close();

    const ring = new HealthDataBox([NEW, OLD]);
    expect(await resealHealthData(db, ring, 1)).toBeGreaterThanOrEqual(1);
    expect(await resealHealthData(db, ring)).toBe(0);
    const [row] = await db.select().from(childHealthProfiles).where(eq(childHealthProfiles.childId, ada));
    expect(ring.keyIdOf(row?.profileSealed ?? '')).toBe('k2026');
    expect(new HealthDataBox([NEW]).open(row?.profileSealed ?? '')).toEqual(HEALTH_PROFILE);
  });
});
