import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';
import { RedisRateLimitStore } from '../../platform/rate-limit.ts';

const healthResponse = z.object({
  data: z.object({
    status: z.enum(['ok', 'degraded']),
    database: z.literal('ok'),
    /** Only when REDIS_URL is set. */
    redis: z.enum(['ok', 'degraded']).optional(),
  }),
});

/**
 * Liveness: 200 while the process and its database answer, 503 without the database. Redis
 * holds the sign-in limits; while it cannot be reached they let requests through (decision
 * 004), so the service is degraded rather than down.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    {
      config: { access: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Liveness, database and (when configured) Redis check',
        response: { 200: healthResponse },
      },
    },
    async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        throw new AppError(503, 'UNAVAILABLE', 'The database is not reachable.');
      }
      if (!(app.rateLimits instanceof RedisRateLimitStore)) {
        return { data: { status: 'ok' as const, database: 'ok' as const } };
      }
      const redis = (await app.rateLimits.reachable()) ? ('ok' as const) : ('degraded' as const);
      if (redis === 'degraded') request.log.warn('health check: Redis unreachable');
      return { data: { status: redis, database: 'ok' as const, redis } };
    },
  );
};
