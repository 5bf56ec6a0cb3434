import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addressPieces } from '../src/components/breakable-address.ts';

describe('addressPieces', () => {
  it('breaks an e-mail address after the @ and before each dot', () => {
    expect(addressPieces('camps@capitalcitysoccerclub.example')).toEqual([
      'camps@',
      'capitalcitysoccerclub',
      '.example',
    ]);
  });

  it('keeps the scheme of a web address whole and breaks before dots and slashes', () => {
    expect(addressPieces('https://www.example.org/camps/summer-2026?week=2&age=8')).toEqual([
      'https://',
      'www',
      '.example',
      '.org',
      '/camps',
      '/summer',
      '-2026',
      '?week=',
      '2&',
      'age=',
      '8',
    ]);
  });

  it('never cuts a word: the pieces put back together are the address', () => {
    fc.assert(
      fc.property(fc.string(), (value) => {
        const pieces = addressPieces(value);
        expect(pieces.join('')).toBe(value);
        expect(pieces.every((piece) => piece.length > 0)).toBe(true);
        // Every break sits next to a separator, so letters and digits stay together.
        for (let index = 1; index < pieces.length; index += 1) {
          const before = pieces[index - 1]?.at(-1) ?? '';
          const after = pieces[index]?.charAt(0) ?? '';
          expect('@=&/'.includes(before) || './-_?#~%'.includes(after)).toBe(true);
        }
      }),
    );
  });
});
