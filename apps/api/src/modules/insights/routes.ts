import { idParams } from '@campwise/contract/ids';
import { insightsQuerySchema, insightsResponse } from '@campwise/contract/insights';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { countCampView } from './count-view.ts';
import { readInsights } from './read-insights.ts';

/** The host's dashboard figures, and the cookie-free view counter behind them (docs/decisions/032). */
export const insightsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['insights'];

  app.get(
    '/host/insights',
    {
      schema: {
        tags,
        summary: "An organization's or camp's places sold, views, waitlist, revenue and session fill",
        querystring: insightsQuerySchema,
        response: { 200: insightsResponse },
      },
      config: { access: 'subscribedHost', right: 'reports' },
    },
    async (request) => ({
      data: await readInsights(app.db, currentUser(request).id, request.query, new Date()),
    }),
  );

  app.post(
    '/api/camps/:id/views',
    {
      schema: {
        tags,
        summary: "Count one opening of a camp's public profile (no cookie, nothing about the visitor)",
        params: idParams,
        response: { 204: z.null().describe('Counted') },
      },
      config: { access: 'public', keepsPublicAnswers: true },
    },
    async (request, reply) => {
      await countCampView(app.db, request.params.id, new Date());
      return reply.status(204).send(null);
    },
  );
};
