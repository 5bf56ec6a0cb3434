import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

const healthResponse = z.object({ data: z.object({ status: z.literal('ok'), database: z.literal('ok') }) });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: healthResponse } },
    },
    async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'UNAVAILABLE', 'The database is not reachable.');
      }
      return { data: { status: 'ok' as const, database: 'ok' as const } };
    },
  );
};
