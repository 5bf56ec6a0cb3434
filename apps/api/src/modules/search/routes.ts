import { messages } from '@campwise/contract/messages';
import { popularPlaceResponse, searchBodySchema, searchResponse } from '@campwise/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, sqlState } from '../../platform/errors.ts';
import { sendPublicAnswer } from '../../platform/public-answers.ts';
import { rateLimit } from '../../platform/rate-limit.ts';
import { CommonWords } from './common-words.ts';
import { popularPlace } from './popular-place.ts';
import { searchCamps } from './service.ts';

/** SQLSTATE of a statement cancelled by `statement_timeout`. */
const QUERY_CANCELED = '57014';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage, config } = app;
  const commonWords = new CommonWords();
  const searchLimit = rateLimit({
    name: 'search-ip',
    max: config.searchRequestsPerMinute,
    windowMs: 60_000,
    key: (request) => request.ip,
    message: messages.searchRateLimited,
  });

  app.get(
    '/api/search/popular-place',
    {
      schema: {
        tags: ['public'],
        summary: 'Where families book most: the home page searches near it for a visitor it knows nothing of',
        response: { 200: popularPlaceResponse },
      },
      config: { access: 'public', keepsPublicAnswers: true },
    },
    async (_request, reply) =>
      sendPublicAnswer(reply, 'popular-place', popularPlaceResponse, async () => ({
        data: await popularPlace(db),
      })),
  );

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
      preHandler: searchLimit,
      config: { access: 'public', keepsPublicAnswers: true },
    },
    async (request, reply) => {
      try {
        // The body as the schema read it: the same search written two ways is one answer.
        return await sendPublicAnswer(reply, `search:${JSON.stringify(request.body)}`, searchResponse, () =>
          searchCamps(db, storage, request.body, { timeoutMs: config.searchTimeoutMs, commonWords }),
        );
      } catch (error) {
        if (sqlState(error) !== QUERY_CANCELED) throw error;
        // Logged with the search itself (terms, ZIP and filters: nothing personal) to find the slow shape.
        request.log.error({ search: request.body, timeoutMs: config.searchTimeoutMs }, 'search timed out');
        throw new AppError(503, 'SEARCH_TIMEOUT', messages.searchTimedOut);
      }
    },
  );
};
