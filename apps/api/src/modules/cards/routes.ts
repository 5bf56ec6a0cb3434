import {
  cardSetupResponse,
  newCardBody,
  savedCardListResponse,
  savedCardResponse,
} from '@campwise/contract/cards';
import { idParams } from '@campwise/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { FIFTEEN_MINUTES, rateLimit } from '../../platform/rate-limit.ts';
import { beginCardSetup, getCard, listCards, removeCard, saveCard } from './service.ts';

const removedResponse = z.object({ data: z.object({ removed: z.literal(true) }) });

/** A camper's saved cards, kept at the payment provider; we hold only its token and what a person recognises. */
export const cardRoutes: FastifyPluginAsyncZod = async (app) => {
  // Each try reaches the provider's tokeniser: enough for honest typing mistakes, not for testing numbers.
  const cardAttempts = rateLimit({
    name: 'camper-cards',
    max: 30,
    windowMs: FIFTEEN_MINUTES,
    key: (request) => String(currentUser(request).id),
  });

  app.get(
    '/camper/cards',
    {
      schema: {
        tags: ['cards'],
        summary: "The parent's saved cards",
        response: { 200: savedCardListResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await listCards(app.db, currentUser(request).id) }),
  );

  app.post(
    '/camper/cards/setup',
    {
      schema: {
        tags: ['cards'],
        summary: "Start saving a card in Stripe's card field (clientSecret is null for the test processor)",
        response: { 200: cardSetupResponse },
      },
      config: { access: 'camper' },
      preHandler: cardAttempts,
    },
    async (request) => ({ data: await beginCardSetup(app.db, app.payments, currentUser(request).id) }),
  );

  app.post(
    '/camper/cards',
    {
      schema: {
        tags: ['cards'],
        summary:
          'Save a card: typed details (test processor) or a confirmed setupIntentId (Stripe), with the holder name',
        body: newCardBody,
        response: { 201: savedCardResponse },
      },
      config: { access: 'camper' },
      preHandler: cardAttempts,
    },
    async (request, reply) =>
      reply
        .status(201)
        .send({ data: await saveCard(app.db, app.payments, currentUser(request).id, request.body) }),
  );

  app.get(
    '/camper/cards/:id',
    {
      schema: {
        tags: ['cards'],
        summary: "One of the parent's saved cards",
        params: idParams,
        response: { 200: savedCardResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await getCard(app.db, currentUser(request).id, request.params.id) }),
  );

  app.delete(
    '/camper/cards/:id',
    {
      schema: {
        tags: ['cards'],
        summary: 'Remove a saved card, here and at the payment provider',
        params: idParams,
        response: { 200: removedResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => {
      await removeCard(app.db, app.payments, currentUser(request).id, request.params.id);
      return { data: { removed: true as const } };
    },
  );
};
