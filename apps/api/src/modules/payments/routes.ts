import { cardDetailsSchema } from '@campwise/contract/cards';
import { messages } from '@campwise/contract/messages';
import { hostedCheckoutPayResponse, hostedCheckoutResponse } from '@campwise/contract/subscriptions';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../platform/errors.ts';
import { isTestProcessor } from '../../platform/payments/create-provider.ts';
import { InvalidWebhookError } from '../../platform/payments/provider.ts';
import { FIFTEEN_MINUTES, rateLimit } from '../../platform/rate-limit.ts';
import { handlePaymentEvent } from '../subscriptions/index.ts';

/** Provider webhooks. The signature is over the exact bytes, so the body stays raw here. */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    '/api/webhooks/payments',
    {
      schema: { tags: ['payments'], summary: 'Payment provider events (signed)' },
      config: { access: 'public' },
    },
    async (request) => {
      const signature = request.headers[app.payments.signatureHeader];
      if (!Buffer.isBuffer(request.body)) throw new AppError(400, 'INVALID_WEBHOOK', messages.invalidWebhook);
      let event: Awaited<ReturnType<typeof app.payments.parseWebhook>>;
      try {
        event = await app.payments.parseWebhook(
          request.body,
          typeof signature === 'string' ? signature : undefined,
        );
      } catch (error) {
        if (error instanceof InvalidWebhookError || error instanceof SyntaxError) {
          throw new AppError(400, 'INVALID_WEBHOOK', messages.invalidWebhook);
        }
        throw error;
      }
      await handlePaymentEvent(app.db, app.payments, event);
      return { data: { received: true } };
    },
  );
};

const sessionParams = z.object({ sessionId: z.string().regex(/^cs_test_[a-f0-9]{24}$/) });

/** Payment tries one checkout takes in 15 minutes: room for typing mistakes, not for testing card numbers. */
export const CHECKOUT_TRIES = 10;

/** The built-in test processor's hosted checkout: what /pay/checkout/{sessionId} talks to. */
export const hostedCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const processor = app.payments;
  if (!isTestProcessor(processor)) return;

  app.get(
    '/api/pay/checkout/:sessionId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'A test-processor checkout session',
        params: sessionParams,
        response: { 200: hostedCheckoutResponse },
      },
    },
    async (request) => {
      const checkout = await processor.describeCheckout(request.params.sessionId);
      if (!checkout) throw notFound(messages.checkoutUnavailable);
      return { data: checkout };
    },
  );

  app.post(
    '/api/pay/checkout/:sessionId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['payments'],
        summary: 'Pay a test-processor checkout with a card',
        params: sessionParams,
        body: cardDetailsSchema,
        response: { 200: hostedCheckoutPayResponse },
      },
      // Card testing hammers one checkout; a busy office shares one address among many hosts.
      preHandler: rateLimit(
        {
          name: 'checkout-session',
          max: CHECKOUT_TRIES,
          windowMs: FIFTEEN_MINUTES,
          key: (request) => (request.params as { sessionId: string }).sessionId,
        },
        { name: 'checkout-ip', max: 200, windowMs: FIFTEEN_MINUTES, key: (request) => request.ip },
      ),
    },
    async (request) => {
      const result = await processor.payCheckout(request.params.sessionId, request.body);
      app.jobs.kick('payments');
      return { data: result };
    },
  );
};
