import { searchBodySchema, searchResponse } from '@campwise/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchCamps } from './service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  app.post(
    '/api/search',
    {
      schema: {
        tags: ['public'],
        summary: 'Search listed camps',
        description:
          'Full-text term (prefixes match), ZIP radius (nearest first), age, month, maximum cost and categories; paged with a cursor.',
        body: searchBodySchema,
        response: { 200: searchResponse },
      },
    },
    async (request) => searchCamps(db, storage, request.body),
  );
};
