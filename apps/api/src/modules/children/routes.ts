import { childBody, childListResponse, childResponse } from '@campwise/contract/children';
import { idParams } from '@campwise/contract/ids';
import { deletedResponse } from '@campwise/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { createChild, deleteChild, getChild, listChildren, updateChild } from './service.ts';

/** A camper's (parent's) children: the two calls of docs/product-spec.md, section 7, plus one child's page. */
export const childRoutes: FastifyPluginAsyncZod = async (app) => {
  // A child's medical notes are health data (decision 028): no browser or proxy keeps a copy.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(
    '/camper/campers',
    {
      schema: {
        tags: ['campers'],
        summary: "The parent's children, by first name",
        response: { 200: childListResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await listChildren(app.db, currentUser(request).id) }),
  );

  app.post(
    '/camper/campers',
    {
      schema: {
        tags: ['campers'],
        summary: 'Add a child',
        body: childBody,
        response: { 201: childResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) =>
      reply.status(201).send({ data: await createChild(app.db, currentUser(request).id, request.body) }),
  );

  app.get(
    '/camper/campers/:id',
    {
      schema: {
        tags: ['campers'],
        summary: "One of the parent's children",
        params: idParams,
        response: { 200: childResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await getChild(app.db, currentUser(request).id, request.params.id) }),
  );

  app.put(
    '/camper/campers/:id',
    {
      schema: {
        tags: ['campers'],
        summary: "Edit one of the parent's children",
        params: idParams,
        body: childBody,
        response: { 200: childResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await updateChild(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/camper/campers/:id',
    {
      schema: {
        tags: ['campers'],
        summary: 'Delete a child that has no active registration',
        params: idParams,
        response: { 200: deletedResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => {
      await deleteChild(app.db, app.storage, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );
};
