import { idParams } from '@campwise/contract/ids';
import { payInstalmentBody, payInstalmentResponse } from '@campwise/contract/payment-plans';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import type { RegistrationDeps } from '../registrations/index.ts';
import { payInstalmentNow } from './pay-instalment.ts';

/** A parent paying a failed instalment of a payment plan (decision 026). */
export const instalmentRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['payment plans'];
  const deps: RegistrationDeps = {
    db: app.db,
    payments: app.payments,
    publicUrl: app.config.publicUrl,
    platformFee: app.config.platformFee,
  };

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
      config: { access: 'camper' },
    },
    async (request) => {
      const outcome = await payInstalmentNow(deps, currentUser(request).id, request.params.id, request.body);
      app.jobs.kick('mail');
      return { data: outcome };
    },
  );
};
