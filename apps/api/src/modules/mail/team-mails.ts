import { formatDate } from '@campwise/contract/format';
import { type MemberRole, ROLE_LABELS } from '@campwise/contract/team-roles';
import { compose } from './compose.ts';
import type { MailMessage } from './service.ts';

export function teamInvitationMail(
  to: string,
  invite: { orgName: string; role: MemberRole; invitedBy: string },
  acceptUrl: string,
  days: number,
): MailMessage {
  return compose(
    to,
    `${invite.orgName} invites you to its team on Campwise`,
    'Hi,',
    [
      `${invite.invitedBy} has invited you to join ${invite.orgName} on Campwise as ${invite.role === 'manager' ? 'a manager' : 'a staff member'}.`,
      `Open the link below and sign in, or create a free host account with this address, to accept. The link works once and expires in ${days} days.`,
      'If you were not expecting this, you can ignore this e-mail.',
    ],
    { label: 'See the invitation', url: acceptUrl },
  );
}

export function teamJoinedMail(
  to: string,
  ownerFirstName: string,
  member: { firstName: string; lastName: string; role: MemberRole },
  orgName: string,
  teamUrl: string,
): MailMessage {
  return compose(
    to,
    `${member.firstName} ${member.lastName} joined ${orgName}`,
    `Hi ${ownerFirstName},`,
    [
      `${member.firstName} ${member.lastName} accepted your invitation and is now on the team of ${orgName} as ${ROLE_LABELS[member.role].toLowerCase()}.`,
    ],
    { label: 'See your team', url: teamUrl },
  );
}

export function backgroundCheckExpiryMail(
  to: string,
  ownerFirstName: string,
  check: { memberName: string; orgName: string; expiresOn: string },
  teamUrl: string,
): MailMessage {
  const on = formatDate(check.expiresOn, { weekday: 'long' });
  return compose(
    to,
    `${check.memberName}'s background check expires on ${formatDate(check.expiresOn)}`,
    `Hi ${ownerFirstName},`,
    [
      `The background check of ${check.memberName} at ${check.orgName} expires on ${on}.`,
      'Once it has expired they cannot be assigned to a session with children. Record their new check on the Team page.',
    ],
    { label: 'See your team', url: teamUrl },
  );
}
