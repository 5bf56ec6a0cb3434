import { apiErrorSchema } from '@campwise/contract/api-error';
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * The OpenAPI document's finish, so that partners' tools take it as it is (decision 076): the
 * bearer scheme and each operation's security from its route's declared access, an operationId
 * per operation, the error answers in their one shape, file answers and multipart forms with
 * their media types, and nullable enums that name null.
 */

type SwaggerOptions = FastifyDynamicSwaggerOptions;
type Transform = NonNullable<SwaggerOptions['transform']>;
type TransformObject = NonNullable<SwaggerOptions['transformObject']>;
type JsonObject = Record<string, unknown>;

/** The security scheme every signed-in call names: the token from sign-in, as `Authorization: Bearer`. */
export const BEARER_SCHEME = 'bearerAuth';

/**
 * A route's schema fragment for an answer that is a file, not JSON (sent as it is; the media
 * types are for the document, and the tools that read it).
 */
export function fileAnswer(...mediaTypes: [string, ...string[]]): { produces: string[] } {
  return { produces: mediaTypes };
}

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A file answer's documented response: the bytes, in each of its media types. */
function fileResponse(mediaTypes: string[]): JsonObject {
  const content = Object.fromEntries(
    mediaTypes.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
  );
  return { 200: { description: `The file (${mediaTypes.join(' or ')})`, content } };
}

/** A multipart form's documented body: its text fields and its files, read by the route itself. */
const MULTIPART_FORM = {
  type: 'object',
  description: "The form's text fields (as the JSON body's, in text) and its files",
  additionalProperties: { anyOf: [{ type: 'string' }, { type: 'string', format: 'binary' }] },
};

/**
 * Each route's part: its zod schemas as JSON schemas, then the security its declared access
 * asks (none for a public route), and the file answer or multipart form it declares.
 */
export const describeRoute: Transform = (document) => {
  const { schema, url } = jsonSchemaTransform(document);
  const described: JsonObject = { ...(schema as JsonObject | undefined) };
  if (described.hide) return { schema: described, url };
  const access = document.route.config?.access;
  described.security = access === undefined || access === 'public' ? [] : [{ [BEARER_SCHEME]: [] }];
  const produces = described.produces;
  if (Array.isArray(produces) && described.response === undefined) {
    described.response = fileResponse(produces as string[]);
  }
  const consumes = described.consumes;
  if (Array.isArray(consumes) && consumes.includes('multipart/form-data') && described.body === undefined) {
    described.body = MULTIPART_FORM;
  }
  return { schema: described, url };
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;
const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * An operation's id from its method and path: `GET /host/camp/{id}/roster.csv` is
 * `getHostCampByIdRosterCsv`. Paths are unique per method, so the ids are too (checked).
 */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const parameter = /^\{(.+)\}$/.exec(segment)?.[1];
      if (parameter) return [`By${capitalised(parameter)}`];
      return segment
        .split(/[^A-Za-z0-9]+/)
        .filter(Boolean)
        .map(capitalised);
    });
  return `${method.toLowerCase()}${words.join('')}`;
}

/** Adds null to every enum of a nullable value, so that an answer holding null validates. */
function nameNullInEnums(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) nameNullInEnums(item);
    return;
  }
  if (!isObject(value)) return;
  if (value.nullable === true && Array.isArray(value.enum) && !value.enum.includes(null)) {
    value.enum = [...value.enum, null];
  }
  for (const item of Object.values(value)) nameNullInEnums(item);
}

const ERROR_ANSWER = {
  description:
    'Refused, with the one error shape: 400 bad input (with `fields` per field), 401 not signed in, ' +
    '402 no subscription, 403 not allowed, 404 not found (or not yours), 409 a conflict, 413 too large, ' +
    '429 too many requests',
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ApiError' } } },
};

/** The whole document's part: the error schema, each operation's id and error answers, nullable enums. */
export function finishDocument(publicUrl: string): TransformObject {
  return (documentObject) => {
    if (!('openapiObject' in documentObject)) return documentObject.swaggerObject;
    const document = documentObject.openapiObject as JsonObject;
    const components = isObject(document.components) ? document.components : {};
    const schemas = isObject(components.schemas) ? components.schemas : {};
    const seen = new Map<string, string>();
    const paths = isObject(document.paths) ? document.paths : {};
    for (const [path, item] of Object.entries(paths)) {
      if (!isObject(item)) continue;
      for (const method of METHODS) {
        const operation = item[method];
        if (!isObject(operation)) continue;
        const id = operationIdOf(method, path);
        const other = seen.get(id);
        if (other)
          throw new Error(`${method.toUpperCase()} ${path} and ${other} share the operationId ${id}`);
        seen.set(id, `${method.toUpperCase()} ${path}`);
        operation.operationId = id;
        const responses = isObject(operation.responses) ? operation.responses : {};
        operation.responses = { ...responses, '4XX': ERROR_ANSWER };
      }
    }
    nameNullInEnums(paths);
    const finished: JsonObject = {
      ...document,
      servers: [{ url: publicUrl }],
      components: {
        ...components,
        schemas: {
          ...schemas,
          ApiError: z.toJSONSchema(apiErrorSchema, { target: 'openapi-3.0' }),
        },
      },
    };
    // Walked as plain JSON above; what it holds is fastify-swagger's own document, finished.
    return finished as ReturnType<TransformObject>;
  };
}

/** The document's settings: its description, the bearer scheme, and the finish above. */
export function openApiOptions(publicUrl: string): SwaggerOptions {
  return {
    openapi: {
      info: { title: 'Campwise API', version: '1.0.0', description: 'The Campwise marketplace API.' },
      components: {
        securitySchemes: {
          [BEARER_SCHEME]: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description:
              'The token a sign-in answers (POST /auth/login, /camper/auth/login, /admin/auth/login)',
          },
        },
      },
    },
    transform: describeRoute,
    transformObject: finishDocument(publicUrl),
  };
}
