/** Friends: families who share which sessions their children go to (docs/decisions/020). */
export const friendsMessages = {
  friendInviteSelf: 'That is your own address. Invite another family.',
  friendInviteAlreadyFriends: 'You are already friends with that family.',
  friendInviteAlreadyPending:
    'You have already invited that address. You can cancel that invitation and send a new one.',
  friendInviteSent: 'Invitation sent to {email}.',
  friendInvitationsRateLimited:
    'You have sent a lot of invitations. Please wait an hour before sending more.',
  friendInvitationNotFound: 'We could not find that invitation. Ask for a new link.',
  friendInvitationExpired: 'This invitation has expired. Ask for a new link.',
  friendInvitationUsed: 'This invitation has already been used. Ask for a new link.',
  friendInvitationOwn: 'This is your own invitation. Send the link to another family.',
  friendAlreadyFriends: 'You are already friends with this family.',
  friendNotFound: 'We could not find that friend.',
  friendChildNotFound: 'We could not find that child in your family.',
  friendEndConfirm:
    "Stop being friends with the {family}? Both families stop seeing each other's sessions at once.",
  friendLinkCopied: 'Invitation link copied. It works once and expires in 14 days.',
} as const;
