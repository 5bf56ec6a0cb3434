import { describe, expect, it } from 'vitest';
import { ageOn, childBody, latestToday, utcToday } from '../src/children.ts';
import { messages } from '../src/messages.ts';

const child = {
  firstName: 'Maya',
  lastName: 'Meadows',
  gender: 'female',
  shirtSize: 'youth_m',
  birthday: '2016-04-09',
};

describe('ageOn', () => {
  it.each([
    ['2016-04-09', '2026-04-08', 9],
    ['2016-04-09', '2026-04-09', 10],
    ['2016-04-09', '2026-12-31', 10],
    ['2016-02-29', '2026-02-28', 9],
    ['2016-02-29', '2026-03-01', 10],
    ['2026-05-01', '2026-05-01', 0],
    // A birthday that is still tomorrow here counts as no age, not minus one.
    ['2026-05-02', '2026-05-01', 0],
  ])('a child born %s is, on %s, %i', (birthday, on, age) => {
    expect(ageOn(birthday, on)).toBe(age);
  });
});

describe('today', () => {
  it('is the UTC date, and the date where the day began first is that or the next', () => {
    const late = new Date('2026-05-01T20:00:00Z');
    expect(utcToday(late)).toBe('2026-05-01');
    expect(latestToday(late)).toBe('2026-05-02');
    const early = new Date('2026-05-01T02:00:00Z');
    expect(latestToday(early)).toBe('2026-05-01');
  });
});

describe('childBody', () => {
  it('trims names, leaves medical notes out when blank and keeps the birthday as written', () => {
    expect(childBody.parse({ ...child, firstName: ' Maya ', medical: '   ' })).toEqual({
      ...child,
      medical: null,
    });
  });

  it('needs a shirt size, and takes a gender left unsaid (the form chooses neither)', () => {
    const result = childBody.safeParse({ ...child, gender: undefined, shirtSize: undefined });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['shirtSize', messages.requiredFields],
    ]);
    expect(childBody.parse({ ...child, gender: undefined }).gender).toBeNull();
    expect(childBody.parse({ ...child, gender: null }).gender).toBeNull();
    expect(childBody.safeParse({ ...child, gender: 'unknown' }).error?.issues[0]?.message).toBe(
      messages.invalidInput,
    );
  });

  it('refuses a birthday that has not happened anywhere yet', () => {
    const future = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(childBody.safeParse({ ...child, birthday: future }).error?.issues[0]?.message).toBe(
      messages.birthdayInFuture,
    );
  });
});
