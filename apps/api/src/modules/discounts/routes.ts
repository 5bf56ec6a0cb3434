import {
  campDiscountsResponse,
  campDiscountsSchema,
  promoCodeBody,
  promoCodeListResponse,
  promoCodeResponse,
} from '@campwise/contract/baskets';
import { idParams } from '@campwise/contract/ids';
import { deletedResponse } from '@campwise/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import {
  addPromoCode,
  deletePromoCode,
  getHostDiscounts,
  listPromoCodes,
  setHostDiscounts,
} from './service.ts';

/** A host's discounts and promo codes for a camp. */
export const discountRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['discounts'];

  app.get(
    '/host/camp/:id/discounts',
    {
      schema: {
        tags,
        summary: "A camp's early-bird, sibling and multi-session discounts",
        params: idParams,
        response: { 200: campDiscountsResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({ data: await getHostDiscounts(app.db, currentUser(request).id, request.params.id) }),
  );

  app.put(
    '/host/camp/:id/discounts',
    {
      schema: {
        tags,
        summary: "Set a camp's discounts (baskets placed from now on)",
        params: idParams,
        body: campDiscountsSchema,
        response: { 200: campDiscountsResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({
      data: await setHostDiscounts(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.get(
    '/host/camp/:id/promo-codes',
    {
      schema: {
        tags,
        summary: "A camp's promo codes with their uses",
        params: idParams,
        response: { 200: promoCodeListResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({ data: await listPromoCodes(app.db, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/host/camp/:id/promo-codes',
    {
      schema: {
        tags,
        summary: 'Add a promo code to a camp',
        params: idParams,
        body: promoCodeBody,
        response: { 201: promoCodeResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await addPromoCode(app.db, currentUser(request).id, request.params.id, request.body) }),
  );

  app.delete(
    '/host/promo-codes/:id',
    {
      schema: { tags, summary: 'Delete a promo code', params: idParams, response: { 200: deletedResponse } },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => {
      await deletePromoCode(app.db, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );
};
