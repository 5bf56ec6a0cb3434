import { idParams } from '@campwise/contract/ids';
import { paymentPlanBody, paymentPlanResponse } from '@campwise/contract/payment-plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { getPaymentPlan, setPaymentPlan } from './settings.ts';

/** Deposits and payment plans (decision 026): the host's settings. */
export const paymentPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payment plans'];

  app.get(
    '/host/camp/:id/payment-plan',
    {
      schema: {
        tags,
        summary: 'Whether families may pay a deposit and the balance in instalments, and how',
        params: idParams,
        response: { 200: paymentPlanResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({ data: await getPaymentPlan(app.db, currentUser(request).id, request.params.id) }),
  );

  app.put(
    '/host/camp/:id/payment-plan',
    {
      schema: {
        tags,
        summary: "Set the camp's deposit and instalments (null: full payment only); new bookings only",
        params: idParams,
        body: paymentPlanBody,
        response: { 200: paymentPlanResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({
      data: await setPaymentPlan(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );
};
