import { describe, expect, it } from 'vitest';
import { placesLeftText } from '../src/components/search/places-left.ts';

describe('placesLeftText', () => {
  it('counts the places left, in the singular for one', () => {
    expect(placesLeftText({ spotsLeft: 12, allowsWaitlist: false })).toBe('12 places left');
    expect(placesLeftText({ spotsLeft: 1, allowsWaitlist: true })).toBe('1 place left');
  });

  it('says a full camp is full, and whether its waitlist is open', () => {
    expect(placesLeftText({ spotsLeft: 0, allowsWaitlist: true })).toBe('Full · waitlist open');
    expect(placesLeftText({ spotsLeft: 0, allowsWaitlist: false })).toBe('Full');
  });
});
