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

  app.get(
    '/camper/campers/:id/tax-statement.pdf',
    {
      schema: {
        ...fileAnswer('application/pdf'),
        tags,
        summary: "A child's year-end statement as PDF",
        params: childStatementParams,
        querystring: taxStatementQuery,
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const statement = await statementOf(currentUser(request).id, request.params.id, request.query.year);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${statementFileName(statement, 'pdf')}"`)
        .header('cache-control', 'no-store')
        .send(await statementPdf(statement));
    },
  );

  app.get(
    '/camper/campers/:id/tax-statement.csv',
    {
      schema: {
        ...fileAnswer('text/csv'),
        tags,
        summary: "A child's year-end statement as CSV",
        params: childStatementParams,
        querystring: taxStatementQuery,
      },
      config: { access: 'camper' },
    },
    async (request, reply) => {
      const statement = await statementOf(currentUser(request).id, request.params.id, request.query.year);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${statementFileName(statement, 'csv')}"`)
        .header('cache-control', 'no-store')
        .send(statementCsv(statement));
    },
  );
};
