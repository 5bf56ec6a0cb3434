import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';

/**
 * Answers of the routes in `scope` carry an ETag (a hash of the body) and `Cache-Control:
 * no-cache`: a browser asks again every time, so places left are never stale, and an answer
 * that has not changed since it last saw it costs a 304 without the body (decision 035).
 */
export async function revalidatedAnswers(scope: FastifyInstance): Promise<void> {
  await scope.register(etag);
  scope.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-cache');
  });
}
