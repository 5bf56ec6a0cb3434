import { idParams } from '@campwise/contract/ids';
import {
  childStatementParams,
  taxDetailsBody,
  taxDetailsResponse,
  taxStatementQuery,
  taxStatementResponse,
} from '@campwise/contract/tax-statements';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { fileAnswer } from '../../platform/openapi.ts';
import { readTaxStatement } from './read-statement.ts';
import { statementCsv, statementFileName, statementPdf } from './statement-files.ts';
import { readTaxDetails, saveTaxDetails } from './tax-details.ts';

/** Organisations' tax details and families' year-end care statements (decision 077). */
export const taxStatementRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['tax statements'];

  app.get(
    '/host/org/:id/tax-details',
    {
      schema: {
        tags,
        summary: "The organisation's legal name and EIN (masked) for families' statements",
        params: idParams,
        response: { 200: taxDetailsResponse },
      },
      config: { access: 'subscribedHost', right: 'money' },
    },
    async (request) => ({ data: await readTaxDetails(app.db, currentUser(request).id, request.params.id) }),
  );

  app.put(
    '/host/org/:id/tax-details',
    {
      schema: {
        tags,
        summary: "Record the organisation's legal name and EIN (sealed at rest)",
        params: idParams,
        body: taxDetailsBody,
        response: { 200: taxDetailsResponse },
      },
      config: { access: 'subscribedHost', right: 'money' },
    },
    async (request) => ({
      data: await saveTaxDetails(
        app.db,
        app.taxIdBox,
        currentUser(request).id,
        request.params.id,
        request.body,
      ),
    }),
  );

  /** The signed-in parent's child's statement for the year asked. */
  const statementOf = (parentId: number, childId: number, year: number) =>
    readTaxStatement(app.db, app.taxIdBox, parentId, childId, year);

  app.get(
    '/camper/campers/:id/tax-statement',
    {
      schema: {
        tags,
        summary: "A child's year-end statement of care paid: each provider with its EIN, dates and amounts",
        params: childStatementParams,
        querystring: taxStatementQuery,
        response: { 200: taxStatementResponse },
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { data: await statementOf(currentUser(request).id, request.params.id, request.query.year) };
    },
  );

  /** The statement's files: what each is, and how it is drawn from the statement. */
  const files = [
    { extension: 'pdf', mediaType: 'application/pdf', charset: '', label: 'PDF', draw: statementPdf },
    { extension: 'csv', mediaType: 'text/csv', charset: '; charset=utf-8', label: 'CSV', draw: statementCsv },
  ] as const;
  for (const file of files) {
    app.get(
      `/camper/campers/:id/tax-statement.${file.extension}`,
      {
        schema: {
          ...fileAnswer(file.mediaType),
          tags,
          summary: `A child's year-end statement as ${file.label}`,
          params: childStatementParams,
          querystring: taxStatementQuery,
        },
        config: { access: 'camper' },
      },
      async (request, reply) => {
        const statement = await statementOf(currentUser(request).id, request.params.id, request.query.year);
        return reply
          .header('content-type', `${file.mediaType}${file.charset}`)
          .header(
            'content-disposition',
            `attachment; filename="${statementFileName(statement, file.extension)}"`,
          )
          .header('cache-control', 'no-store')
          .send(await file.draw(statement));
      },
    );
  }
};
