import { quoteBody, quoteResponse } from '@campwise/contract/baskets';
import { idParams } from '@campwise/contract/ids';
import {
  cancelRegistrationResponse,
  parentRegistrationListResponse,
  registerBody,
  registerResponse,
  registrationListQuery,
  registrationOptionsResponse,
  rosterResponse,
  sessionQuery,
} from '@campwise/contract/registrations';
import { transferBody, transferOptionsResponse, transferResponse } from '@campwise/contract/transfers';
import type { FastifyContextConfig, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { fileAnswer } from '../../platform/openapi.ts';
import { SESSION_NOTICES_JOB } from '../../shared/job-names.ts';
import { getChild } from '../children/index.ts';
import { checkHealthReviews } from '../health-profiles/index.ts';
import { registrationCalendar } from './calendar.ts';
import { cancelByHost, cancelByParent } from './cancel-registration.ts';
import { listParentRegistrations } from './list-registrations.ts';
import { registerBasket } from './place-basket.ts';
import { quoteBasket } from './price-basket-now.ts';
import { registerChildren } from './register-children.ts';
import { campRoster, rosterCsv } from './roster.ts';
import { type RegistrationDeps, registrationOptions } from './service.ts';
import { type TransferSide, transferOptions } from './transfer-options.ts';
import { transferPlace } from './transfer-place.ts';

/** Jobs the registration calls wake up: the waitlist after a spot frees, mail after any change. */
export const WAITLIST_JOB = 'waitlist';
export const RECONCILE_JOB = 'payment-reconciliation';

/** A HEAD request (Fastify answers it with the GET handler) sends no notes, so records no view. */
const viewOf = (request: FastifyRequest) => ({ recordViews: request.method !== 'HEAD' });

export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: RegistrationDeps = {
    db: app.db,
    payments: app.payments,
    publicUrl: app.config.publicUrl,
    platformFee: app.config.platformFee,
  };
  const wake = (...jobs: string[]) => {
    for (const job of jobs) app.jobs.kick(job);
  };

  app.get(
    '/api/camps/:id/registration-options',
    {
      schema: {
        tags: ['registrations'],
        summary: "The camp's price and spots, and which of the parent's children can register",
        params: idParams,
        querystring: sessionQuery,
        response: { 200: registrationOptionsResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await registrationOptions(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.query.session,
      ),
    }),
  );

  app.post(
    '/api/camps/:id/registrations',
    {
      schema: {
        tags: ['registrations'],
        summary: 'Register children and pay (or join the waitlist); idempotent per key',
        params: idParams,
        body: registerBody,
        response: { 201: registerResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const { body } = request;
      const parentId = currentUser(request).id;
      await checkHealthReviews(app.db, parentId, body.healthReviews ?? []);
      const outcome = body.lines
        ? await registerBasket(deps, parentId, request.params.id, { ...body, lines: body.lines })
        : await registerChildren(deps, parentId, request.params.id, {
            ...body,
            childIds: body.childIds ?? [],
          });
      wake('mail');
      return reply.code(201).send({ data: outcome });
    },
  );

  app.post(
    '/api/camps/:id/quote',
    {
      schema: {
        tags: ['registrations'],
        summary:
          "Price a family's basket (children × sessions) line by line, with discounts, changing nothing",
        params: idParams,
        body: quoteBody,
        response: { 200: quoteResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await quoteBasket(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.get(
    '/camper/registrations',
    {
      schema: {
        tags: ['registrations'],
        summary: "The parent's registrations and waitlist places (optionally of one child)",
        querystring: registrationListQuery,
        response: { 200: parentRegistrationListResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => {
      const parentId = currentUser(request).id;
      const { childId } = request.query;
      // Another parent's child is unknown here, not a child without registrations.
      if (childId !== undefined) await getChild(app.db, parentId, childId);
      return { data: await listParentRegistrations(app.db, parentId, app.config.publicUrl, childId) };
    },
  );

  app.post(
    '/camper/registrations/:id/cancel',
    {
      schema: {
        tags: ['registrations'],
        summary: 'Cancel a registration (refunded in full before the camp starts) or leave the waitlist',
        params: idParams,
        response: { 200: cancelRegistrationResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => {
      const cancelled = await cancelByParent(deps, currentUser(request).id, request.params.id);
      wake('mail', WAITLIST_JOB, SESSION_NOTICES_JOB);
      return { data: cancelled };
    },
  );

  app.get(
    '/camper/registrations/:id/calendar.ics',
    {
      schema: {
        ...fileAnswer('text/calendar'),
        tags: ['registrations'],
        summary: 'A calendar file for a registration',
        params: idParams,
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const file = await registrationCalendar(
        app.db,
        currentUser(request).id,
        request.params.id,
        app.config.publicUrl,
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.get(
    '/host/camp/:id/roster',
    {
      schema: {
        tags: ['registrations'],
        summary: "A camp's (or one session's) registered children and waitlist",
        params: idParams,
        querystring: sessionQuery,
        response: { 200: rosterResponse },
      },
      config: { access: 'subscribedHost', right: 'roster' },
    },
    async (request, reply) => {
      const roster = await campRoster(app.db, currentUser(request).id, request.params.id, {
        ...viewOf(request),
        healthData: app.healthData,
        sessionId: request.query.session,
      });
      // It carries health data (decision 028): no browser or proxy keeps a copy.
      return reply.header('cache-control', 'no-store').send({ data: roster });
    },
  );

  app.get(
    '/host/camp/:id/roster.csv',
    {
      schema: {
        ...fileAnswer('text/csv'),
        tags: ['registrations'],
        summary: "A camp's (or one session's) roster as CSV",
        params: idParams,
        querystring: sessionQuery,
      },
      config: { access: 'subscribedHost', right: 'roster' },
    },
    async (request, reply) => {
      const sessionId = request.query.session;
      const roster = await campRoster(app.db, currentUser(request).id, request.params.id, {
        ...viewOf(request),
        healthData: app.healthData,
        sessionId,
      });
      const name = `roster-camp-${roster.campId}${sessionId ? `-session-${sessionId}` : ''}.csv`;
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(rosterCsv(roster));
    },
  );

  app.post(
    '/host/registrations/:id/cancel',
    {
      schema: {
        tags: ['registrations'],
        summary: "Cancel a registration of the host's camp; the parent is refunded in full",
        params: idParams,
        response: { 200: cancelRegistrationResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => {
      const cancelled = await cancelByHost(deps, currentUser(request).id, request.params.id);
      wake('mail', WAITLIST_JOB, SESSION_NOTICES_JOB);
      return { data: cancelled };
    },
  );

  // Moving a place to another session: the family's own move, or the host's (docs/decisions/017).
  const movers: readonly { side: TransferSide; prefix: string; config: FastifyContextConfig }[] = [
    { side: 'parent', prefix: '/camper', config: { access: 'camper' } },
    { side: 'host', prefix: '/host', config: { access: 'subscribedHost', right: 'camps:manage' } },
  ];
  for (const { side, prefix, config } of movers) {
    app.get(
      `${prefix}/registrations/:id/transfer-options`,
      {
        schema: {
          tags: ['registrations'],
          summary: `The sessions a place can move to, with the price difference (${side})`,
          params: idParams,
          response: { 200: transferOptionsResponse },
        },
        config,
      },
      async (request) => ({
        data: await transferOptions(app.db, side, currentUser(request).id, request.params.id),
      }),
    );

    app.post(
      `${prefix}/registrations/:id/transfer`,
      {
        schema: {
          tags: ['registrations'],
          summary: `Move a paid place to another session of the camp (${side})`,
          params: idParams,
          body: transferBody,
          response: { 200: transferResponse },
        },
        config,
      },
      async (request) => {
        const moved = await transferPlace(
          deps,
          side,
          currentUser(request).id,
          request.params.id,
          request.body,
        );
        wake('mail', WAITLIST_JOB, SESSION_NOTICES_JOB);
        return { data: moved };
      },
    );
  }
};
