import { describe, expect, it } from 'vitest';
import { radiusOptions, SEARCH_DEFAULT_RADIUS_MILES, searchFormToBody } from '../src/search-form.ts';

describe('radiusOptions', () => {
  it('offers the usual distances, the default one standing for a distance not said', () => {
    expect(radiusOptions()).toEqual([
      { value: '5', label: 'Within 5 miles' },
      { value: '10', label: 'Within 10 miles' },
      { value: '', label: `Within ${SEARCH_DEFAULT_RADIUS_MILES} miles` },
      { value: '50', label: 'Within 50 miles' },
      { value: '100', label: 'Within 100 miles' },
    ]);
  });

  it('keeps a distance a shared link carries, in its place among them', () => {
    expect(radiusOptions('30').map((option) => option.value)).toEqual(['5', '10', '', '30', '50', '100']);
    expect(radiusOptions('10')).toHaveLength(5);
    expect(radiusOptions('abc')).toHaveLength(5);
  });

  it('sends the default distance as no distance at all', () => {
    expect(searchFormToBody({ zip: '60614', radius: '' }).filters).not.toHaveProperty('radius');
  });
});
