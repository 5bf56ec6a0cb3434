// Roles and rights alone, without the request schemas of teams.ts: the top bar of every page
// reads them, and importing them from there put the schema library in every page's first load.

/**
 * The people who run an organisation (decision 057). The owner is the subscribing host who
 * created it; managers run its camps; staff work the sessions they are assigned to.
 */
export const TEAM_ROLES = ['owner', 'manager', 'staff'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The roles an invitation or a role change may give: there is one owner, who created it. */
export const MEMBER_ROLES = ['manager', 'staff'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/**
 * What a member may do. Staff hold `check-in` only for the sessions they are assigned to; the
 * other roles hold it for every session of the organisation.
 */
export const TEAM_RIGHTS = [
  /** See the organisation, its camps and sessions on the host screens. */
  'org:view',
  /** Change the organisation's details and send it for review. */
  'org:edit',
  /** Delete the organisation. */
  'org:delete',
  /** Camps, sessions, prices, discounts, forms, refund policy, images and reminders. */
  'camps:manage',
  /** The full roster: families' contacts, what they paid, health notes. */
  'roster',
  /** A session's check-in sheet (children, allergy badges, pickup adults) and its taps. */
  'check-in',
  /** Children's full health profiles and the signed forms. */
  'health',
  /** Messages and announcements to families, and reviews' replies. */
  'messages',
  /** Insights, exports and reports. */
  'reports',
  /** Earnings, payouts, bank details and the plan. */
  'money',
  /** Invite people, change their roles, remove them. */
  'team',
] as const;
export type TeamRight = (typeof TEAM_RIGHTS)[number];

/** Each role's rights, fixed and documented (docs/decisions/057). */
export const ROLE_RIGHTS: Record<TeamRole, readonly TeamRight[]> = {
  owner: TEAM_RIGHTS,
  manager: ['org:view', 'org:edit', 'camps:manage', 'roster', 'check-in', 'health', 'messages', 'reports'],
  staff: ['org:view', 'check-in'],
};

export function roleHasRight(role: TeamRole, right: TeamRight): boolean {
  return ROLE_RIGHTS[role].includes(right);
}

/** The roles that hold a right, for the database's membership test. */
export function rolesWithRight(right: TeamRight): TeamRole[] {
  return TEAM_ROLES.filter((role) => roleHasRight(role, right));
}

export const ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  manager: 'Manager',
  staff: 'Staff',
};

export const ROLE_DESCRIPTIONS: Record<TeamRole, string> = {
  owner: 'Everything, including earnings, payouts, the plan and the team.',
  manager: 'Camps, sessions, prices, discounts, forms, rosters, messages and reports. No money or team.',
  staff:
    'Check-in of the sessions they are assigned to, with allergy badges and pickup adults. No prices, money or exports.',
};

/** How long a team invitation link works. */
export const TEAM_INVITATION_DAYS = 7;
