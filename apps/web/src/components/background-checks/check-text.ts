import {
  COMPLIANCE_STATUSES,
  type ComplianceRow,
  type ComplianceStatus,
} from '@campwise/contract/background-checks';
import { messages } from '@campwise/contract/messages';

/** How many members stand where, every standing counted (0 when nobody does). */
export function complianceCounts(
  members: readonly Pick<ComplianceRow, 'status'>[],
): Record<ComplianceStatus, number> {
  const counts = Object.fromEntries(COMPLIANCE_STATUSES.map((status) => [status, 0])) as Record<
    ComplianceStatus,
    number
  >;
  for (const member of members) counts[member.status] += 1;
  return counts;
}

const summaryWords: Record<ComplianceStatus, (count: number) => string> = {
  clear: (count) => `${count} clear`,
  expiring: (count) => `${count} ${count === 1 ? 'expires' : 'expire'} within 30 days`,
  expired: (count) => `${count} expired`,
  consider: (count) => `${count} ${count === 1 ? 'needs' : 'need'} review`,
  none: (count) => `${count} without a check`,
};

/** Each standing somebody is in, counted: "3 clear", "1 expires within 30 days". */
export function complianceSummaryParts(members: readonly Pick<ComplianceRow, 'status'>[]): string[] {
  const counts = complianceCounts(members);
  return COMPLIANCE_STATUSES.filter((status) => counts[status] > 0).map((status) =>
    summaryWords[status](counts[status]),
  );
}

/**
 * The line above the compliance list: "3 clear · 1 expires within 30 days · 1 expired · 1
 * without a check", each standing nobody is in left out.
 */
export function complianceSummary(members: readonly Pick<ComplianceRow, 'status'>[]): string {
  return complianceSummaryParts(members).join(' · ');
}

/** Whether everyone on the team has a check that lets them work with children today. */
export function everyoneClear(members: readonly Pick<ComplianceRow, 'status'>[]): boolean {
  return members.every((member) => member.status === 'clear' || member.status === 'expiring');
}

export const checkRecordedText = (name: string) => messages.checkRecorded.replace('{name}', name);
