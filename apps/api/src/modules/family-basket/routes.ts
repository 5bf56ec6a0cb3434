import {
  basketCheckoutBody,
  basketCheckoutResponse,
  basketChildrenBody,
  familyBasketResponse,
} from '@campwise/contract/family-basket';
import { idParams } from '@campwise/contract/ids';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import type { RegistrationDeps } from '../registrations/index.ts';
import { removeBasketSession, setBasketChildren } from './change-basket.ts';
import { checkOutBasket } from './check-out-basket.ts';
import { readBasket } from './read-basket.ts';

/** The family basket (decision 069): a parent's own, across camps and organisations. */
export const familyBasketRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['family basket'];
  const deps: RegistrationDeps = {
    db: app.db,
    payments: app.payments,
    publicUrl: app.config.publicUrl,
    platformFee: app.config.platformFee,
  };

  app.get(
    '/camper/basket',
    {
      schema: {
        tags,
        summary: 'The family basket: sessions of any camps, each with the children chosen for it',
        response: { 200: familyBasketResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await readBasket(app.db, currentUser(request).id) }),
  );

  app.put(
    '/camper/basket/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Put a session in the basket, or change the children chosen for it',
        params: idParams,
        body: basketChildrenBody,
        response: { 200: familyBasketResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await setBasketChildren(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/camper/basket/sessions/:id',
    {
      schema: {
        tags,
        summary: 'Take a session out of the basket',
        params: idParams,
        response: { 200: familyBasketResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await removeBasketSession(app.db, currentUser(request).id, request.params.id),
    }),
  );

  app.post(
    '/camper/basket/checkout',
    {
      schema: {
        tags,
        summary:
          "Pay for the basket's camps at once, each charged to its own organisation; idempotent per key",
        body: basketCheckoutBody,
        response: { 201: basketCheckoutResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const data = await checkOutBasket(deps, currentUser(request).id, request.body);
      app.jobs.kick('mail');
      return reply.code(201).send({ data });
    },
  );
};
