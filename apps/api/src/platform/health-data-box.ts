import { SecretBox } from './secret-box.ts';

/** The key id used when no health data keys are configured: one derived from the application secret. */
export const APP_SECRET_KEY_ID = 'app';

/**
 * Seals and opens children's health data under a ring of keys (docs/decisions/028). New data is
 * sealed under the first key and names it: `<key id>.<sealed>`; every key in the ring opens
 * what it sealed, so a new key can be put first while old data is still readable, and
 * `resealHealthData` moves old data to it before the old key is dropped.
 */
export class HealthDataBox {
  private readonly boxes: Map<string, SecretBox>;
  readonly currentKeyId: string;

  constructor(keys: { id: string; secret: string }[]) {
    const [current] = keys;
    if (!current) throw new Error('At least one health data key is needed.');
    this.currentKeyId = current.id;
    this.boxes = new Map(keys.map((key) => [key.id, new SecretBox(key.secret, 'health-data')]));
  }

  static fromConfig(keys: { id: string; secret: string }[] | null, appSecret: string): HealthDataBox {
    return new HealthDataBox(keys ?? [{ id: APP_SECRET_KEY_ID, secret: appSecret }]);
  }

  seal(value: unknown): string {
    const box = this.boxes.get(this.currentKeyId) as SecretBox;
    return `${this.currentKeyId}.${box.seal(JSON.stringify(value))}`;
  }

  /** The key id a sealed text names. */
  keyIdOf(sealed: string): string {
    return sealed.slice(0, sealed.indexOf('.'));
  }

  /**
   * What was sealed. Data that no key in the ring opens is a configuration fault (a key was
   * dropped too early), never the reader's: it throws without saying anything about the data.
   */
  open(sealed: string): unknown {
    const box = this.boxes.get(this.keyIdOf(sealed));
    const text = box?.open(sealed.slice(sealed.indexOf('.') + 1)) ?? null;
    if (text === null) throw new Error('Health data could not be opened with the configured keys.');
    return JSON.parse(text);
  }
}
