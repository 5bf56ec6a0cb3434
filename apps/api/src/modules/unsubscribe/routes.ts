import { unsubscribeParams, unsubscribeResponse } from '@campwise/contract/saved-searches';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { readUnsubscribe, unsubscribe } from './unsubscribe.ts';

/**
 * Unsubscribe links of alert e-mails (decision 022), without sign-in: the token is the proof.
 * Mail clients post the one-click body (`List-Unsubscribe=One-Click`, RFC 8058) as
 * multipart/form-data or form-encoded, and some with more fields or none; whatever the body,
 * the token alone decides. This plugin alone takes any body type; the rest of the API still
 * takes JSON only.
 */
export const unsubscribeRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['public'];
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, _body, done) =>
    done(null, null),
  );

  app.get(
    '/api/unsubscribe/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'What an unsubscribe link stops, and whether it already has',
        params: unsubscribeParams,
        response: { 200: unsubscribeResponse },
      },
    },
    async (request, reply) => {
      // A mail client without one-click support opens the header's address in a browser: the
      // page there explains and asks, where this answer would be raw JSON.
      if (request.headers.accept?.includes('text/html')) {
        return reply.redirect(`/unsubscribe/${encodeURIComponent(request.params.token)}`, 303);
      }
      return { data: await readUnsubscribe(app.db, app.unsubscribeLinks, request.params.token) };
    },
  );

  app.post(
    '/api/unsubscribe/:token',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Unsubscribe in one click (RFC 8058); doing it again changes nothing',
        params: unsubscribeParams,
        response: { 200: unsubscribeResponse },
      },
    },
    async (request) => ({ data: await unsubscribe(app.db, app.unsubscribeLinks, request.params.token) }),
  );
};
