import { describe, expect, it } from 'vitest';
import { isId, MAX_ID, parseId } from '../src/row-ids.ts';

describe('parseId', () => {
  it('reads whole numbers from 1 to the largest integer id', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('42')).toBe(42);
    expect(parseId('0042')).toBe(42);
    expect(parseId(String(MAX_ID))).toBe(MAX_ID);
  });

  it('gives NaN for anything the API would refuse', () => {
    for (const text of [
      undefined,
      '',
      '0',
      '000',
      '2147483648',
      '9999999999',
      '12345678901',
      '-1',
      '1.5',
      '1e3',
      ' 7',
      '7a',
      '０',
    ]) {
      expect(parseId(text), String(text)).toBeNaN();
    }
  });
});

describe('isId', () => {
  it('accepts only whole numbers from 1 to MAX_ID', () => {
    expect([1, MAX_ID].every(isId)).toBe(true);
    expect([0, -1, 1.5, MAX_ID + 1, Number.NaN, Number.POSITIVE_INFINITY, '1', null].some(isId)).toBe(false);
  });
});
