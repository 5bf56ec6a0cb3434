import { describe, expect, it } from 'vitest';
import { defaultSort, sortChoices } from '../src/components/search/sort-choices.ts';

describe('the order of search results', () => {
  it('offers distance only with a ZIP and best match only with words', () => {
    expect(sortChoices({})).toEqual(['start', 'price']);
    expect(sortChoices({ term: 'soccer' })).toEqual(['relevance', 'start', 'price']);
    expect(sortChoices({ zip: '60614', term: ' ' })).toEqual(['distance', 'start', 'price']);
  });

  it('shows the server’s own default as chosen', () => {
    expect(defaultSort({})).toBe('start');
    expect(defaultSort({ term: 'soccer' })).toBe('relevance');
    expect(defaultSort({ term: 'soccer', zip: '60614' })).toBe('distance');
  });
});
