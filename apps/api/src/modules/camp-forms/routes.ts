import {
  campFormsResponse,
  formFileResponse,
  parentCampFormsResponse,
  questionBody,
  questionResponse,
  type SignedWaiver,
  saveAnswersBody,
  signatureResponse,
  signedWaiverResponse,
  signWaiverBody,
  waiverBody,
  waiverResponse,
} from '@campwise/contract/camp-forms';
import { idParams } from '@campwise/contract/ids';
import { messages } from '@campwise/contract/messages';
import { deletedResponse } from '@campwise/contract/responses';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentUser } from '../../platform/auth.ts';
import { AppError, badRequest } from '../../platform/errors.ts';
import { multipartBody, readMultipart } from '../../platform/multipart.ts';
import { fileAnswer } from '../../platform/openapi.ts';
import { type FormFileContent, hostFormFile, parentFormFile, uploadFormFile } from './form-files.ts';
import {
  addQuestion,
  addWaiver,
  deleteQuestion,
  deleteWaiver,
  hostCampForms,
  updateQuestion,
  updateWaiver,
} from './host-forms.ts';
import { parentCampForms, saveAnswers } from './parent-forms.ts';
import { hostSignedWaiver, parentSignedWaiver, signWaiver } from './sign-waiver.ts';
import { waiverPdf } from './waiver-pdf.ts';

const answersResponse = z.object({ data: z.object({ saved: z.literal(true) }) });

/** A stored file as a download; the browser is told its real type and never to guess another. */
function sendFile(reply: FastifyReply, file: FormFileContent) {
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${file.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.content);
}

