import {
  FRIEND_INVITATIONS_PER_HOUR,
  friendInvitationResponse,
  friendResponse,
  friendsGoingQuery,
  friendsGoingResponse,
  friendsResponse,
  invitationLinkResponse,
  invitationPreviewResponse,
  invitationTokenBody,
  invitationTokenQuery,
  inviteFriendBody,
  shareBody,
  shareParams,
  shareResponse,
} from '@campwise/contract/friends';
import { idParams } from '@campwise/contract/ids';
import { messages } from '@campwise/contract/messages';
import { deletedResponse } from '@campwise/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { rateLimit } from '../../platform/rate-limit.ts';
import { endFriendship, setShare } from './friendships.ts';
import { friendsGoing } from './going.ts';
import {
  acceptInvitation,
  cancelInvitation,
  createInvitationLink,
  inviteByEmail,
  previewInvitation,
} from './invitations.ts';
import { readFriendsOverview } from './overview.ts';

/** Invitations by e-mail and as links count together, per parent, so nobody floods addresses. */
const invitationLimit = rateLimit({
  name: 'friend-invitations',
  max: FRIEND_INVITATIONS_PER_HOUR,
  windowMs: 60 * 60 * 1000,
  key: (request) => (request.user ? String(request.user.id) : null),
  message: messages.friendInvitationsRateLimited,
});

/**
 * Friend families (decision 020): parents only. Hosts and administrators get none of these
 * routes, and nothing here reaches a host's roster.
 */
export const friendRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['friends'];
  const publicUrl = app.config.publicUrl;

  app.get(
    '/camper/friends',
    {
      schema: {
        tags,
        summary: "The parent's children, friend families and open invitations",
        response: { 200: friendsResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await readFriendsOverview(app.db, currentUser(request).id) }),
  );

  app.post(
    '/camper/friends/invitations',
    {
      schema: {
        tags,
        summary:
          'Invite a family by e-mail (the answer is the same whether or not the address has an account)',
        body: inviteFriendBody,
        response: { 201: friendInvitationResponse },
      },
      config: { access: 'camper' },
      preHandler: invitationLimit,
    },
    async (request, reply) => {
      const invitation = await inviteByEmail(app.db, publicUrl, currentUser(request).id, request.body.email);
      return reply.status(201).send({ data: invitation });
    },
  );

  app.post(
    '/camper/friends/invitations/link',
    {
      schema: {
        tags,
        summary: 'An invitation link to hand out; it is shown only in this answer',
        response: { 201: invitationLinkResponse },
      },
      config: { access: 'camper' },
      preHandler: invitationLimit,
    },
    async (request, reply) => {
      const link = await createInvitationLink(app.db, publicUrl, currentUser(request).id);
      return reply.status(201).send({ data: link });
    },
  );

  app.delete(
    '/camper/friends/invitations/:id',
    {
      schema: { tags, summary: 'Cancel an invitation', params: idParams, response: { 200: deletedResponse } },
      config: { access: 'camper' },
    },
    async (request) => {
      await cancelInvitation(app.db, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    '/camper/friends/invitation',
    {
      schema: {
        tags,
        summary: 'Who an invitation link is from, if the signed-in parent can accept it',
        querystring: invitationTokenQuery,
        response: { 200: invitationPreviewResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await previewInvitation(app.db, currentUser(request).id, request.query.token),
    }),
  );

  app.post(
    '/camper/friends/invitations/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation: the families become friends, with nothing shared yet',
        body: invitationTokenBody,
        response: { 201: friendResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const friend = await acceptInvitation(app.db, publicUrl, currentUser(request).id, request.body.token);
      return reply.status(201).send({ data: friend });
    },
  );

  app.put(
    '/camper/friends/:id/shares/:childId',
    {
      schema: {
        tags,
        summary: "Share a child's sessions with a friend family, or stop at once",
        params: shareParams,
        body: shareBody,
        response: { 200: shareResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await setShare(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.params.childId,
        request.body.shared,
      ),
    }),
  );

  app.delete(
    '/camper/friends/:id',
    {
      schema: {
        tags,
        summary: 'Stop being friends: both families stop sharing at once',
        params: idParams,
        response: { 200: deletedResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => {
      await endFriendship(app.db, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    '/camper/friends/going',
    {
      schema: {
        tags,
        summary: "At these camps, the sessions friends' shared children are going to",
        querystring: friendsGoingQuery,
        response: { 200: friendsGoingResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await friendsGoing(app.db, currentUser(request).id, request.query.campIds) }),
  );
};
