import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** A 32-byte key for one purpose, derived (HKDF-SHA256) from the application secret. */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'campwise', purpose, 32));
}

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Keeps small secrets safe at rest: a stolen copy of the database alone does not reveal them.
 * Those read back (authenticator secrets) are encrypted (AES-256-GCM); sealed text reads
 * `v1.<iv>.<tag>.<ciphertext>`, each part base64url. Those only ever compared (recovery codes)
 * are digested under a key of their own.
 */
export class SecretBox {
  private readonly key: Buffer;
  private readonly digestKey: Buffer;

  constructor(appSecret: string, purpose = 'totp-secrets') {
    this.key = deriveKey(appSecret, `campwise/${purpose}/v1`);
    this.digestKey = deriveKey(appSecret, 'campwise/recovery-codes/v1');
  }

  /**
   * HMAC-SHA256 of a code, as hex. Keyed, unlike a plain hash, so that guessing codes against
   * a stolen database needs the application secret too.
   */
  digest(text: string): string {
    return createHmac('sha256', this.digestKey).update(text).digest('hex');
  }

  seal(plaintext: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), ciphertext].map((part) => part.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /** The plaintext, or null when the text was sealed with another key or altered. */
  open(sealed: string): string | null {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(ciphertext, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
