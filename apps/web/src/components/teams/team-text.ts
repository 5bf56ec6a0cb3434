import { messages } from '@campwise/contract/messages';
import { ROLE_LABELS, TEAM_ROLES, type TeamRole } from '@campwise/contract/team-roles';
import type { TeamMember } from '@campwise/contract/teams';

export const memberName = (member: Pick<TeamMember, 'firstName' | 'lastName'>) =>
  `${member.firstName} ${member.lastName}`.trim();

/** The owner first, then managers, then staff; by name within a role. */
export function orderMembers<Member extends Pick<TeamMember, 'role' | 'firstName' | 'lastName' | 'userId'>>(
  members: readonly Member[],
): Member[] {
  const byName = new Intl.Collator('en-US', { sensitivity: 'base' });
  const rank = (role: TeamRole) => TEAM_ROLES.indexOf(role);
  return [...members].sort(
    (a, b) =>
      rank(a.role) - rank(b.role) || byName.compare(memberName(a), memberName(b)) || a.userId - b.userId,
  );
}

/** A message with its one placeholder filled (the contract's messages name them in braces). */
const fill = (template: string, values: Record<string, string>) =>
  Object.entries(values).reduce((text, [name, value]) => text.replace(`{${name}}`, value), template);

export const teamText = {
  invitationSent: (email: string) => fill(messages.teamInvitationSent, { email }),
  roleChanged: (name: string, role: TeamRole) =>
    fill(messages.teamRoleChanged, { name, role: ROLE_LABELS[role] }),
  memberRemoved: (name: string) => fill(messages.teamMemberRemoved, { name }),
  removeConfirm: (name: string) => fill(messages.teamRemoveConfirm, { name }),
  left: (org: string) => fill(messages.teamLeft, { org }),
  leaveConfirm: (org: string) => fill(messages.teamLeaveConfirm, { org }),
  accepted: (org: string, role: TeamRole) =>
    fill(messages.teamInvitationAccepted, { org, role: ROLE_LABELS[role] }),
};

/** Whether a message, with its placeholders filled, was made from the template. */
function madeFrom(template: string, message: string): boolean {
  const pattern = template
    .split(/\{[a-z]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.+');
  return new RegExp(`^${pattern}$`, 's').test(message);
}

/**
 * The server's refusals of an invitation that are about the address typed (already on the
 * team, already invited): said beside the E-mail field rather than above the form.
 */
export function isAboutInvitedAddress(message: string): boolean {
  return madeFrom(messages.teamAlreadyMember, message) || madeFrom(messages.teamAlreadyInvited, message);
}
