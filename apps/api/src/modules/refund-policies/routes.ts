import { idParams } from '@campwise/contract/ids';
import { refundPolicyResponse, refundPolicySchema } from '@campwise/contract/refund-policy-schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { getRefundPolicy, setRefundPolicy } from './service.ts';

/** A host's refund policy for a camp (decision 018). */
export const refundPolicyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['refund policies'];

  app.get(
    '/host/camp/:id/refund-policy',
    {
      schema: {
        tags,
        summary: 'What a family gets back when it cancels a place at the camp',
        params: idParams,
        response: { 200: refundPolicyResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({ data: await getRefundPolicy(app.db, currentUser(request).id, request.params.id) }),
  );

  app.put(
    '/host/camp/:id/refund-policy',
    {
      schema: {
        tags,
        summary: "Set the camp's refund policy (places taken from now on)",
        params: idParams,
        body: refundPolicySchema,
        response: { 200: refundPolicyResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({
      data: await setRefundPolicy(app.db, currentUser(request).id, request.params.id, request.body),
    }),
  );
};
