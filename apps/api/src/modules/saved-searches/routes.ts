import { idParams } from '@campwise/contract/ids';
import { deletedResponse } from '@campwise/contract/responses';
import {
  savedSearchListResponse,
  savedSearchResponse,
  saveSearchBody,
  updateSavedSearchBody,
} from '@campwise/contract/saved-searches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import {
  listSavedSearches,
  removeSavedSearch,
  saveSearch,
  setSavedSearchDigest,
} from './manage-saved-searches.ts';

/** A parent's saved searches and their weekly digest (decision 022): their own only. */
export const savedSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['saved searches'];

  app.get(
    '/camper/saved-searches',
    {
      schema: { tags, summary: 'Saved searches, oldest first', response: { 200: savedSearchListResponse } },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await listSavedSearches(app.db, currentUser(request).id) }),
  );

  app.post(
    '/camper/saved-searches',
    {
      schema: {
        tags,
        summary: 'Save a search, with a weekly e-mail of new sessions that match',
        body: saveSearchBody,
        response: { 201: savedSearchResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await saveSearch(app.db, currentUser(request).id, request.body) }),
  );

  app.patch(
    '/camper/saved-searches/:id',
    {
      schema: {
        tags,
        summary: "Turn a saved search's weekly e-mail on or off",
        params: idParams,
        body: updateSavedSearchBody,
        response: { 200: savedSearchResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await setSavedSearchDigest(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body.digest,
      ),
    }),
  );

  app.delete(
    '/camper/saved-searches/:id',
    {
      schema: {
        tags,
        summary: 'Remove a saved search',
        params: idParams,
        response: { 200: deletedResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => {
      await removeSavedSearch(app.db, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );
};
