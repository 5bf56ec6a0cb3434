import { z } from 'zod';
import { emailField } from './email.ts';
import { FRIENDS_GOING_MAX_CAMPS } from './friends-going.ts';
import { idFromText } from './ids.ts';
import { messages } from './messages.ts';
import { MAX_ID } from './row-ids.ts';

/** How long an invitation link works (decision 020). */
export const FRIEND_INVITATION_DAYS = 14;
/** Invitations a parent may send (by e-mail or as a link) in an hour. */
export const FRIEND_INVITATIONS_PER_HOUR = 10;

/** "Sam", "Sam and Leo", "Sam, Leo and Ava". */
export function namesList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * What a parent reads about a friend's shared child at a session (decision 020): "Maya (friend
 * of Sam) is going", naming the viewer's own children shared with that family, or "Maya (the Lee
 * family) is going" when the viewer shares none with them.
 */
export function friendGoingLabel(
  childFirstName: string,
  viewerSharedChildren: readonly string[],
  friendLastName: string,
): string {
  const who =
    viewerSharedChildren.length > 0
      ? `friend of ${namesList(viewerSharedChildren)}`
      : `the ${friendLastName} family`;
  return `${childFirstName} (${who}) is going`;
}

const id = z.number().int().positive().max(MAX_ID);

export const friendInvitationSchema = z.object({
  id: z.number().int(),
  /** The address it was mailed to; null for a link handed out by the parent. */
  email: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type FriendInvitation = z.infer<typeof friendInvitationSchema>;

export const friendSchema = z.object({
  /** The friendship's id. */
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  since: z.string(),
  /** Their children who they share with this family (first names). */
  theirSharedChildren: z.array(z.string()),
  /** The viewer's children shared with them. */
  sharedChildIds: z.array(z.number().int()),
});
export type Friend = z.infer<typeof friendSchema>;

/** GET /camper/friends: the friends page in one answer. */
export const friendsResponse = z.object({
  data: z.object({
    children: z.array(z.object({ id: z.number().int(), firstName: z.string() })),
    friends: z.array(friendSchema),
    /** Sent invitations that can still be accepted. */
    invitations: z.array(friendInvitationSchema),
  }),
});
export type FriendsOverview = z.infer<typeof friendsResponse>['data'];

/** POST /camper/friends/invitations: invite a family by e-mail. */
export const inviteFriendBody = z.object({ email: emailField }).strict();
export type InviteFriendBody = z.infer<typeof inviteFriendBody>;
export const friendInvitationResponse = z.object({ data: friendInvitationSchema });

/** POST /camper/friends/invitations/link: a link to hand out; the token is shown only here. */
export const invitationLinkResponse = z.object({
  data: z.object({ invitation: friendInvitationSchema, url: z.string() }),
});

const tokenField = z
  .string({ error: messages.friendInvitationNotFound })
  .min(1, messages.friendInvitationNotFound)
  .max(200, messages.friendInvitationNotFound);

/** GET /camper/friends/invitation?token=: who invites, before accepting. */
export const invitationTokenQuery = z.object({ token: tokenField }).strict();
/** POST /camper/friends/invitations/accept. */
export const invitationTokenBody = z.object({ token: tokenField }).strict();
export const invitationPreviewResponse = z.object({
  data: z.object({ inviterFirstName: z.string(), inviterLastName: z.string(), expiresAt: z.string() }),
});
export type InvitationPreview = z.infer<typeof invitationPreviewResponse>['data'];
export const friendResponse = z.object({ data: friendSchema });

/** PUT /camper/friends/:id/shares/:childId: share a child's sessions with a friend, or stop. */
export const shareParams = z.object({ id: idFromText, childId: idFromText }).strict();
export const shareBody = z.object({ shared: z.boolean() }).strict();
export const shareResponse = z.object({ data: z.object({ childId: z.number().int(), shared: z.boolean() }) });

/** GET /camper/friends/going?campIds=1,2,3: friends' shared children at those camps. */
export const friendsGoingQuery = z
  .object({
    campIds: z
      .string({ error: messages.invalidInput })
      .regex(/^\d{1,10}(,\d{1,10})*$/, messages.invalidInput)
      .transform((text) => [...new Set(text.split(',').map(Number))])
      .refine(
        (ids) => ids.length <= FRIENDS_GOING_MAX_CAMPS && ids.every((one) => id.safeParse(one).success),
        {
          message: messages.invalidInput,
        },
      ),
  })
  .strict();
export type FriendsGoingQuery = z.infer<typeof friendsGoingQuery>;

export const friendGoingSchema = z.object({
  campId: z.number().int(),
  sessionId: z.number().int(),
  label: z.string(),
});
export type FriendGoing = z.infer<typeof friendGoingSchema>;
export const friendsGoingResponse = z.object({ data: z.array(friendGoingSchema) });

/** A friend's shared child's place in the planner's range (decision 020). */
export const friendPlaceSchema = z.object({
  campId: z.number().int(),
  campName: z.string(),
  sessionId: z.number().int(),
  sessionName: z.string(),
  severalSessions: z.boolean(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  label: z.string(),
});
export type FriendPlace = z.infer<typeof friendPlaceSchema>;
