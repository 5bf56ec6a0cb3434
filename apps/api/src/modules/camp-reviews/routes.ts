import {
  CAMP_REVIEWS_PAGE,
  campReviewBody,
  campReviewHideBody,
  campReviewPageResponse,
  campReviewReplyBody,
  campReviewReportBody,
  campReviewsQuery,
  hostCampReviewsResponse,
  moderatedCampReviewResponse,
  myCampReviewsResponse,
  reportedCampReviewsResponse,
} from '@campwise/contract/camp-reviews';
import { idParams } from '@campwise/contract/ids';
import { deletedResponse } from '@campwise/contract/responses';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { campAccess } from '../access/index.ts';
import { decideReport } from './moderate-review.ts';
import {
  listHostCampReviews,
  listPublicReviews,
  listReportedReviews,
  reviewSummary,
} from './read-reviews.ts';
import { replyToReview, reportReview } from './reply-and-report.ts';
import { deleteOwnReview, myReviews, writeReview } from './write-review.ts';

/**
 * Families' reviews of camp sessions (docs/decisions/021): the public lists, a parent's own
 * reviews, the host's replies and reports, and the administrators' queue of reported reviews.
 * Not the administrators' review of organisations (modules/reviews).
 */
export const campReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['camp reviews'];
  const publicUrl = app.config.publicUrl;

  app.get(
    '/api/camps/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "A camp's reviews, newest first, with the average",
        params: idParams,
        querystring: campReviewsQuery,
        response: { 200: campReviewPageResponse },
      },
    },
    async (request) =>
      listPublicReviews(
        app.db,
        { campId: request.params.id },
        { cursor: request.query.cursor, limit: request.query.limit ?? CAMP_REVIEWS_PAGE },
      ),
  );

  app.get(
    '/api/orgs/:id/reviews',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: "The reviews of an organization's camps, newest first, with the average",
        params: idParams,
        querystring: campReviewsQuery,
        response: { 200: campReviewPageResponse },
      },
    },
    async (request) =>
      listPublicReviews(
        app.db,
        { orgId: request.params.id },
        { cursor: request.query.cursor, limit: request.query.limit ?? CAMP_REVIEWS_PAGE },
      ),
  );

  app.get(
    '/camper/reviews',
    {
      schema: {
        tags,
        summary: "The parent's reviews (hidden ones with the reason) and the sessions they may review",
        response: { 200: myCampReviewsResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await myReviews(app.db, currentUser(request).id) }),
  );

  app.post(
    '/camper/sessions/:id/reviews',
    {
      schema: {
        tags,
        summary: 'Review a session a child of the parent attended, once it is over',
        params: idParams,
        body: campReviewBody,
        response: { 201: moderatedCampReviewResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const review = await writeReview(app.db, currentUser(request).id, request.params.id, request.body, {
        hostReviewsUrl: (campId) => `${publicUrl}/host/camp/${campId}#reviews`,
      });
      app.jobs.kick('mail');
      return reply.code(201).send({ data: review });
    },
  );

  app.delete(
    '/camper/reviews/:id',
    {
      schema: {
        tags,
        summary: "Delete the parent's own review",
        params: idParams,
        response: { 200: deletedResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => {
      await deleteOwnReview(app.db, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    '/host/camp/:id/reviews',
    {
      schema: {
        tags,
        summary: "Every review of the host's camp, with reports and decisions",
        params: idParams,
        response: { 200: hostCampReviewsResponse },
      },
      config: { access: 'subscribedHost', right: 'org:view' },
    },
    async (request) => {
      await campAccess(app.db, currentUser(request).id, request.params.id, 'org:view');
      return {
        data: await listHostCampReviews(app.db, request.params.id),
        summary: await reviewSummary(app.db, { campId: request.params.id }),
      };
    },
  );

  app.post(
    '/host/reviews/:id/reply',
    {
      schema: {
        tags,
        summary: 'Reply once to a review of the host’s camp (a reply cannot be changed)',
        params: idParams,
        body: campReviewReplyBody,
        response: { 200: moderatedCampReviewResponse },
      },
      config: { access: 'subscribedHost', right: 'messages' },
    },
    async (request) => {
      const review = await replyToReview(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.body.text,
        `${publicUrl}/camper/registrations`,
      );
      app.jobs.kick('mail');
      return { data: review };
    },
  );

  app.post(
    '/host/reviews/:id/report',
    {
      schema: {
        tags,
        summary: 'Report a review of the host’s camp to the administrators',
        params: idParams,
        body: campReviewReportBody,
        response: { 200: moderatedCampReviewResponse },
      },
      config: { access: 'subscribedHost', right: 'messages' },
    },
    async (request) => ({
      data: await reportReview(app.db, currentUser(request).id, request.params.id, request.body.reason),
    }),
  );

  app.get(
    '/api/admin/camp-reviews',
    {
      schema: {
        tags,
        summary: 'Reported reviews waiting for a decision, oldest report first',
        response: { 200: reportedCampReviewsResponse },
      },
      config: { access: 'admin' },
    },
    async () => ({ data: await listReportedReviews(app.db) }),
  );

  app.post(
    '/api/admin/camp-reviews/:id/hide',
    {
      schema: {
        tags,
        summary: 'Hide a reported review, with a reason its author sees',
        params: idParams,
        body: campReviewHideBody,
        response: { 200: moderatedCampReviewResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      data: await decideReport(app.db, currentUser(request).id, request.params.id, {
        hide: true,
        reason: request.body.reason,
      }),
    }),
  );

  app.post(
    '/api/admin/camp-reviews/:id/keep',
    {
      schema: {
        tags,
        summary: 'Keep a reported review: the report is dismissed',
        params: idParams,
        response: { 200: moderatedCampReviewResponse },
      },
      config: { access: 'admin' },
    },
    async (request) => ({
      data: await decideReport(app.db, currentUser(request).id, request.params.id, { hide: false }),
    }),
  );
};
