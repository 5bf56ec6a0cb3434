import { idParams } from '@campwise/contract/ids';
import {
  maybeListResponse,
  maybeResponse,
  plannerPreferencesBody,
  plannerPreferencesResponse,
  plannerQuery,
  plannerResponse,
  saveMaybeBody,
} from '@campwise/contract/planner';
import { deletedResponse } from '@campwise/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { fileAnswer } from '../../platform/openapi.ts';
import { listMaybes, removeMaybe, saveMaybe } from './maybes.ts';
import { plannerCalendar, readPlanner, savePlannerPreferences } from './service.ts';

/** The family's summer planner (decision 019): a parent's own data only. */
export const plannerRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['planner'];

  app.get(
    '/camper/planner',
    {
      schema: {
        tags,
        summary: "The family's summer, week by week and child by child, with what clashes",
        querystring: plannerQuery,
        response: { 200: plannerResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await readPlanner(app.db, currentUser(request).id, request.query) }),
  );

  app.get(
    '/camper/planner.ics',
    {
      schema: {
        ...fileAnswer('text/calendar'),
        tags,
        summary: "One calendar file of the family's summer",
        querystring: plannerQuery,
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const file = await plannerCalendar(
        app.db,
        currentUser(request).id,
        request.query,
        app.config.publicUrl,
      );
      return reply
        .header('content-type', 'text/calendar; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  );

  app.put(
    '/camper/planner/preferences',
    {
      schema: {
        tags,
        summary: 'Where the planner searches for a gap from: a home ZIP and a distance',
        body: plannerPreferencesBody,
        response: { 200: plannerPreferencesResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await savePlannerPreferences(app.db, currentUser(request).id, request.body),
    }),
  );

  app.get(
    '/camper/maybes',
    {
      schema: {
        tags,
        summary: 'Sessions saved as maybes, for each child',
        response: { 200: maybeListResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await listMaybes(app.db, currentUser(request).id) }),
  );

  app.post(
    '/camper/maybes',
    {
      schema: {
        tags,
        summary: 'Save a session as a maybe for a child (saving it again changes nothing)',
        body: saveMaybeBody,
        response: { 200: maybeResponse, 201: maybeResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const { maybe, created } = await saveMaybe(app.db, currentUser(request).id, request.body);
      return reply.status(created ? 201 : 200).send({ data: maybe });
    },
  );

  app.delete(
    '/camper/maybes/:id',
    {
      schema: { tags, summary: 'Remove a maybe', params: idParams, response: { 200: deletedResponse } },
      config: { access: 'camper' },
    },
    async (request) => {
      await removeMaybe(app.db, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );
};
