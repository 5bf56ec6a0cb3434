import type { FriendPlace } from '@campwise/contract/friends';
import { describe, expect, it } from 'vitest';
import { friendLabels } from '../src/components/friends/friend-labels.ts';
import { friendPlacesInWeek } from '../src/components/planner/planner-weeks.ts';

const place = (over: Partial<FriendPlace>): FriendPlace => ({
  campId: 1,
  campName: 'Lakeside Camp',
  sessionId: 10,
  sessionName: 'Week 1',
  severalSessions: true,
  startDate: '2031-07-07',
  endDate: '2031-07-11',
  label: 'Ava (friend of Maya) is going',
  ...over,
});

describe('friends on a search result', () => {
  it('shows each line about a camp once, and nothing about other camps', () => {
    const going = [
      { campId: 1, sessionId: 10, label: 'Ava (friend of Maya) is going' },
      { campId: 1, sessionId: 11, label: 'Ava (friend of Maya) is going' },
      { campId: 2, sessionId: 20, label: 'Noah (the Lee family) is going' },
    ];
    expect(friendLabels(going, 1)).toEqual(['Ava (friend of Maya) is going']);
    expect(friendLabels(going, 3)).toEqual([]);
    expect(friendLabels(undefined, 1)).toEqual([]);
  });
});

describe('friends in the planner’s weeks', () => {
  it('puts a friend’s place in every week it meets, and a year-round one in none', () => {
    const twoWeeks = place({ endDate: '2031-07-18' });
    const yearRound = place({ startDate: null, endDate: null, sessionId: 11 });
    const planner = { friendPlaces: [twoWeeks, yearRound] };
    expect(friendPlacesInWeek(planner, { start: '2031-07-07', end: '2031-07-13' })).toEqual([twoWeeks]);
    expect(friendPlacesInWeek(planner, { start: '2031-07-14', end: '2031-07-20' })).toEqual([twoWeeks]);
    expect(friendPlacesInWeek(planner, { start: '2031-07-21', end: '2031-07-27' })).toEqual([]);
  });
});
