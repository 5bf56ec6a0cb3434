import { idParams } from '@campwise/contract/ids';
import {
  payInstalmentBody,
  payInstalmentResponse,
  paymentPlanBody,
  paymentPlanResponse,
} from '@campwise/contract/payment-plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser, requireUser } from '../../platform/auth.ts';
import type { RegistrationDeps } from '../registrations/service.ts';
import { requireSubscribedHost } from '../subscriptions/guard.ts';
import { payInstalmentNow } from './pay-instalment.ts';
import { getPaymentPlan, setPaymentPlan } from './settings.ts';

/** Deposits and payment plans (decision 026): the host's settings and a parent paying an instalment. */
export const paymentPlanRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payment plans'];
  const deps: RegistrationDeps = {
    db: app.db,
    payments: app.payments,
    publicUrl: app.config.publicUrl,
    platformFee: app.config.platformFee,
  };

  app.get(
    '/host/camp/:id/payment-plan',
    {
      schema: {
        tags,
        summary: 'Whether families may pay a deposit and the balance in instalments, and how',
        params: idParams,
        response: { 200: paymentPlanResponse },
      },
      preHandler: requireSubscribedHost,
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
      preHandler: requireSubscribedHost,
    },
    async (request) => ({
      data: await setPaymentPlan(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.post(
    '/api/camper/instalments/:id/pay',
    {
      schema: {
        tags,
        summary: 'Pay a failed instalment now with a saved card; idempotent per key',
        params: idParams,
        body: payInstalmentBody,
        response: { 200: payInstalmentResponse },
      },
      preHandler: requireUser('camper'),
    },
    async (request) => {
      const outcome = await payInstalmentNow(deps, currentUser(request).id, request.params.id, request.body);
      app.jobs.kick('mail');
      return { data: outcome };
    },
  );
};
