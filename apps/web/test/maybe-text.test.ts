import type { Maybe } from '@campwise/contract/planner';
import { describe, expect, it } from 'vitest';
import {
  maybesByChild,
  maybesOfSession,
  maybeTitle,
  savedMaybeLabel,
  saveMaybeLabel,
} from '../src/components/maybes/maybe-text.ts';

let nextId = 1;
function maybe(overrides: Partial<Maybe>): Maybe {
  nextId += 1;
  return {
    id: nextId,
    childId: 1,
    campId: 1,
    campName: 'Lakeside Days',
    sessionId: 10,
    sessionName: 'Week 2',
    severalSessions: true,
    startDate: '2027-06-21',
    endDate: '2027-06-25',
    startTime: '09:00',
    endTime: '15:00',
    weekdays: [1, 2, 3, 4, 5],
    priceCents: 45000,
    spotsLeft: 4,
    allowsWaitlist: false,
    city: 'Springfield',
    state: 'IL',
    isVirtual: false,
    bookable: true,
    ...overrides,
  };
}

const maya = { id: 1, firstName: 'Maya', lastName: 'Fielding' };
const leo = { id: 2, firstName: 'Leo', lastName: 'Fielding' };
const sam = { id: 3, firstName: 'Sam', lastName: 'Fielding' };

describe('the heart’s name', () => {
  it('asks to save the session until it is saved', () => {
    expect(saveMaybeLabel('Week 2')).toBe('Save Week 2 as a maybe');
  });

  it('names every child it is saved for', () => {
    expect(savedMaybeLabel(['Maya'])).toBe('Saved as a maybe for Maya');
    expect(savedMaybeLabel(['Maya', 'Leo'])).toBe('Saved as a maybe for Maya and Leo');
  });
});

describe('a maybe’s title', () => {
  it('names the session only when the camp has several', () => {
    expect(maybeTitle(maybe({}))).toBe('Lakeside Days · Week 2');
    expect(maybeTitle(maybe({ severalSessions: false, sessionName: 'Session 1' }))).toBe('Lakeside Days');
  });

  it('names a session that can no longer be booked, which its camp no longer counts', () => {
    expect(maybeTitle(maybe({ severalSessions: false, bookable: false }))).toBe('Lakeside Days · Week 2');
  });
});

describe('maybes by child', () => {
  it('keeps the children’s order and each child’s maybes in the list’s order, leaving out children without any', () => {
    const first = maybe({ childId: 2, sessionId: 10 });
    const second = maybe({ childId: 1, sessionId: 11 });
    const third = maybe({ childId: 2, sessionId: 12 });
    const groups = maybesByChild([first, second, third], [leo, maya, sam]);
    expect(groups.map((group) => [group.child.firstName, group.maybes.map((item) => item.id)])).toEqual([
      ['Leo', [first.id, third.id]],
      ['Maya', [second.id]],
    ]);
  });

  it('finds the children a session is saved for', () => {
    const forMaya = maybe({ childId: 1, sessionId: 10 });
    const forLeo = maybe({ childId: 2, sessionId: 10 });
    const other = maybe({ childId: 1, sessionId: 11 });
    const saved = maybesOfSession([forMaya, forLeo, other], 10);
    expect([...saved.keys()]).toEqual([1, 2]);
    expect(saved.get(2)?.id).toBe(forLeo.id);
  });
});
