import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238) as authenticator apps make them: HMAC-SHA1 over
 * 30-second steps, six digits, a base32 secret shared through an otpauth:// address.
 */
export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now that still count, for a phone clock a little off. */
export const TOTP_DRIFT_STEPS = 1;
/** 160 bits, the HMAC-SHA1 key size RFC 4226 recommends. */
const SECRET_BYTES = 20;

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding, the form authenticator apps read. */
export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let output = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      output += BASE32_ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) output += BASE32_ALPHABET[(value << (5 - bits)) & 31];
  return output;
}

/** Reads base32 written in any case, with spaces or padding; null when it is not base32. */
export function base32Decode(text: string): Buffer | null {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  if (clean === '' || /[^A-Z2-7]/.test(clean)) return null;
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    value = (value << 5) | BASE32_ALPHABET.indexOf(char);
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new random secret, base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(SECRET_BYTES));
}

/** The step a moment falls in: whole periods since the Unix epoch. */
export function totpStep(at: Date = new Date()): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_SECONDS);
}

/** The HOTP value (RFC 4226) of a key for one counter, as six digits. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 15;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/** The code for a base32 secret at a step. */
export function totpCode(secret: string, step: number): string {
  const key = base32Decode(secret);
  if (!key) throw new Error('the TOTP secret is not base32');
  return hotp(key, step);
}

/** Whether a candidate code is the one given, in time that does not tell how many digits match. */
function sameCode(candidate: string, given: Buffer): boolean {
  const expected = Buffer.from(candidate);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The step whose code this is, looking one step either side of now; null when none matches.
 * Every candidate is computed and compared in constant time, so the answer takes the same time
 * whichever step matched, and however close a wrong code came.
 */
export function matchingTotpStep(secret: string, code: string, at: Date = new Date()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  if (!key) return null;
  const given = Buffer.from(code);
  const now = totpStep(at);
  let found: number | null = null;
  for (let step = now - TOTP_DRIFT_STEPS; step <= now + TOTP_DRIFT_STEPS; step += 1) {
    if (sameCode(hotp(key, step), given) && found === null) found = step;
  }
  return found;
}

/** The otpauth:// address an authenticator app reads from the QR code (Key URI Format). */
export function otpauthUri(secret: string, issuer: string, accountName: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(accountName)}`;
  const query = new URLSearchParams({
    secret,
    issuer,
    algorithm: 'SHA1',
    digits: String(TOTP_DIGITS),
    period: String(TOTP_PERIOD_SECONDS),
  });
  return `otpauth://totp/${label}?${query.toString()}`;
}

/** The secret of an otpauth:// address (what a QR code holds); null when it has none. */
export function secretOfOtpauthUri(uri: string): string | null {
  try {
    const url = new URL(uri);
    if (url.protocol !== 'otpauth:') return null;
    return url.searchParams.get('secret');
  } catch {
    return null;
  }
}
