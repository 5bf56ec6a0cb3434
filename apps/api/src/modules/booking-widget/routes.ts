import { widgetQuerySchema } from '@campwise/contract/booking-widget';
import { idParams } from '@campwise/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileAnswer } from '../../platform/openapi.ts';
import { rateLimit } from '../../platform/rate-limit.ts';
import { listWidgetCamps } from '../camps/index.ts';
import { getPublicOrg } from '../orgs/index.ts';
import { renderWidgetPage } from './widget-page.ts';

/**
 * The only page another site may frame (decision 075): it runs our one script, reads nothing
 * but its own styles, and its links open Campwise in a new tab. Every other answer keeps
 * `frame-ancestors 'none'`.
 */
const WIDGET_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

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
      reply.removeHeader('x-frame-options');
      return reply
        .type('text/html; charset=utf-8')
        .header('content-security-policy', WIDGET_CSP)
        .header('cross-origin-resource-policy', 'cross-origin')
        .header('cache-control', 'no-cache')
        .send(html);
    },
  );
};
