import { publicCampDetailResponse } from '@campwise/contract/camp-reviews';
import {
  addCategoryBody,
  campDetailResponse,
  campUpdateBody,
  createCampResponse,
  duplicateCampBody,
  duplicateCampResponse,
  hostCampListResponse,
  imageSchema,
  newCampBody,
} from '@campwise/contract/camps';
import { categoryListResponse } from '@campwise/contract/category-schema';
import { idFromText, idParams } from '@campwise/contract/ids';
import { messages } from '@campwise/contract/messages';
import { deletedResponse } from '@campwise/contract/responses';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { badRequest } from '../../platform/errors.ts';
import { multipartBody, parseFields, readMultipart } from '../../platform/multipart.ts';
import { sendPublicAnswer } from '../../platform/public-answers.ts';
import { revalidatedAnswers } from '../../platform/revalidated-answers.ts';
import {
  addCampImage,
  deleteCampImage,
  deleteCampThumbnail,
  replaceCampImage,
  setCampThumbnail,
} from './camp-images.ts';
import { findDuplicateCamps, getHostCamp, getPublicCamp, listOrgCamps } from './read-camps.ts';
import { addCampCategory, createCamp, deleteCamp, updateCamp } from './service.ts';

const orgCampParams = z.object({ orgId: idFromText, campId: idFromText });

/** Reads the one image file of a multipart call, or says which message applies. */
async function singleImage(request: Parameters<typeof readMultipart>[0], field: string, missing: string) {
  const form = await readMultipart(request, [field]);
  const file = form.files[field];
  if (!file) throw badRequest(missing, { [field]: missing });
  return { file, fields: form.fields };
}

/** The optional `slot` field of an added image: 1, 2 or 3. */
const slotField = z.object({ slot: z.coerce.number().int().min(1).max(3).optional() });

