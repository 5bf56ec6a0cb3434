import { compose } from './compose.ts';
import type { MailMessage } from './service.ts';

export function friendInvitationMail(
  to: string,
  inviter: { firstName: string; lastName: string },
  acceptUrl: string,
  days: number,
): MailMessage {
  const name = `${inviter.firstName} ${inviter.lastName}`;
  return compose(
    to,
    `${name} invites you to plan camps together on Campwise`,
    'Hi,',
    [
      `${name} would like your families to be friends on Campwise. Friends can each choose, child by child, to share which camp sessions their children are going to, so the children can go to camp together.`,
      `Nothing is shared until you choose to. Open the link below and sign in, or create a free parent account, to accept. The link works once and expires in ${days} days.`,
      'If you do not know this person, you can ignore this e-mail.',
    ],
    { label: 'See the invitation', url: acceptUrl },
  );
}

export function friendAcceptedMail(
  to: string,
  firstName: string,
  friend: { firstName: string; lastName: string },
  friendsUrl: string,
): MailMessage {
  return compose(
    to,
    `${friend.firstName} ${friend.lastName} accepted your invitation`,
    `Hi ${firstName},`,
    [
      `${friend.firstName} ${friend.lastName} and you are now friends on Campwise. Choose which of your children's sessions to share with them on your Friends page.`,
    ],
    { label: 'Go to Friends', url: friendsUrl },
  );
}
