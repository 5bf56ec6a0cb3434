import { newsletterSignupBody, newsletterSignupResponse } from '@campwise/contract/newsletter';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { subscribeToNewsletter } from './service.ts';

export const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/newsletter',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: 'Sign up for the newsletter',
        body: newsletterSignupBody,
        response: { 200: newsletterSignupResponse },
      },
    },
    async (request) => {
      await subscribeToNewsletter(app.db, request.body.email);
      app.jobs.kick('newsletter');
      return { data: { subscribed: true as const } };
    },
  );
};
