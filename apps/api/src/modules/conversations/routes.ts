import {
  ANNOUNCEMENTS_PER_DAY,
  announcementBody,
  announcementReadersResponse,
  CONVERSATIONS_PER_HOUR,
  conversationResponse,
  conversationStatusBody,
  conversationStatuses,
  hostInboxResponse,
  inboxResponse,
  messageResponse,
  receivedAnnouncementResponse,
  replyFields,
  sentAnnouncementResponse,
  sentAnnouncementsResponse,
  startConversationBody,
  unreadResponse,
} from '@campwise/contract/conversations';
import { idParams } from '@campwise/contract/ids';
import { messages } from '@campwise/contract/messages';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { multipartBody, parseFields, readMultipart } from '../../platform/multipart.ts';
import { fileAnswer } from '../../platform/openapi.ts';
import { sendPrivateFile } from '../../platform/private-files.ts';
import { rateLimit } from '../../platform/rate-limit.ts';
import { prepareAttachment } from './attachments.ts';
import { conversationFor, type Viewer } from './conversation-access.ts';
import { ANNOUNCEMENTS_JOB } from './deliver-announcements.ts';
import { messageFamily } from './message-family.ts';
import { type MessageLinks, postMessage, setConversationStatus, startConversation } from './post-message.ts';
import { listReceivedAnnouncements, openAnnouncement } from './read-announcements.ts';
import { readAttachment } from './read-attachment.ts';
import { listConversations, openConversation, unreadCount } from './read-conversations.ts';
import {
  announcementReaders,
  listCampAnnouncements,
  listSessionAnnouncements,
  sendAnnouncement,
} from './send-announcement.ts';

const perUser = (request: FastifyRequest) => (request.user ? String(request.user.id) : null);

/** New conversations per user: enough for real questions, too few to flood the other side. */
const conversationLimit = rateLimit({
  name: 'new-conversations',
  max: CONVERSATIONS_PER_HOUR,
  windowMs: 60 * 60 * 1000,
  key: perUser,
  message: messages.conversationsRateLimited,
});

const announcementLimit = rateLimit({
  name: 'announcements',
  max: ANNOUNCEMENTS_PER_DAY,
  windowMs: 24 * 60 * 60 * 1000,
  key: perUser,
  message: messages.announcementsRateLimited,
});

const hostInboxQuery = z.object({ status: z.enum(conversationStatuses).optional() }).strict();

/**
 * Conversations between a family and an organisation, and a host's announcements to the
 * families of a camp (decision 031). A conversation is seen only by its family and the
 * organisation's host; everyone else gets a 404.
 */