async function sendWaiverPdf(reply: FastifyReply, signed: SignedWaiver) {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="signed-waiver-${signed.reference}.pdf"`)
    .header('cache-control', 'no-store')
    .send(await waiverPdf(signed));
}

/** A camp's questions and waivers, the family's answers and signatures (decision 029). */
export const campFormRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['camp forms'];

  app.get(
    '/host/camp/:id/forms',
    {
      schema: {
        tags,
        summary: "The camp's questions and waivers",
        params: idParams,
        response: { 200: campFormsResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({ data: await hostCampForms(db, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/host/camp/:id/questions',
    {
      schema: {
        tags,
        summary: 'Add a question families answer when they book',
        params: idParams,
        body: questionBody,
        response: { 201: questionResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await addQuestion(db, currentUser(request).id, request.params.id, request.body) }),
  );

  app.put(
    '/host/questions/:id',
    {
      schema: {
        tags,
        summary: 'Change a question',
        params: idParams,
        body: questionBody,
        response: { 200: questionResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({
      data: await updateQuestion(db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/host/questions/:id',
    {
      schema: {
        tags,
        summary: 'Remove a question and its answers',
        params: idParams,
        response: { 200: deletedResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => {
      await deleteQuestion(db, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  app.post(
    '/host/camp/:id/waivers',
    {
      schema: {
        tags,
        summary: 'Add a waiver families sign when they book',
        params: idParams,
        body: waiverBody,
        response: { 201: waiverResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send({ data: await addWaiver(db, currentUser(request).id, request.params.id, request.body) }),
  );

  app.put(
    '/host/waivers/:id',
    {
      schema: {
        tags,
        summary: 'Change a waiver (a new version: families sign it again)',
        params: idParams,
        body: waiverBody,
        response: { 200: waiverResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({
      data: await updateWaiver(db, currentUser(request).id, request.params.id, request.body),
    }),
  );

  app.delete(
    '/host/waivers/:id',
    {
      schema: {
        tags,
        summary: 'Remove a waiver (signatures made stay)',
        params: idParams,
        response: { 200: deletedResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => {
      await deleteWaiver(db, currentUser(request).id, request.params.id);
      return { data: { deleted: true as const } };
    },
  );

  app.get(
    '/host/form-files/:id',
    {
      schema: {
        ...fileAnswer('application/pdf', 'image/webp'),
        tags,
        summary: "A family's uploaded answer, to download",
        params: idParams,
      },
      config: { access: 'subscribedHost', right: 'health' },
    },
    async (request, reply) =>
      sendFile(reply, await hostFormFile(db, currentUser(request).id, request.params.id)),
  );

  app.get(
    '/host/waiver-signatures/:id/pdf',
    {
      schema: {
        ...fileAnswer('application/pdf'),
        tags,
        summary: "A family's signed waiver as a PDF",
        params: idParams,
      },
      config: { access: 'subscribedHost', right: 'health' },
    },
    async (request, reply) =>
      sendWaiverPdf(reply, await hostSignedWaiver(db, currentUser(request).id, request.params.id)),
  );

  app.get(
    '/camper/camps/:id/forms',
    {
      schema: {
        tags,
        summary: "The camp's questions and waivers, with the family's answers and signatures",
        params: idParams,
        response: { 200: parentCampFormsResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await parentCampForms(db, currentUser(request).id, request.params.id, new Date()),
    }),
  );

  app.put(
    '/camper/camps/:id/answers',
    {
      schema: {
        tags,
        summary: "Save the family's answers and those of the children named, all or nothing",
        params: idParams,
        body: saveAnswersBody,
        response: { 200: answersResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => {
      await saveAnswers(db, currentUser(request).id, request.params.id, request.body, new Date());
      return { data: { saved: true as const } };
    },
  );

  app.post(
    '/camper/camps/:id/form-files',
    {
      schema: {
        tags,
        summary:
          'Upload a document (PDF) or image (JPEG, PNG, WebP) to answer a file question (multipart: file)',
        params: idParams,
        ...multipartBody,
        response: { 201: formFileResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const form = await readMultipart(request, ['file']).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 413) {
          throw new AppError(413, 'TOO_LARGE', messages.formFileTooLarge, {
            file: messages.formFileTooLarge,
          });
        }
        throw error;
      });
      const file = form.files.file;
      if (!file) throw badRequest(messages.formFileMissing, { file: messages.formFileMissing });
      const saved = await uploadFormFile(
        db,
        currentUser(request).id,
        request.params.id,
        file,
        form.fileNames.file,
      );
      return reply.code(201).send({ data: saved });
    },
  );

  app.get(
    '/camper/form-files/:id',
    {
      schema: {
        ...fileAnswer('application/pdf', 'image/webp'),
        tags,
        summary: "The family's own uploaded answer, to download",
        params: idParams,
      },
      config: { access: 'camper' },
    },
    async (request, reply) =>
      sendFile(reply, await parentFormFile(db, currentUser(request).id, request.params.id)),
  );

  app.post(
    '/camper/waivers/:id/signatures',
    {
      schema: {
        tags,
        summary: 'Sign the version of a waiver the parent read, by typing their full name',
        params: idParams,
        body: signWaiverBody,
        response: { 201: signatureResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const signature = await signWaiver(
        db,
        currentUser(request).id,
        request.params.id,
        request.body,
        { ipAddress: request.ip, userAgent: request.headers['user-agent'] ?? '' },
        new Date(),
      );
      return reply.code(201).send({ data: signature });
    },
  );

  app.get(
    '/camper/waiver-signatures/:id',
    {
      schema: {
        tags,
        summary: 'A signed waiver as it was signed',
        params: idParams,
        response: { 200: signedWaiverResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({
      data: await parentSignedWaiver(db, currentUser(request).id, request.params.id),
    }),
  );

  app.get(
    '/camper/waiver-signatures/:id/pdf',
    {
      schema: {
        ...fileAnswer('application/pdf'),
        tags,
        summary: 'A signed waiver as a PDF',
        params: idParams,
      },
      config: { access: 'camper' },
    },
    async (request, reply) =>
      sendWaiverPdf(reply, await parentSignedWaiver(db, currentUser(request).id, request.params.id)),
  );
};
