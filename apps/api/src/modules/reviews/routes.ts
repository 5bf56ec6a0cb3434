import { idParams } from '@campwise/contract/ids';
import {
  approvalResponseBody,
  approvalResultResponse,
  orgReviewResponse,
  reviewQueueResponse,
} from '@campwise/contract/orgs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { decideReview, getOrgReview, reviewQueue } from './service.ts';

export const reviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Organizations awaiting review',
        response: { 200: reviewQueueResponse },
      },
      config: { access: 'admin' },
    },
    async () => {
      const items = await reviewQueue(app.db);
      return {
        data: items,
        counts: {
          new: items.filter((item) => item.kind === 'new').length,
          revision: items.filter((item) => item.kind === 'revision').length,
        },
      };
    },
  );

  app.get(
    '/api/admin/orgs/:id',
    {
      schema: {
        tags: ['reviews'],
        summary: 'An organization under review, with what changed',
        params: idParams,
        response: { 200: orgReviewResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({ data: await getOrgReview(app.db, app.storage, request.params.id) }),
  );

  app.post(
    '/api/admin/org/approvalrequestresponse',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Approve or deny what an organization submitted',
        body: approvalResponseBody,
        response: { 200: approvalResultResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const { OrganizationID, Approved, TextResponse } = request.body.orgApprovalResponse;
      const result = await decideReview(
        app.db,
        {
          adminId: currentUser(request).id,
          orgId: OrganizationID,
          approved: Approved,
          reason: TextResponse ?? null,
        },
        `${app.config.publicUrl}/host/dashboard`,
      );
      app.jobs.kick('mail');
      return { data: result };
    },
  );
};
