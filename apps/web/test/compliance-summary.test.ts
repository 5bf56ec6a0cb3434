import { COMPLIANCE_STATUSES, type ComplianceStatus } from '@campwise/contract/background-checks';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkRecordedText,
  complianceCounts,
  complianceSummary,
  everyoneClear,
} from '../src/components/background-checks/check-text.ts';

const rows = (...statuses: ComplianceStatus[]) => statuses.map((status) => ({ status }));

describe('the compliance summary', () => {
  it('counts each standing in the order of the statuses', () => {
    expect(complianceSummary(rows('none', 'clear', 'expired', 'clear', 'expiring', 'clear'))).toBe(
      '3 clear · 1 expires within 30 days · 1 expired · 1 without a check',
    );
  });

  it('leaves out standings nobody is in and agrees the verb with the count', () => {
    expect(complianceSummary(rows('clear'))).toBe('1 clear');
    expect(complianceSummary(rows('expiring', 'expiring', 'consider', 'consider'))).toBe(
      '2 expire within 30 days · 2 need review',
    );
    expect(complianceSummary(rows('consider'))).toBe('1 needs review');
    expect(complianceSummary([])).toBe('');
  });

  it('counts every member exactly once', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...COMPLIANCE_STATUSES)), (statuses) => {
        const counts = complianceCounts(rows(...statuses));
        expect(Object.values(counts).reduce((sum, count) => sum + count, 0)).toBe(statuses.length);
        for (const status of COMPLIANCE_STATUSES) {
          expect(counts[status]).toBe(statuses.filter((each) => each === status).length);
        }
      }),
    );
  });

  it('says everyone is clear only when each may work with children', () => {
    expect(everyoneClear(rows('clear', 'expiring'))).toBe(true);
    expect(everyoneClear(rows('clear', 'consider'))).toBe(false);
    expect(everyoneClear(rows('none'))).toBe(false);
  });

  it('names the member in the saved note', () => {
    expect(checkRecordedText('Sasha Reyes')).toBe('Background check saved for Sasha Reyes.');
  });
});
