import { SEARCH_TOTAL_CAP } from '@campwise/contract/search';
import { describe, expect, it } from 'vitest';
import { resultCountText } from '../src/components/search/result-count.ts';

describe('the count over the search results', () => {
  it('counts the camps found and says how many are shown', () => {
    expect(resultCountText(1, false, 1)).toBe('1 camp found');
    expect(resultCountText(4, false, 4)).toBe('4 camps found');
    expect(resultCountText(23, false, 20)).toBe('23 camps found, showing 20');
  });

  it('says "more than" once the server stopped counting', () => {
    expect(resultCountText(SEARCH_TOTAL_CAP, true, 20)).toBe('More than 1,000 camps found, showing 20');
    expect(resultCountText(SEARCH_TOTAL_CAP, true, 1000)).toBe('More than 1,000 camps found, showing 1000');
  });
});
