import { publicOrgWithReviewsResponse } from '@campwise/contract/camp-reviews';
import { campListResponse } from '@campwise/contract/camps';
import { idParams } from '@campwise/contract/ids';
import { messages } from '@campwise/contract/messages';
import {
  createdResponse,
  hostOrgListResponse,
  hostOrgResponse,
  newOrgBody,
  orgUpdateBody,
  orgUpdateResponse,
} from '@campwise/contract/orgs';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { multipartBody, parseFields, readMultipart } from '../../platform/multipart.ts';
import { sendPublicAnswer } from '../../platform/public-answers.ts';
import { revalidatedAnswers } from '../../platform/revalidated-answers.ts';
import { reviewSummary } from '../camp-reviews/index.ts';
import { listPublicOrgCamps } from '../camps/index.ts';
import {
  createOrg,
  deleteOrg,
  getHostOrg,
  getPublicOrg,
  listHostOrgs,
  replaceOrgThumbnail,
  updateOrg,
} from './service.ts';

export const orgRoutes: FastifyPluginAsyncZod = async (app) => {
  const storage = app.storage;

  app.get(
    '/host/orgs',
    {
      schema: {
        tags: ['organizations'],
        summary: "The host's organizations",
        response: { 200: hostOrgListResponse },
      },
      config: { access: 'subscribedHost', acrossTeams: true },
    },
    async (request) => ({ data: await listHostOrgs(app.db, storage, currentUser(request).id) }),
  );

  app.get(
    '/host/orgs/:id',
    {
      schema: {
        tags: ['organizations'],
        summary: "One of the host's organizations",
        params: idParams,
        response: { 200: hostOrgResponse },
      },
      config: { access: 'subscribedHost', right: 'org:view' },
    },
    async (request) => ({
      data: await getHostOrg(app.db, storage, currentUser(request).id, request.params.id),
    }),
  );

  app.post(
    '/host/orgs',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Add an organization (multipart: the fields, consent, optional thumbnail)',
        ...multipartBody,
        response: { 201: createdResponse },
      },
      // A member of someone else's team adds no organisation of their own without subscribing.
      config: { access: 'ownSubscription' },
    },
    async (request, reply) => {
      const form = await readMultipart(request, ['thumbnail']);
      const { consent: _consent, consentVersion, ...fields } = parseFields(newOrgBody, form.fields);
      const id = await createOrg(
        app.db,
        storage,
        currentUser(request).id,
        fields,
        { version: consentVersion, ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? null },
        form.files.thumbnail,
      );
      return reply.status(201).send({ data: { id } });
    },
  );

  for (const url of ['/host/orgs/:id', '/host/orgs/:id/reviewupdate']) {
    app.put(
      url,
      {
        schema: {
          tags: ['organizations'],
          summary: 'Edit an organization (approved ones get a revision for review)',
          params: idParams,
          body: orgUpdateBody,
          response: { 200: orgUpdateResponse },
        },
        config: { access: 'subscribedHost', right: 'org:edit' },
      },
      async (request) => ({
        data: await updateOrg(app.db, storage, currentUser(request).id, request.params.id, request.body),
      }),
    );
  }

  app.put(
    '/host/org/:id/image',
    {
      schema: {
        tags: ['organizations'],
        summary: "Replace an organization's thumbnail (multipart: thumbnail)",
        params: idParams,
        ...multipartBody,
        response: { 200: hostOrgResponse },
      },
      config: { access: 'subscribedHost', right: 'org:edit' },
    },
    async (request) => {
      const form = await readMultipart(request, ['thumbnail']);
      const thumbnail = form.files.thumbnail;
      if (!thumbnail) throw badRequest(messages.thumbnailRequired, { thumbnail: messages.thumbnailRequired });
      return {
        data: await replaceOrgThumbnail(
          app.db,
          storage,
          currentUser(request).id,
          request.params.id,
          thumbnail,
        ),
      };
    },
  );

  app.delete(
    '/host/org/:id',
    {
      schema: {
        tags: ['organizations'],
        summary: 'Delete an organization and everything under it',
        params: idParams,
        response: { 200: z.object({ data: z.object({ deleted: z.literal(true) }) }) },
      },
      config: { access: 'subscribedHost', right: 'org:delete' },
    },
    async (request) => {
      await deleteOrg(app.db, storage, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  await app.register(async (profile) => {
    await revalidatedAnswers(profile);
    profile.withTypeProvider<ZodTypeProvider>().get(
      '/api/orgs/:id',
      {
        schema: {
          tags: ['public'],
          summary: 'An approved organization',
          params: idParams,
          response: { 200: publicOrgWithReviewsResponse },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const { id } = request.params;
        return sendPublicAnswer(
          reply,
          `org:${id}`,
          publicOrgWithReviewsResponse,
          async () => {
            const [org, reviews] = await Promise.all([
              getPublicOrg(app.db, storage, id),
              reviewSummary(app.db, { orgId: id }),
            ]);
            return { data: { ...org, reviewSummary: reviews } };
          },
          { watched: true },
        );
      },
    );
  });

  app.get(
    '/api/orgs/:id/camps',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: "An approved organization's listed camps",
        params: idParams,
        response: { 200: campListResponse },
      },
    },
    async (request) => {
      const orgCamps = await listPublicOrgCamps(app.db, storage, request.params.id);
      // No camps listed: an unpublished organization is not found, a published one has none yet.
      if (orgCamps.length === 0) await getPublicOrg(app.db, storage, request.params.id);
      return { data: orgCamps };
    },
  );
};
