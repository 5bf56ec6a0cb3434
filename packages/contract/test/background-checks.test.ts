import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { backgroundCheckSchema, complianceStatus, mayWorkWithChildren } from '../src/background-checks.ts';
import { messages } from '../src/messages.ts';
import { shiftDate } from '../src/sessions.ts';

const today = '2027-03-10';

describe('a member’s standing from their latest check', () => {
  it('is none without a check, expired on the day after its last, expiring within 30 days, else clear', () => {
    expect(complianceStatus(null, today)).toBe('none');
    expect(complianceStatus({ result: 'clear', expiresOn: '2027-03-09' }, today)).toBe('expired');
    expect(complianceStatus({ result: 'clear', expiresOn: today }, today)).toBe('expiring');
    expect(complianceStatus({ result: 'clear', expiresOn: '2027-04-09' }, today)).toBe('expiring');
    expect(complianceStatus({ result: 'clear', expiresOn: '2027-04-10' }, today)).toBe('clear');
    expect(complianceStatus({ result: 'consider', expiresOn: '2028-01-01' }, today)).toBe('consider');
    expect(complianceStatus({ result: 'expired', expiresOn: '2028-01-01' }, today)).toBe('expired');
  });

  it('lets only a clear check, expiring or not, work with children, whatever the dates', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -400, max: 400 }),
        fc.constantFrom('clear', 'consider', 'expired') as fc.Arbitrary<'clear' | 'consider' | 'expired'>,
        (offset, result) => {
          const expiresOn = shiftDate(today, offset);
          const may = mayWorkWithChildren(complianceStatus({ result, expiresOn }, today));
          expect(may).toBe(result === 'clear' && offset >= 0);
        },
      ),
    );
    expect(mayWorkWithChildren('none')).toBe(false);
  });
});

describe('a check as the owner records it', () => {
  const check = {
    checkedBy: 'Sterling Volunteers',
    checkedOn: '2026-06-01',
    result: 'clear',
    expiresOn: '2027-06-01',
  };

  it('takes who checked, the dates and the result', () => {
    expect(backgroundCheckSchema.parse({ ...check, checkedBy: '  Sterling Volunteers ' })).toEqual(check);
  });

  it('refuses an expiry on or before the check, a result it does not know and a missing checker', () => {
    const issues = (input: object) =>
      backgroundCheckSchema.safeParse(input).error?.issues.map((issue) => issue.message) ?? [];
    expect(issues({ ...check, expiresOn: check.checkedOn })).toEqual([messages.checkExpiresBeforeChecked]);
    expect(issues({ ...check, result: 'pending' })).toEqual([messages.checkResultInvalid]);
    expect(issues({ ...check, checkedBy: ' ' })).toEqual([messages.requiredFields]);
    expect(issues({ ...check, checkedOn: '2026-02-30' })).toEqual([messages.invalidDate]);
  });
});
