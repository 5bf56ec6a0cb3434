import { createHash } from 'node:crypto';

/**
 * Exactly what a waiver's version hash covers, as its signed PDF states it: anyone holding the
 * title and text can recompute it.
 */
export const WAIVER_HASH_COVERS =
  'SHA-256, in hexadecimal, of the UTF-8 bytes of the title, two line feeds (U+000A U+000A) and the text, exactly as shown to the signer and printed above (a line break in the text is one line feed; lines wrapped to fit the page are not broken)';

/** The version a signature is of: the waiver's title and text, exactly as shown. */
export function waiverTextHash(title: string, text: string): string {
  return createHash('sha256').update(`${title}\n\n${text}`, 'utf8').digest('hex');
}
