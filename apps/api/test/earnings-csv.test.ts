import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dollars } from '../src/modules/payouts/earnings.ts';

describe('amounts in the earnings CSV', () => {
  it('are plain decimals with two places, without a currency sign or separators', () => {
    expect(dollars(45000)).toBe('450.00');
    expect(dollars(2250)).toBe('22.50');
    expect(dollars(123456789)).toBe('1234567.89');
    expect(dollars(0)).toBe('0.00');
    expect(dollars(-500)).toBe('-5.00');
    expect(dollars(-7)).toBe('-0.07');
  });

  it('read back as the same number of cents', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), (cents) => {
        const text = dollars(cents);
        expect(text).toMatch(/^-?\d+\.\d{2}$/);
        expect(Math.round(Number(text) * 100)).toBe(cents);
      }),
    );
  });
});
