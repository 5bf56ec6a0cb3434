import { messages } from '@campwise/contract/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { describeConnectionError, lostConnectionError } from '../db/connection-loss.ts';
import { PaymentDeclinedError } from './payments/provider.ts';

/** An expected failure a service reports; the error handler turns it into the error format. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string = messages.notFound) => new AppError(404, 'NOT_FOUND', message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'BAD_REQUEST', message, fields);
export const conflict = (message: string) => new AppError(409, 'CONFLICT', message);
export const forbidden = (message: string = messages.forbidden) => new AppError(403, 'FORBIDDEN', message);

/** Fastify's own client-error codes, mapped to our codes and messages. */
const fastifyClientErrors: Record<string, { code: string; message: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: messages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: messages.invalidJson },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType },
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'TOO_LARGE', message: messages.tooLarge },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: 'BAD_REQUEST', message: messages.invalidInput },
};

const genericClientErrors: Record<number, { code: string; message: string }> = {
  400: { code: 'BAD_REQUEST', message: messages.invalidInput },
  401: { code: 'UNAUTHENTICATED', message: messages.authFailed },
  403: { code: 'FORBIDDEN', message: messages.forbidden },
  404: { code: 'NOT_FOUND', message: messages.notFound },
  413: { code: 'TOO_LARGE', message: messages.tooLarge },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: messages.unsupportedMediaType },
  429: { code: 'RATE_LIMITED', message: messages.rateLimited },
};

/**
 * The message of one validation issue. Zod names unrecognised keys in its message: those are
 * the client's words (a key can be `<script>`), so they are never repeated back.
 */
export function issueMessage(code: string | undefined, message: string | undefined): string {
  return code === 'unrecognized_keys' || !message ? messages.invalidInput : message;
}

/**
 * Errors Fastify meets before any route runs: an address whose percent-encoding is broken or
 * whose parameter is too long. Left to Fastify they leave in its own format, quoting the address.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(400).send({ statusCode: 400, code: 'BAD_REQUEST', message: messages.invalidInput });
    return;
  }
  reply.status(500).send({ statusCode: 500, code: 'INTERNAL', message: messages.serverError });
}

/**
 * PostgreSQL refusals that two requests racing for the same row can cause: a unique or foreign
 * key violation, a deadlock, a serialization failure. The services guard against them; should
 * one slip through, the client hears that something changed meanwhile rather than a 500.
 */
const CONCURRENCY_STATES = new Set(['23505', '23503', '40P01', '40001']);

/** The SQLSTATE of a database error, which Drizzle wraps (pg or PGlite) and keeps as the cause. */
export function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 3; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = current.cause;
  }
  return undefined;
}

function fieldName(instancePath: string | undefined, fallback: string): string {
  const path = (instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  return path === '' ? fallback : path;
}

/**
 * The one error handler: every failure leaves in the `{ statusCode, code, message, fields? }`
 * shape, client errors keep their 4xx status, and nothing internal is ever shown for a 5xx.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        statusCode: error.statusCode,
        code: error.code,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      });
    }

    if (error instanceof PaymentDeclinedError) {
      return reply.status(402).send({ statusCode: 402, code: 'CARD_DECLINED', message: error.message });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const name = fieldName(issue.instancePath, error.validationContext ?? 'body');
        fields[name] ??= issueMessage(issue.keyword, issue.message);
      }
      // An issue with the body as a whole (an array, a number) has no message meant for people.
      const firstIssue = error.validation[0];
      const first = firstIssue?.instancePath
        ? issueMessage(firstIssue.keyword, firstIssue.message)
        : messages.invalidInput;
      return reply.status(400).send({ statusCode: 400, code: 'VALIDATION_ERROR', message: first, fields });
    }

    const state = sqlState(error);
    if (state && CONCURRENCY_STATES.has(state)) {
      request.log.warn({ err: error, sqlState: state }, 'request lost a race with another');
      return reply
        .status(409)
        .send({ statusCode: 409, code: 'CONFLICT', message: messages.concurrentChange });
    }
    // Class 22, data exceptions: a value the database cannot take (a NUL character, a number out
    // of range, a date that does not exist) that got past the schemas. The client's to fix.
    if (state?.startsWith('22')) {
      request.log.warn({ err: error, sqlState: state }, 'the database refused a value from the request');
      return reply.status(400).send({ statusCode: 400, code: 'BAD_REQUEST', message: messages.invalidInput });
    }

    // The connection dropped under the request (a failover, a restart, a backend ended): the pool
    // has let it go, and the client's next try gets a fresh one.
    const lost = lostConnectionError(error);
    if (lost) {
      request.log.error(
        { dbError: describeConnectionError(lost) },
        'request failed: the database connection was lost',
      );
      return reply
        .status(503)
        .header('retry-after', '1')
        .send({ statusCode: 503, code: 'DATABASE_UNAVAILABLE', message: messages.databaseUnreachable });
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = fastifyClientErrors[error.code] ??
        genericClientErrors[status] ?? { code: 'BAD_REQUEST', message: messages.invalidInput };
      return reply.status(status).send({ statusCode: status, code: known.code, message: known.message });
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ statusCode: 500, code: 'INTERNAL', message: messages.serverError });
  });

  app.setNotFoundHandler((_request, reply) =>
    reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: messages.routeNotFound }),
  );
}