export const campRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  app.get(
    '/host/org/:id/camps',
    {
      schema: {
        tags: ['camps'],
        summary: "An organization's camps, with how full each is",
        params: idParams,
        response: { 200: hostCampListResponse },
      },
      config: { access: 'subscribedHost', right: 'org:view' },
    },
    async (request) => ({
      data: await listOrgCamps(db, storage, currentUser(request).id, request.params.id),
    }),
  );

  app.post(
    '/host/org/:id/camps',
    {
      schema: {
        tags: ['camps'],
        summary: 'Add a camp (multipart: fields, categories, thumbnail, campImage1–3), all or nothing',
        params: idParams,
        ...multipartBody,
        response: { 201: createCampResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request, reply) => {
      const form = await readMultipart(request, ['thumbnail', 'campImage1', 'campImage2', 'campImage3']);
      const data = parseFields(newCampBody, form.fields);
      const created = await createCamp(db, storage, currentUser(request).id, request.params.id, data, {
        thumbnail: form.files.thumbnail,
        images: [form.files.campImage1, form.files.campImage2, form.files.campImage3],
      });
      return reply.status(201).send({ data: created });
    },
  );

  app.get(
    '/host/camp/:id',
    {
      schema: {
        tags: ['camps'],
        summary: "One of the host's camps",
        params: idParams,
        response: { 200: campDetailResponse },
      },
      config: { access: 'subscribedHost', right: 'org:view' },
    },
    async (request) => ({ data: await getHostCamp(db, storage, currentUser(request).id, request.params.id) }),
  );

  app.put(
    '/host/camp/:id',
    {
      schema: {
        tags: ['camps'],
        summary: 'Edit a camp (details and categories)',
        params: idParams,
        body: campUpdateBody,
        response: { 200: campDetailResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({
      data: await updateCamp(db, storage, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/host/camp/:id',
    {
      schema: {
        tags: ['camps'],
        summary: 'Delete a camp',
        params: idParams,
        response: { 200: deletedResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => {
      await deleteCamp(db, storage, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  // Calls that take one image file and answer the camp.
  const uploads = [
    {
      method: 'PUT',
      url: '/host/camp/:id/thumbnail',
      summary: "Replace a camp's thumbnail (multipart: thumbnail)",
      field: 'thumbnail',
      missing: messages.thumbnailRequired,
      apply: (hostId: number, id: number, file: Buffer) => setCampThumbnail(db, storage, hostId, id, file),
    },
    {
      method: 'POST',
      url: '/host/camp/:id/images',
      summary: 'Add a camp image (multipart: image, and optionally slot 1–3; else the first free slot)',
      field: 'image',
      missing: messages.imageRequired,
      apply: (hostId: number, id: number, file: Buffer, fields: Record<string, string>) =>
        addCampImage(db, storage, hostId, id, file, parseFields(slotField, fields).slot),
    },
    {
      method: 'PUT',
      url: '/host/camp/images/:id',
      summary: 'Replace a camp image (multipart: image)',
      field: 'image',
      missing: messages.imageRequired,
      apply: (hostId: number, id: number, file: Buffer) => replaceCampImage(db, storage, hostId, id, file),
    },
  ] as const;
  for (const upload of uploads) {
    app.route({
      method: upload.method,
      url: upload.url,
      schema: {
        tags: ['camps'],
        summary: upload.summary,
        params: idParams,
        ...multipartBody,
        response: { 200: campDetailResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
      handler: async (request) => {
        const { file, fields } = await singleImage(request, upload.field, upload.missing);
        return { data: await upload.apply(currentUser(request).id, request.params.id, file, fields) };
      },
    });
  }

  app.delete(
    '/host/camp/:id/thumbnail',
    {
      schema: {
        tags: ['camps'],
        summary: "Remove a camp's thumbnail",
        params: idParams,
        response: { 200: campDetailResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({
      data: await deleteCampThumbnail(db, storage, currentUser(request).id, request.params.id),
    }),
  );

  app.post(
    '/host/org/:orgId/camps/:campId/images',
    {
      schema: {
        tags: ['camps'],
        summary: 'Add a camp image (multipart: image, campId)',
        params: orgCampParams,
        ...multipartBody,
        response: { 200: campDetailResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => {
      const hostId = currentUser(request).id;
      const camp = await getHostCamp(db, storage, hostId, request.params.campId);
      if (camp.orgId !== request.params.orgId) throw badRequest(messages.campNotFound);
      const { file, fields } = await singleImage(request, 'image', messages.imageRequired);
      const { slot } = parseFields(slotField, fields);
      return { data: await addCampImage(db, storage, hostId, request.params.campId, file, slot) };
    },
  );

  app.delete(
    '/host/camp/image/:id',
    {
      schema: {
        tags: ['camps'],
        summary: 'Delete a camp image',
        params: idParams,
        response: { 200: campDetailResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({
      data: await deleteCampImage(db, storage, currentUser(request).id, request.params.id),
    }),
  );

  app.post(
    '/host/org/:orgId/camps/:campId/categories',
    {
      schema: {
        tags: ['camps'],
        summary: 'Add a category to a camp',
        params: orgCampParams,
        body: addCategoryBody,
        response: { 200: campDetailResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => {
      const hostId = currentUser(request).id;
      await addCampCategory(db, hostId, request.params.orgId, request.params.campId, request.body.categoryId);
      return { data: await getHostCamp(db, storage, hostId, request.params.campId) };
    },
  );

  app.post(
    '/api/camps/duplicate',
    {
      schema: {
        tags: ['camps'],
        summary: 'Camps of this host with the same name (any case) and phone',
        body: duplicateCampBody,
        response: { 200: duplicateCampResponse },
      },
      config: { access: 'subscribedHost', acrossTeams: true },
    },
    async (request) => ({
      data: await findDuplicateCamps(db, currentUser(request).id, request.body.name, request.body.phone),
    }),
  );

  await app.register(async (profile) => {
    await revalidatedAnswers(profile);
    profile.withTypeProvider<ZodTypeProvider>().get(
      '/api/camps/:id',
      {
        schema: {
          tags: ['public'],
          summary: 'A listed camp',
          params: idParams,
          response: { 200: publicCampDetailResponse },
        },
        config: { access: 'public' },
      },
      async (request, reply) => {
        const { id } = request.params;
        return sendPublicAnswer(
          reply,
          `camp:${id}`,
          publicCampDetailResponse,
          async () => ({ data: await getPublicCamp(db, storage, id) }),
          { watched: true },
        );
      },
    );
  });

  app.get(
    '/api/camps/:id/images',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: "A listed camp's images",
        params: idParams,
        response: { 200: z.object({ data: z.array(imageSchema.extend({ slot: z.number().int() })) }) },
      },
    },
    async (request) => ({ data: (await getPublicCamp(db, storage, request.params.id)).images }),
  );

  app.get(
    '/api/camps/:id/categories',
    {
      config: { access: 'public' },
      schema: {
        tags: ['public'],
        summary: "A listed camp's categories",
        params: idParams,
        response: { 200: categoryListResponse },
      },
    },
    async (request) => ({ data: (await getPublicCamp(db, storage, request.params.id)).categories }),
  );
};
