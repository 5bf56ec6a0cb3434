import { describe, expect, it } from 'vitest';
import { formatUsd } from '../src/site.ts';

describe('formatUsd', () => {
  it('drops the cents of round amounts', () => {
    expect(formatUsd(2900)).toBe('$29');
    expect(formatUsd(0)).toBe('$0');
    expect(formatUsd(150000)).toBe('$1,500');
  });

  it('shows two decimals otherwise', () => {
    expect(formatUsd(2950)).toBe('$29.50');
    expect(formatUsd(2905)).toBe('$29.05');
    expect(formatUsd(1)).toBe('$0.01');
  });
});
