import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** A 32-byte key for one purpose, derived (HKDF-SHA256) from the application secret. */
export function deriveKey(appSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'campwise', purpose, 32));
}

const VERSION = 'v1';
const IV_BYTES = 12;

/**
 * Encrypts small secrets for storage (AES-256-GCM): a stolen copy of the database alone does
 * not reveal them. Sealed text reads `v1.<iv>.<tag>.<ciphertext>`, each part base64url.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(appSecret: string, purpose = 'totp-secrets') {
    this.key = deriveKey(appSecret, `campwise/${purpose}/v1`);
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
