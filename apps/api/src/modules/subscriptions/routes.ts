import {
  confirmCheckoutBody,
  portalResponse,
  renewalBody,
  startCheckoutBody,
  startCheckoutResponse,
  subscriptionResponse,
} from '@campwise/contract/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import {
  billingPortalUrl,
  confirmCheckout,
  getSubscriptionState,
  setRenewal,
  startCheckout,
} from './service.ts';

export const subscriptionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/host/subscription',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "The host's subscription",
        response: { 200: subscriptionResponse },
      },
      config: { access: 'host' },
    },
    async (request) => ({
      data: [await getSubscriptionState(app.db, app.payments, currentUser(request).id)],
    }),
  );

  app.post(
    '/api/ecom/subscription',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Start a subscription checkout at the payment provider',
        body: startCheckoutBody,
        response: { 200: startCheckoutResponse },
      },
      config: { access: 'host' },
    },
    async (request) => ({
      data: { url: await startCheckout(app.db, app.payments, currentUser(request).id, app.config.publicUrl) },
    }),
  );

  app.put(
    '/api/host/subscription',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Confirm a completed checkout (the provider is asked whether it was paid)',
        body: confirmCheckoutBody,
        response: { 200: subscriptionResponse },
      },
      config: { access: 'host' },
    },
    async (request) => ({
      data: [await confirmCheckout(app.db, app.payments, currentUser(request).id, request.body.sessionId)],
    }),
  );

  app.put(
    '/api/host/subscription/renewal',
    {
      schema: {
        tags: ['subscriptions'],
        summary: 'Cancel at the end of the paid period, or keep renewing',
        body: renewalBody,
        response: { 200: subscriptionResponse },
      },
      config: { access: 'host' },
    },
    async (request) => {
      const state = await setRenewal(
        app.db,
        app.payments,
        currentUser(request).id,
        request.body.cancelAtPeriodEnd,
      );
      app.jobs.kick('payments');
      return { data: [state] };
    },
  );

  app.post(
    '/api/host/subscription/portal',
    {
      schema: {
        tags: ['subscriptions'],
        summary: "The provider's billing page for this host",
        response: { 200: portalResponse },
      },
      config: { access: 'host' },
    },
    async (request) => ({
      data: {
        url: await billingPortalUrl(
          app.db,
          app.payments,
          currentUser(request).id,
          `${app.config.publicUrl}/host/account`,
        ),
      },
    }),
  );
};
