/** Characters a line may break before, and after, inside an address. */
const BREAK_BEFORE = new Set(['.', '/', '-', '_', '?', '#', '~', '%']);
const BREAK_AFTER = new Set(['@', '=', '&']);

/**
 * Splits an e-mail address or web address into the pieces between which a line may break,
 * the way style guides wrap them: after "@" and after the "//" of a scheme, before ".", "/",
 * "-", "_", "?", "#", "~" and "%", after "=" and "&". A break never falls inside a word.
 */
export function addressPieces(value: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const char of value) {
    const previous = current.at(-1);
    // "https://" and "a//b" stay whole: no break between the slashes or after the colon.
    const breaksBefore =
      BREAK_BEFORE.has(char) && previous !== undefined && previous !== ':' && previous !== '/';
    if (breaksBefore) {
      pieces.push(current);
      current = '';
    }
    current += char;
    if (BREAK_AFTER.has(char) || current.endsWith('://')) {
      pieces.push(current);
      current = '';
    }
  }
  if (current !== '') pieces.push(current);
  return pieces;
}
