import { idParams } from '@campwise/contract/ids';
import { receiptListResponse, receiptResponse } from '@campwise/contract/receipts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { fileAnswer } from '../../platform/openapi.ts';
import { listReceipts, readReceipt } from './read-receipt.ts';
import { receiptPdf } from './receipt-pdf.ts';

/** A parent's receipts: one per payment, with what it bought and what was given back. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['receipts'];

  app.get(
    '/camper/receipts',
    {
      schema: {
        tags,
        summary: "The parent's receipts, newest first",
        response: { 200: receiptListResponse },
      },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await listReceipts(app.db, currentUser(request).id) }),
  );

  app.get(
    '/camper/receipts/:id',
    {
      schema: { tags, summary: 'One receipt', params: idParams, response: { 200: receiptResponse } },
      config: { access: 'camper' },
    },
    async (request) => ({ data: await readReceipt(app.db, currentUser(request).id, request.params.id) }),
  );

  app.get(
    '/camper/receipts/:id/pdf',
    {
      schema: {
        ...fileAnswer('application/pdf'),
        tags,
        summary: 'One receipt as a PDF to download',
        params: idParams,
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const receipt = await readReceipt(app.db, currentUser(request).id, request.params.id);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="campwise-receipt-${receipt.number}.pdf"`)
        .header('cache-control', 'no-store')
        .send(await receiptPdf(receipt));
    },
  );
};
