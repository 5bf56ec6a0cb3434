import { widgetQuerySchema } from '@campwise/contract/booking-widget';
import { idParams } from '@campwise/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer } from '../../platform/openapi.ts';
import { rateLimit } from '../../platform/rate-limit.ts';
import { allowFramingByAnySite } from '../../platform/security.ts';
import { listWidgetCamps } from '../camps/index.ts';
import { getPublicOrg } from '../orgs/index.ts';
import { renderWidgetPage } from './widget-page.ts';

/** A host's booking widget for their own website. */
export const bookingWidgetRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['booking widget'];
  // Every visit to a host's page draws the widget once; a scraper asks far more often.
  const widgetLimit = rateLimit({
    name: 'booking-widget-ip',
    max: 120,
    windowMs: 60_000,
    key: (request) => request.ip,
  });

  app.get(
    '/widget/orgs/:id',
    {
      schema: {
        ...fileAnswer('text/html'),
        tags,
        summary:
          "An organisation's upcoming sessions with places and prices, to frame on the host's own site",
        params: idParams,
        querystring: widgetQuerySchema,
      },
      config: { access: 'public' },
      preHandler: widgetLimit,
    },
    async (request, reply) => {
      const now = app.clock.now();
      const org = await getPublicOrg(app.db, app.storage, request.params.id);
      const camps = await listWidgetCamps(app.db, org.id, now);
      const html = renderWidgetPage({
        origin: app.config.publicUrl,
        org: { id: org.id, name: org.name },
        camps,
        style: request.query,
        now,
      });
      return allowFramingByAnySite(reply)
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .send(html);
    },
  );
};
