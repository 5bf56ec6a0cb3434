import { siteInfoResponse } from '@campwise/contract/site';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

export const siteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/site',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Public facts from configuration: plan price, contact addresses, links, card processor',
        response: { 200: siteInfoResponse },
      },
    },
    async () => ({
      data: {
        ...app.config.site,
        payments: {
          provider: app.payments.kind,
          publishableKey: app.config.stripe?.publishableKey ?? null,
        },
      },
    }),
  );
};
