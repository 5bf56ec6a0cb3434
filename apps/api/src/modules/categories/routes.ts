import { categoryListResponse } from '@campwise/contract/category-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listCategories } from './service.ts';

export const categoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/data/categories',
    {
      schema: { tags: ['public'], summary: 'Camp categories', response: { 200: categoryListResponse } },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { data: await listCategories(app.db) };
    },
  );
};
