import { z } from 'zod';
import { messages } from './messages.ts';

/** A North American number written the US way: 312-555-0142. */
export const US_PHONE_PATTERN = /^[2-9]\d{2}-[2-9]\d{2}-\d{4}$/;

/** What a person may type around the digits of a number: spaces, dots, dashes, brackets, "+1". */
const PHONE_PUNCTUATION = /^[\d\s().+-]*$/;

/**
 * Keeps the digits of a US number (dropping a leading country code 1) and writes them as
 * 312-555-0142 as far as they go: the mask of a phone field while it is typed.
 */
export function formatUsPhone(value: string): string {
  const digits = value
    .replace(/\D/g, '')
    .replace(/^1(?=\d{10})/, '')
    .slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * One US number in the one way it is stored: `5125550199`, `(512) 555-0199`, `512.555.0199`
 * and `+1 512 555 0199` all become `512-555-0199`. Anything else is left as typed, for the
 * pattern to refuse.
 */
export function normalizeUsPhone(value: string): string {
  const trimmed = value.trim();
  if (!PHONE_PUNCTUATION.test(trimmed)) return trimmed;
  const digits = trimmed.replace(/\D/g, '').replace(/^1(?=\d{10}$)/, '');
  return digits.length === 10 ? formatUsPhone(digits) : trimmed;
}

/** Every phone field of the product: the same formats accepted, the same form stored. */
export const phoneField = z
  .string({ error: messages.invalidPhone })
  .transform(normalizeUsPhone)
  .pipe(z.string().regex(US_PHONE_PATTERN, messages.invalidPhone));

/** Optional phone: blank means none and is stored as null. */
export const optionalPhoneField = z
  .union([z.string(), z.null()], { error: messages.invalidPhone })
  .optional()
  .transform((value) => (value == null || value.trim() === '' ? null : normalizeUsPhone(value)))
  .pipe(z.union([z.null(), z.string().regex(US_PHONE_PATTERN, messages.invalidPhone)]));
