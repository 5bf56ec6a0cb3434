import { idParams } from '@campwise/contract/ids';
import { deletedResponse } from '@campwise/contract/responses';
import {
  hostCampSessionResponse,
  hostCampSessionsResponse,
  openingNoticeResponse,
  openingNoticesResponse,
  sessionBody,
} from '@campwise/contract/sessions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { listCampSessionsForHost } from '../../shared/session-reads.ts';
import { campAccess } from '../access/index.ts';
import type { RegistrationDeps } from '../registrations/index.ts';
import { cancelSession, deleteSession } from './cancel-session.ts';
import { addSession, copySessionToNextWeek, editSession } from './save-session.ts';
import { listSessionNotices, requestOpeningNotice, requestPlaceNotice } from './session-notices.ts';

/** Job that e-mails parents when a session they asked about opens for registration. */

/**
 * A host's sessions of a camp (add, change, copy to the next week, cancel, delete), and a
 * parent's "Notify me" for a session whose registration has not opened yet.
 */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: RegistrationDeps = {
    db: app.db,
    payments: app.payments,
    publicUrl: app.config.publicUrl,
    platformFee: app.config.platformFee,
  };
  const tags = ['sessions'];

  app.get(
    '/host/camp/:id/sessions',
    {
      schema: {
        tags,
        summary: "A camp's sessions, cancelled ones too, with places taken",
        params: idParams,
        response: { 200: hostCampSessionsResponse },
      },
      config: { access: 'subscribedHost', right: 'org:view' },
    },
    async (request) => {
      await campAccess(app.db, currentUser(request).id, request.params.id, 'org:view');
      return { data: await listCampSessionsForHost(app.db, request.params.id) };
    },
  );

  app.post(
    '/host/camp/:id/sessions',
    {
      schema: {
        tags,
        summary: 'Add a session to a camp',
        params: idParams,
        body: sessionBody,
        response: { 201: hostCampSessionResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await addSession(app.db, currentUser(request).id, request.params.id, request.body) }),
  );

  app.put(
    '/host/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Change a session (a new price applies to new places only)',
        params: idParams,
        body: sessionBody,
        response: { 200: hostCampSessionResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({
      data: await editSession(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.post(
    '/host/sessions/:id/copy',
    {
      schema: {
        tags,
        summary: 'Copy a session to the next week (dates shifted by 7 days)',
        params: idParams,
        response: { 201: hostCampSessionResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await copySessionToNextWeek(app.db, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/host/sessions/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a session: every paid place is refunded in full and each family e-mailed',
        params: idParams,
        response: { 200: hostCampSessionResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => {
      const cancelled = await cancelSession(deps, currentUser(request).id, request.params.id);
      app.jobs.kick('mail');
      return { data: cancelled };
    },
  );

  app.delete(
    '/host/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Delete a session nobody registered for',
        params: idParams,
        response: { 200: deletedResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => {
      await deleteSession(app.db, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  app.post(
    '/camper/sessions/:id/opening-notice',
    {
      schema: {
        tags,
        summary: 'Be e-mailed once when the session opens for registration',
        params: idParams,
        response: { 201: openingNoticeResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      await requestOpeningNotice(app.db, currentUser(request).id, request.params.id);
      return reply.code(201).send({ data: { sessionId: request.params.id } });
    },
  );

  app.get(
    '/camper/opening-notices',
    {
      schema: {
        tags,
        summary: 'The sessions the parent asked to hear about, not opened yet',
        response: { 200: openingNoticesResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await listSessionNotices(app.db, currentUser(request).id, 'opening') }),
  );

  app.post(
    '/camper/sessions/:id/place-alert',
    {
      schema: {
        tags,
        summary: 'Be e-mailed once when a spot frees up at this full session without a waitlist',
        params: idParams,
        response: { 201: openingNoticeResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      await requestPlaceNotice(app.db, currentUser(request).id, request.params.id);
      return reply.code(201).send({ data: { sessionId: request.params.id } });
    },
  );

  app.get(
    '/camper/place-alerts',
    {
      schema: {
        tags,
        summary: 'The full sessions the parent asked to hear about, no spot freed yet',
        response: { 200: openingNoticesResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await listSessionNotices(app.db, currentUser(request).id, 'place') }),
  );
};
