import { idParams } from '@campwise/contract/ids';
import { medicalViewListResponse } from '@campwise/contract/privacy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { listMedicalViews } from './service.ts';

/** What the audit log shows people about themselves: who has seen a child's medical notes. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/camper/campers/:id/medical-views',
    {
      schema: {
        tags: ['campers'],
        summary: "Which hosts have seen a child's medical notes, and when (newest first)",
        params: idParams,
        response: { 200: medicalViewListResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await listMedicalViews(app.db, currentUser(request).id, request.params.id) }),
  );
};
