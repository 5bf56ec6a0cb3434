import { z } from 'zod';
import { dateField } from './dates.ts';
import { messages } from './messages.ts';
import { shiftDate } from './sessions.ts';
import { TEAM_ROLES } from './team-roles.ts';
import { noControlCharacters } from './text.ts';

/**
 * Background checks of the people who work with children (decision 058): who checked, when,
 * the result and when it expires, per team member; the owner keeps them.
 */
export const CHECK_RESULTS = ['clear', 'consider', 'expired'] as const;
export type CheckResult = (typeof CHECK_RESULTS)[number];

export const CHECK_RESULT_LABELS: Record<CheckResult, string> = {
  clear: 'Clear',
  consider: 'Consider',
  expired: 'Expired',
};

/** How soon before an expiry the owner is told, in days: a month ahead and a week ahead. */
export const EXPIRY_NOTICE_DAYS = [30, 7] as const;

export const backgroundCheckSchema = z
  .object({
    checkedBy: z
      .string({ error: messages.requiredFields })
      .trim()
      .min(1, messages.requiredFields)
      .max(120, messages.textTooLong)
      .refine(noControlCharacters, messages.invalidInput),
    checkedOn: dateField,
    result: z.enum(CHECK_RESULTS, { error: messages.checkResultInvalid }),
    expiresOn: dateField,
  })
  .refine((check) => check.expiresOn > check.checkedOn, {
    message: messages.checkExpiresBeforeChecked,
    path: ['expiresOn'],
  });
export type BackgroundCheckInput = z.infer<typeof backgroundCheckSchema>;

/** Where a member stands today: what the compliance view shows and assignments go by. */
export const COMPLIANCE_STATUSES = ['clear', 'expiring', 'expired', 'consider', 'none'] as const;
export type ComplianceStatus = (typeof COMPLIANCE_STATUSES)[number];

export const COMPLIANCE_LABELS: Record<ComplianceStatus, string> = {
  clear: 'Clear',
  expiring: 'Expires within 30 days',
  expired: 'Expired',
  consider: 'Needs review',
  none: 'No check on file',
};

/**
 * A member's standing from their latest check: none on file, a result to consider, expired
 * (by result or by date: the day it expires is its last), expiring within 30 days, or clear.
 */
export function complianceStatus(
  check: { result: CheckResult; expiresOn: string } | null,
  today: string,
): ComplianceStatus {
  if (!check) return 'none';
  if (check.result === 'expired' || check.expiresOn < today) return 'expired';
  if (check.result === 'consider') return 'consider';
  if (check.expiresOn <= shiftDate(today, EXPIRY_NOTICE_DAYS[0])) return 'expiring';
  return 'clear';
}

/** Whether someone may be assigned to a session with children: a check that is clear today. */
export const mayWorkWithChildren = (status: ComplianceStatus) => status === 'clear' || status === 'expiring';

export const backgroundCheckViewSchema = z.object({
  id: z.number().int(),
  checkedBy: z.string(),
  checkedOn: z.string(),
  result: z.enum(CHECK_RESULTS),
  expiresOn: z.string(),
  /** A document is kept; the owner downloads it. */
  hasDocument: z.boolean(),
  recordedAt: z.iso.datetime(),
});
export type BackgroundCheckView = z.infer<typeof backgroundCheckViewSchema>;

export const complianceRowSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  status: z.enum(COMPLIANCE_STATUSES),
  /** The latest check, or null. */
  check: backgroundCheckViewSchema.nullable(),
});
export type ComplianceRow = z.infer<typeof complianceRowSchema>;

export const complianceSchema = z.object({
  orgId: z.number().int(),
  /** The organisation's own day, which the statuses are for. */
  today: z.string(),
  members: z.array(complianceRowSchema),
});
export type Compliance = z.infer<typeof complianceSchema>;
export const complianceResponse = z.object({ data: complianceSchema });
export const complianceRowResponse = z.object({ data: complianceRowSchema });
