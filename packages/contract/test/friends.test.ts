import { describe, expect, it } from 'vitest';
import { friendGoingLabel, friendsGoingQuery, namesList } from '../src/friends.ts';

describe('the line a parent reads about a friend’s child', () => {
  it('lists names the way a sentence does', () => {
    expect(namesList([])).toBe('');
    expect(namesList(['Sam'])).toBe('Sam');
    expect(namesList(['Sam', 'Leo'])).toBe('Sam and Leo');
    expect(namesList(['Sam', 'Leo', 'Ava'])).toBe('Sam, Leo and Ava');
  });

  it('names the viewer’s own shared children, or the friend’s family when the viewer shares none', () => {
    expect(friendGoingLabel('Maya', ['Sam'], 'Lee')).toBe('Maya (friend of Sam) is going');
    expect(friendGoingLabel('Maya', ['Sam', 'Leo'], 'Lee')).toBe('Maya (friend of Sam and Leo) is going');
    expect(friendGoingLabel('Maya', [], 'Lee')).toBe('Maya (the Lee family) is going');
  });
});

describe('the camps a "who is going" question names', () => {
  it('reads a comma-separated list of ids once each, and refuses anything else', () => {
    expect(friendsGoingQuery.parse({ campIds: '3,1,3' }).campIds).toEqual([3, 1]);
    for (const campIds of ['', '1,', 'a', '0', '1;2', '99999999999']) {
      expect(friendsGoingQuery.safeParse({ campIds }).success, campIds).toBe(false);
    }
    const tooMany = Array.from({ length: 51 }, (_, index) => index + 1).join(',');
    expect(friendsGoingQuery.safeParse({ campIds: tooMany }).success).toBe(false);
  });
});
