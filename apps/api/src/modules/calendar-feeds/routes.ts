import {
  calendarFeedParams,
  calendarFeedResponse,
  newCalendarFeedResponse,
} from '@campwise/contract/calendar-feed';
import { idParams } from '@campwise/contract/ids';
import { deletedResponse } from '@campwise/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { fileAnswer } from '../../platform/openapi.ts';
import { rateLimit } from '../../platform/rate-limit.ts';
import { createFeed, familyCalendar, readFeed, removeFeed } from './family-feed.ts';
import { sessionCalendar } from './session-feed.ts';

/** A family's calendar subscription, and a session's for its staff (decision 071). */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['calendar'];
  // Calendar apps ask every few hours; a guesser asks far more often.
  const feedLimit = rateLimit({
    name: 'calendar-feed-ip',
    max: 60,
    windowMs: 60_000,
    key: (request) => request.ip,
  });

  app.get(
    '/camper/calendar-feed',
    {
      schema: {
        tags,
        summary: "Whether the family's calendar subscription is on",
        response: { 200: calendarFeedResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await readFeed(app.db, currentUser(request).id) }),
  );

  app.post(
    '/camper/calendar-feed',
    {
      schema: {
        tags,
        summary: 'A new private address for the family calendar (the one before stops working); shown once',
        response: { 201: newCalendarFeedResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) =>
      reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ data: await createFeed(app.db, currentUser(request).id, app.config.publicUrl) }),
  );

  app.delete(
    '/camper/calendar-feed',
    {
      schema: {
        tags,
        summary: "Turn the family's calendar subscription off",
        response: { 200: deletedResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => {
      await removeFeed(app.db, currentUser(request).id);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    '/calendar/feeds/:token/family.ics',
    {
      schema: {
        ...fileAnswer('text/calendar'),
        tags,
        summary: "A family's calendar, for the calendar app subscribed to its private address",
        params: calendarFeedParams,
      },
      config: { access: 'public' },
      preHandler: feedLimit,
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('x-robots-tag', 'noindex')
        .send(await familyCalendar(app.db, request.params.token, app.config.publicUrl)),
  );

  app.get(
    '/calendar/sessions/:id/session.ics',
    {
      schema: {
        ...fileAnswer('text/calendar'),
        tags,
        summary: "A session's days and hours, for its staff's calendar apps to subscribe to",
        params: idParams,
      },
      config: { access: 'public' },
      preHandler: feedLimit,
    },
    async (request, reply) =>
      reply
        .header('content-type', 'text/calendar; charset=utf-8')
        // What a camp's public page shows; a calendar app asks again every few hours.
        .header('cache-control', 'public, max-age=300')
        .send(await sessionCalendar(app.db, request.params.id, app.config.publicUrl)),
  );
};