export const conversationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['messages'];
  const { db, storage } = app;
  const publicUrl = app.config.publicUrl;
  const links: MessageLinks = {
    threadUrl: (side, id) => `${publicUrl}/${side === 'family' ? 'camper' : 'host'}/messages/${id}`,
  };
  const family = (request: FastifyRequest): Viewer => ({ side: 'family', userId: currentUser(request).id });
  const hostViewer = (request: FastifyRequest): Viewer => ({ side: 'host', userId: currentUser(request).id });

  /** A reply from either side: access first, then the form, the attachment and the message. */
  async function reply(request: FastifyRequest, viewer: Viewer, conversationId: number) {
    await conversationFor(db, viewer, conversationId);
    const form = await readMultipart(request, ['attachment']);
    const { body } = parseFields(replyFields, form.fields);
    const file = form.files.attachment;
    const attachment = file ? await prepareAttachment(file, form.fileNames.attachment) : null;
    const message = await postMessage(db, links, viewer, conversationId, body, attachment);
    app.jobs.kick('mail');
    return message;
  }

  /** An attachment, to the conversation's two sides only, never kept by a cache (decision 044). */
  const attachmentRoute = (side: 'camper' | 'host', viewerOf: (request: FastifyRequest) => Viewer) =>
    app.get(
      `/${side}/message-attachments/:id`,
      {
        schema: {
          ...fileAnswer('application/pdf', 'image/webp'),
          tags,
          summary: "A message's attachment (an image or a PDF), for the conversation's family and host",
          params: idParams,
        },
        config: side === 'camper' ? { access: 'camper' } : { access: 'subscribedHost', right: 'messages' },
      },
      async (request, res) =>
        sendPrivateFile(res, await readAttachment(db, storage, viewerOf(request), request.params.id)),
    );
  attachmentRoute('camper', family);
  attachmentRoute('host', hostViewer);

  app.get(
    '/camper/messages',
    {
      schema: {
        tags,
        summary: "The family's conversations and the announcements sent to it, latest first",
        response: { 200: inboxResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: {
        conversations: await listConversations(db, family(request)),
        announcements: await listReceivedAnnouncements(db, currentUser(request).id),
      },
    }),
  );

  app.get(
    '/camper/messages/unread',
    {
      schema: {
        tags,
        summary: 'How many conversations and announcements the family has not read',
        response: { 200: unreadResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: { count: await unreadCount(db, family(request)) } }),
  );

  app.post(
    '/camper/camps/:id/conversations',
    {
      schema: {
        tags,
        summary: "Ask a listed camp's host a question: a new conversation with its organisation",
        params: idParams,
        body: startConversationBody,
        response: { 201: conversationResponse },
      },
      config: { access: 'camper' },
      preHandler: conversationLimit,
    },
    async (request, res) => {
      const conversation = await startConversation(
        db,
        links,
        currentUser(request).id,
        request.params.id,
        request.body.body,
      );
      app.jobs.kick('mail');
      return res.status(201).send({ data: conversation });
    },
  );

  app.get(
    '/camper/conversations/:id',
    {
      schema: {
        tags,
        summary: "One of the family's conversations; opening it marks the host's messages read",
        params: idParams,
        response: { 200: conversationResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await openConversation(db, family(request), request.params.id) }),
  );

  app.post(
    '/camper/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Reply in a conversation (multipart: body, optional attachment: an image or a PDF)',
        params: idParams,
        ...multipartBody,
        response: { 201: messageResponse },
      },
      config: { access: 'camper' },
    },
    async (request, res) =>
      res.status(201).send({ data: await reply(request, family(request), request.params.id) }),
  );

  app.get(
    '/camper/announcements/:id',
    {
      schema: {
        tags,
        summary: 'An announcement sent to the family; opening it tells the host it was read',
        params: idParams,
        response: { 200: receivedAnnouncementResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await openAnnouncement(db, currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/host/messages',
    {
      schema: {
        tags,
        summary: "Conversations with families across the host's organisations, latest first",
        querystring: hostInboxQuery,
        response: { 200: hostInboxResponse },
      },
      config: { access: 'subscribedHost', acrossTeams: true },
    },
    async (request) => ({ data: await listConversations(db, hostViewer(request), request.query.status) }),
  );

  app.get(
    '/host/messages/unread',
    {
      schema: {
        tags,
        summary: 'How many conversations have a message the host has not read',
        response: { 200: unreadResponse },
      },
      // The top bar asks on every screen, a lapsed subscription's too: families may still be waiting.
      config: { access: 'host' },
    },
    async (request) => ({ data: { count: await unreadCount(db, hostViewer(request)) } }),
  );

  app.get(
    '/host/conversations/:id',
    {
      schema: {
        tags,
        summary: "A conversation with a family; opening it marks the family's messages read",
        params: idParams,
        response: { 200: conversationResponse },
      },
      config: { access: 'subscribedHost', right: 'messages' },
    },
    async (request) => ({ data: await openConversation(db, hostViewer(request), request.params.id) }),
  );

  app.post(
    '/host/conversations/:id/messages',
    {
      schema: {
        tags,
        summary: 'Reply to a family (multipart: body, optional attachment: an image or a PDF)',
        params: idParams,
        ...multipartBody,
        response: { 201: messageResponse },
      },
      config: { access: 'subscribedHost', right: 'messages' },
    },
    async (request, res) =>
      res.status(201).send({ data: await reply(request, hostViewer(request), request.params.id) }),
  );

  app.post(
    '/host/registrations/:id/messages',
    {
      schema: {
        tags,
        summary:
          "Write to the family of a place on one of the host's camps: in their latest conversation, or a new one",
        params: idParams,
        body: startConversationBody,
        response: { 201: conversationResponse },
      },
      config: { access: 'subscribedHost', right: 'messages' },
      preHandler: conversationLimit,
    },
    async (request, res) => {
      const conversation = await messageFamily(
        db,
        links,
        currentUser(request).id,
        request.params.id,
        request.body.body,
      );
      app.jobs.kick('mail');
      return res.status(201).send({ data: conversation });
    },
  );

  app.put(
    '/host/conversations/:id/status',
    {
      schema: {
        tags,
        summary: 'Mark a conversation done, or open again',
        params: idParams,
        body: conversationStatusBody,
        response: { 200: conversationResponse },
      },
      config: { access: 'subscribedHost', right: 'messages' },
    },
    async (request) => ({
      data: await setConversationStatus(db, currentUser(request).id, request.params.id, request.body.status),
    }),
  );

  app.post(
    '/host/camp/:id/announcements',
    {
      schema: {
        tags,
        summary: 'Send an announcement to the families of a session, the camp or its waitlist',
        params: idParams,
        body: announcementBody,
        response: { 201: sentAnnouncementResponse },
      },
      config: { access: 'subscribedHost', right: 'messages' },
      preHandler: announcementLimit,
    },
    async (request, res) => {
      const sent = await sendAnnouncement(db, currentUser(request).id, request.params.id, request.body);
      app.jobs.kick(ANNOUNCEMENTS_JOB);
      return res.status(201).send({ data: sent });
    },
  );

  app.get(
    '/host/camp/:id/announcements',
    {
      schema: {
        tags,
        summary: "The announcements sent for one of the host's camps, newest first, with read counts",
        params: idParams,
        response: { 200: sentAnnouncementsResponse },
      },
      config: { access: 'subscribedHost', right: 'messages' },
    },
    async (request) => ({
      data: await listCampAnnouncements(db, currentUser(request).id, request.params.id),
    }),
  );

  app.get(
    '/host/sessions/:id/announcements',
    {
      schema: {
        tags,
        summary: "What a session's families were told (its own and the camp's announcements), for its staff",
        params: idParams,
        response: { 200: sentAnnouncementsResponse },
      },
      config: { access: 'subscribedHost', right: 'check-in' },
    },
    async (request) => ({
      data: await listSessionAnnouncements(db, currentUser(request).id, request.params.id),
    }),
  );

  app.get(
    '/host/announcements/:id',
    {
      schema: {
        tags,
        summary: 'One announcement with each family it went to and when they read it',
        params: idParams,
        response: { 200: announcementReadersResponse },
      },
      config: { access: 'subscribedHost', right: 'messages' },
    },
    async (request) => ({ data: await announcementReaders(db, currentUser(request).id, request.params.id) }),
  );
};
