import fc from 'fast-check';
import { z } from 'zod';
import type { Validator } from './route-table.ts';

// ---------------------------------------------------------------------------------------------
// The OpenAPI document, as far as the generators read it.

interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minItems?: number;
  maxItems?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  format?: string;
}

const jsonSchema: z.ZodType<JsonSchema> = z.lazy(() =>
  z.looseObject({
    type: z.string().optional(),
    properties: z.record(z.string(), jsonSchema).optional(),
    required: z.array(z.string()).optional(),
    items: jsonSchema.optional(),
    enum: z.array(z.unknown()).optional(),
    pattern: z.string().optional(),
    minLength: z.number().optional(),
    maxLength: z.number().optional(),
    minimum: z.number().optional(),
    maximum: z.number().optional(),
    exclusiveMinimum: z.union([z.boolean(), z.number()]).optional(),
    minItems: z.number().optional(),
    maxItems: z.number().optional(),
    anyOf: z.array(jsonSchema).optional(),
    oneOf: z.array(jsonSchema).optional(),
    nullable: z.boolean().optional(),
    format: z.string().optional(),
  }),
);

const operationSchema = z.looseObject({
  parameters: z
    .array(
      z.looseObject({
        in: z.string(),
        name: z.string(),
        required: z.boolean().optional(),
        schema: jsonSchema,
      }),
    )
    .optional(),
  requestBody: z
    .looseObject({ content: z.record(z.string(), z.looseObject({ schema: jsonSchema.optional() })) })
    .optional(),
});

const documentSchema = z.looseObject({
  paths: z.record(z.string(), z.record(z.string(), operationSchema)),
});

export type BodyKind = 'json' | 'multipart' | 'none';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
export type Method = (typeof METHODS)[number];

export interface Operation {
  /** `METHOD /url` as Fastify names the route (`:id`, not `{id}`). */
  key: string;
  method: Method;
  /** The OpenAPI path, `{name}` for each path parameter. */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  queryParams: { name: string; schema: JsonSchema }[];
  body: { kind: 'json'; schema: JsonSchema } | { kind: 'multipart' } | { kind: 'none' };
}

/** Every operation of the OpenAPI document; `multipart` names the routes that declare form uploads. */
export function operationsOf(document: unknown, multipart: ReadonlySet<string>): Operation[] {
  const { paths } = documentSchema.parse(document);
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [lowerMethod, operation] of Object.entries(methods)) {
      const method = z.enum(METHODS).parse(lowerMethod.toUpperCase());
      const key = `${method} ${path.replaceAll(/\{(\w+)\}/g, ':$1')}`;
      const parameters = operation.parameters ?? [];
      const jsonBody = operation.requestBody?.content['application/json']?.schema;
      operations.push({
        key,
        method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path').map(({ name, schema }) => ({ name, schema })),
        queryParams: parameters.filter((p) => p.in === 'query').map(({ name, schema }) => ({ name, schema })),
        body: jsonBody
          ? { kind: 'json', schema: jsonBody }
          : multipart.has(key)
            ? { kind: 'multipart' }
            : { kind: 'none' },
      });
    }
  }
  return operations;
}

// ---------------------------------------------------------------------------------------------
// Nasty strings.

const SQL = [
  "' OR '1'='1",
  "1' OR 1=1 --",
  "'; DROP TABLE users; --",
  '1; SELECT pg_sleep(5); --',
  "' UNION SELECT password_hash, email FROM users --",
  "%' OR 1=1 --",
  "\\'; COPY users TO '/tmp/x'; --",
  '$1',
  "') OR ('a'='a",
];

/** HTML and script payloads; a reply must never carry them back unescaped. */
export const HTML = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '"><svg onload=alert(1)>',
  "'><iframe src=javascript:alert(1)>",
  '<ScRiPt src=//evil.example/x.js></ScRiPt>',
];

/**
 * What one of the HTML payloads above looks like in a reply that echoes it unescaped: their own
 * tags, so a page's own markup (the booking widget's script) is not taken for one.
 */
export const UNESCAPED_HTML =
  /<script>alert|<img src=x|<svg onload=|<iframe src=javascript:|<script src=\/\/evil\./i;

const ODD_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007\u0008\u001b[31m',
  '\r\n\r\n',
  '\u202eevil\u202c',
  '\ufeff',
  '\u200b\u200d',
  'Ω≈ç√∫˜µ≤≥÷',
  '田中さんにあげて下さい',
  '👩‍👩‍👧‍👦🏳️‍🌈',
  'Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇',
  '\ud800',
  '\udfff\ud800',
  '../../../../etc/passwd',
  '%00%2e%2e%2f',
  '{{7*7}}<%= 7*7 %>#{7*7}',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '0x1A',
  '[object Object]',
];

/** Strings meant to break something: SQL, HTML, control and exotic characters, any code point. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...SQL),
  fc.constantFrom(...HTML),
  fc.constantFrom(...ODD_TEXT),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'binary-ascii', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

/** Printable ASCII only: what a header can carry. */
const headerText = fc.oneof(
  fc.constantFrom(...SQL, ...HTML),
  fc.string({ unit: 'grapheme-ascii', maxLength: 60 }),
);

const canEncode = (text: string) => {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
};

// ---------------------------------------------------------------------------------------------
// Values for a schema: plausible ones, and ones that cannot be right.

const MAX_INT = 2_147_483_647;

function boundsOf(schema: JsonSchema) {
  const exclusive = schema.exclusiveMinimum === true;
  const min = typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum + 1 : schema.minimum;
  return {
    min: Math.max(-MAX_INT, min === undefined ? -1000 : exclusive ? min + 1 : min),
    max: Math.min(MAX_INT, schema.maximum ?? 1000),
  };
}

/** A value the schema probably accepts, with hostile text wherever text is allowed. */
export function plausible(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  const members = schema.anyOf ?? schema.oneOf;
  if (members && members.length > 0) return fc.oneof(...members.map((member) => plausible(member, depth)));
  const value = plausibleOfType(schema, depth);
  return schema.nullable ? fc.oneof({ arbitrary: value, weight: 4 }, fc.constant(null)) : value;
}

function plausibleOfType(schema: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  if (schema.enum && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string': {
      const maxLength = schema.maxLength ?? 60;
      const minLength = schema.minLength ?? 0;
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern), { size: 'small' });
      if (schema.format === 'email') return fc.emailAddress();
      return fc.oneof(
        fc.string({ unit: 'grapheme', minLength, maxLength: Math.max(minLength, Math.min(maxLength, 30)) }),
        nastyString.filter((text) => text.length >= minLength && text.length <= maxLength),
        fc.emailAddress().filter((text) => text.length >= minLength && text.length <= maxLength),
        fc.constantFrom('2030-06-15', '2031-01-31', '512-555-0142', '78701', 'TX', 'true', '12'),
      );
    }
    case 'integer':
    case 'number': {
      const { min, max } = boundsOf(schema);
      return schema.type === 'integer'
        ? fc.integer({ min, max })
        : fc.oneof(fc.integer({ min, max }), fc.double());
    }
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 5, 5);
      return fc.array(schema.items ? plausible(schema.items, depth + 1) : fc.jsonValue(), {
        minLength: Math.min(schema.minItems ?? 0, maxLength),
        maxLength,
      });
    }
    case 'object':
      return plausibleObject(schema, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function plausibleObject(schema: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(schema.properties ?? {});
  if (depth > 3 || properties.length === 0) return fc.constant({});
  const required = new Set(schema.required ?? []);
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of properties) shape[name] = plausible(property, depth + 1);
  return fc.record(shape, {
    requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)),
  });
}

const NOT_A_NUMBER = ['abc', '1.2.3', '12abc', 'one', '١٢٣', '--1', '1,000', '∞', '0b2', '#1'];

/** A value of the wrong kind for the schema, or outside its limits. */
export function wrong(schema: JsonSchema): fc.Arbitrary<unknown> {
  const anyKind = fc.oneof(
    fc.constantFrom<unknown>(null, true, false, {}, [], [[[]]], { $gt: '' }, { length: 1e9 }),
    fc.array(fc.integer(), { minLength: 1, maxLength: 3 }),
    fc.dictionary(nastyString, nastyString, { maxKeys: 3 }),
  );
  switch (schema.type) {
    case 'string':
      return fc.oneof(
        anyKind,
        fc.integer(),
        fc.double(),
        schema.maxLength !== undefined
          ? fc.integer({ min: 1, max: 5_000 }).map((extra) => 'x'.repeat((schema.maxLength ?? 0) + extra))
          : fc.constant('y'.repeat(300_000)),
        schema.enum ? nastyString.filter((text) => !schema.enum?.includes(text)) : fc.constant(null),
        schema.pattern
          ? nastyString.filter((text) => !new RegExp(schema.pattern ?? '').test(text))
          : fc.constant(null),
      );
    case 'integer':
    case 'number':
      return fc.oneof(
        anyKind,
        fc.constantFrom(...NOT_A_NUMBER),
        fc.constantFrom(1.5, -0.5, 1e21, -1e21, 2 ** 53 + 2, MAX_INT + 1, -MAX_INT - 2, 0, -1),
        fc.constantFrom('NaN', 'Infinity', '-Infinity', '1e400', '99999999999999999999999'),
      );
    case 'boolean':
      return fc.oneof(anyKind, fc.constantFrom('yes', 'no', 'TRUE', 2, -1, 'on'));
    case 'array':
      return fc.oneof(
        anyKind,
        fc.constantFrom('1,2,3', 7),
        fc
          .integer({ min: 1, max: 3 })
          .map((extra) => Array.from({ length: (schema.maxItems ?? 100) + extra }, () => 1)),
        fc.constant(Array.from({ length: 20_000 }, (_, index) => index)),
        schema.items
          ? fc.array(wrong(schema.items), { minLength: 1, maxLength: 3 })
          : fc.constant([undefined]),
      );
    case 'object':
      return fc.oneof(anyKind, fc.constantFrom('{}', 0, [{}]));
    default:
      return anyKind;
  }
}

// ---------------------------------------------------------------------------------------------
// Requests.

export interface Caller {
  /** How the request introduces itself, for failure messages. */
  readonly label: string;
  readonly authorization: string | null;
}

export interface RouteInputs {
  operation: Operation;
  /** The route's own validators, the ground truth for whether an input can pass. */
  validators: { params?: Validator; querystring?: Validator; body?: Validator };
  /** Callers the route admits and callers it must turn away (empty for public routes). */
  admitted: Caller[];
  refused: Caller[];
  /** Ids of things that exist, so some requests name real resources. */
  knownIds: number[];
}

export interface GeneratedRequest {
  /** HEAD for some GETs: Fastify answers them with the GET's handler. */
  method: Method | 'HEAD';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
  /** Why the request cannot succeed; empty for a well-formed (if odd) request. */
  defects: string[];
  /** What was sent, for a failure message. */
  summary: string;
}

/** Content types Fastify has no parser for: a body sent with one of these is refused whole. */
const UNSUPPORTED_TYPES = [
  'text/plain',
  'text/html',
  'application/xml',
  'application/x-www-form-urlencoded',
  'application/octet-stream',
  'image/jpeg',
];

const BROKEN_JSON = [
  '{',
  '{"a":}',
  "{'a':1}",
  '{"a":1,}',
  '[1,2',
  'NaN',
  'undefined',
  '{"a":1}{"b":2}',
  '{"a":"\\x41"}',
  '{"a":01}',
  '\u0000',
  '{"a" 1}',
  `${'['.repeat(5_000)}${']'.repeat(4_999)}`,
];

const FORM_FIELDS = [
  'thumbnail',
  'image',
  'campImage1',
  'campImage2',
  'campImage3',
  'campImage4',
  'slot',
  'categories',
  'consent',
  'consentVersion',
  'description',
  'address',
  'city',
  'state',
  'zip',
  'phone',
  'email',
  'website',
  'bio',
  'contactName',
  'contactNumber',
  'contactEmail',
  'startDate',
  'endDate',
  'minAge',
  'maxAge',
  'cost',
  'spotsAvailable',
  'allowsWaitlist',
];

const IMAGE_LIKE_BYTES: fc.Arbitrary<Buffer> = fc.oneof(
  fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
  fc
    .uint8Array({ maxLength: 500 })
    .map((bytes) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), bytes])),
  fc
    .uint8Array({ maxLength: 500 })
    .map((bytes) => Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), bytes])),
  fc
    .uint8Array({ maxLength: 200 })
    .map((bytes) => Buffer.concat([Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 '), bytes])),
  fc.constant(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')),
  fc.constant(Buffer.alloc(0)),
);

interface FormPart {
  name: string;
  filename: string | null;
  contentType: string;
  data: Buffer;
}

const formPart: fc.Arbitrary<FormPart> = fc.oneof(
  fc.record({
    name: fc.oneof(
      fc.constantFrom(...FORM_FIELDS),
      nastyString.filter((text) => text !== 'name'),
    ),
    filename: fc.constant(null),
    contentType: fc.constant('text/plain'),
    data: nastyString.map((text) => Buffer.from(text)),
  }),
  fc.record({
    name: fc.oneof(fc.constantFrom('thumbnail', 'image', 'campImage1', 'campImage3'), nastyString),
    filename: fc.oneof(fc.constantFrom('camp.jpg', '../../etc/passwd', 'a"b.png', 'x.php', ''), nastyString),
    contentType: fc.constantFrom(
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/svg+xml',
      'text/html',
      'application/x-msdownload',
    ),
    data: IMAGE_LIKE_BYTES,
  }),
);

const MULTIPART_ODDITIES = [
  'none',
  'no boundary',
  'wrong boundary',
  'cut short',
  'same field twice',
  'too many parts',
  'huge field',
  'no field name',
  'no content disposition',
  'bare line feeds',
  'nested multipart',
] as const;
type MultipartOddity = (typeof MULTIPART_ODDITIES)[number];

/** Strips CR and LF, which would otherwise end a part header early. */
const headerSafe = (text: string) => text.replaceAll(/[\r\n"]/g, '_');

function multipartPayload(parts: FormPart[], oddity: MultipartOddity): { body: Buffer; contentType: string } {
  const boundary = '----campwiseFuzzBoundary7d3a';
  const all = [...parts];
  const first = all[0];
  if (oddity === 'same field twice' && first) all.push(first);
  if (oddity === 'too many parts') {
    for (let i = 0; i < 60; i += 1)
      all.push({ name: `f${i}`, filename: null, contentType: 'text/plain', data: Buffer.from('x') });
  }
  if (oddity === 'huge field') {
    all.push({
      name: 'description',
      filename: null,
      contentType: 'text/plain',
      data: Buffer.alloc(300_000, 'z'),
    });
  }
  const newline = oddity === 'bare line feeds' ? '\n' : '\r\n';
  const chunks: Buffer[] = [];
  for (const part of all) {
    const name = oddity === 'no field name' ? '' : `; name="${headerSafe(part.name)}"`;
    const disposition =
      oddity === 'no content disposition'
        ? ''
        : `Content-Disposition: form-data${name}${part.filename === null ? '' : `; filename="${headerSafe(part.filename)}"`}${newline}`;
    const type =
      oddity === 'nested multipart'
        ? `Content-Type: multipart/mixed; boundary=inner${newline}`
        : part.filename === null
          ? ''
          : `Content-Type: ${part.contentType}${newline}`;
    chunks.push(
      Buffer.from(`--${boundary}${newline}${disposition}${type}${newline}`),
      part.data,
      Buffer.from(newline),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--${newline}`));
  let body = Buffer.concat(chunks);
  if (oddity === 'cut short') body = body.subarray(0, Math.max(1, Math.floor(body.length / 2)));
  const contentType =
    oddity === 'no boundary'
      ? 'multipart/form-data'
      : oddity === 'wrong boundary'
        ? 'multipart/form-data; boundary=not-the-one-used'
        : `multipart/form-data; boundary=${boundary}`;
  return { body, contentType };
}

interface Body {
  contentType: string | null;
  payload: string | Buffer | undefined;
  /** Why the body alone makes the request fail; null when that depends on the validator. */
  defect: string | null;
  /** What the route's validator would be given (for JSON), when it reaches the validator. */
  parsed: { value: unknown } | null;
  label: string;
}

const BODY_LIMIT = 1024 * 1024;

function jsonBody(value: unknown, extraText: string | null): Body {
  let text = JSON.stringify(value) ?? 'null';
  // Extra keys, prototype-poisoning ones included, are spliced into the text as a client would send them.
  if (extraText && text.startsWith('{') && text !== '{}') text = `{${extraText},${text.slice(1)}`;
  else if (extraText && text === '{}') text = `{${extraText}}`;
  const oversized = Buffer.byteLength(text) > BODY_LIMIT;
  let parsed: { value: unknown } | null = null;
  try {
    parsed = { value: JSON.parse(text) };
  } catch {
    parsed = null;
  }
  return {
    contentType: 'application/json',
    payload: text,
    defect: oversized ? 'a body over the size limit' : null,
    parsed,
    label: `JSON ${text.length > 300 ? `${text.slice(0, 300)}… (${text.length} characters)` : text}`,
  };
}

const extraKeys: fc.Arbitrary<string | null> = fc.oneof(
  { arbitrary: fc.constant(null), weight: 3 },
  fc
    .dictionary(
      fc.oneof(nastyString, fc.constantFrom('isAdmin', 'userType', 'hostId', 'id', 'status')),
      fc.jsonValue(),
      {
        minKeys: 1,
        maxKeys: 3,
      },
    )
    .map((extra) => JSON.stringify(extra).slice(1, -1))
    .filter((text) => text.length > 0),
  fc.constantFrom('"__proto__":{"isAdmin":true}', '"constructor":{"prototype":{"isAdmin":true}}'),
);

/** A JSON body the schema probably accepts, hostile text inside, sometimes with extra keys. */
function plausibleJsonBodies(schema: JsonSchema): fc.Arbitrary<Body> {
  return fc.tuple(plausible(schema), extraKeys).map(([value, extra]) => jsonBody(value, extra));
}

/** A JSON body damaged in one place: a property of the wrong kind or too long, or one missing. */
function damagedJsonBodies(schema: JsonSchema): fc.Arbitrary<Body> {
  const base = plausible(schema);
  const properties = Object.entries(schema.properties ?? {});
  const damaged: fc.Arbitrary<unknown>[] = [
    fc.oneof(wrong(schema), fc.constantFrom<unknown>(null, [], 'text', 42)),
  ];
  if (properties.length > 0) {
    damaged.push(
      fc
        .tuple(base, fc.constantFrom(...properties))
        .chain(([value, [name, property]]) =>
          wrong(property).map((bad) => ({ ...(value as Record<string, unknown>), [name]: bad })),
        ),
    );
  }
  const required = schema.required ?? [];
  if (required.length > 0) {
    damaged.push(
      fc.tuple(base, fc.constantFrom(...required)).map(([value, name]) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[name];
        return copy;
      }),
    );
  }
  return fc.tuple(fc.oneof(...damaged), extraKeys).map(([value, extra]) => jsonBody(value, extra));
}

/** Bodies that never reach a validator: broken JSON, unsupported types, no type at all. */
function notJsonBodies(): fc.Arbitrary<Body> {
  return fc.oneof(
    fc.constantFrom(...BROKEN_JSON).map(
      (text): Body => ({
        contentType: 'application/json',
        payload: text,
        defect: 'a body that is not JSON',
        parsed: null,
        label: `broken JSON ${text.slice(0, 80)}`,
      }),
    ),
    fc.constant<Body>({
      contentType: 'application/json',
      payload: '',
      defect: 'an empty JSON body',
      parsed: null,
      label: 'empty JSON body',
    }),
    fc
      .tuple(
        fc.constantFrom(...UNSUPPORTED_TYPES),
        nastyString.filter((text) => text.length > 0),
      )
      .map(
        ([contentType, text]): Body => ({
          contentType,
          payload: text,
          defect: `a body of type ${contentType}`,
          parsed: null,
          label: `${contentType} body`,
        }),
      ),
    nastyString
      .filter((text) => text.length > 0)
      .map(
        (text): Body => ({
          contentType: null,
          payload: text,
          defect: 'a body without a content type',
          parsed: null,
          label: 'body without a content type',
        }),
      ),
  );
}

/** Bodies for a route whose form is multipart: always broken or incomplete somewhere. */
function multipartRouteBodies(): fc.Arbitrary<Body> {
  return fc.oneof(
    {
      arbitrary: fc
        .tuple(fc.array(formPart, { maxLength: 6 }), fc.constantFrom(...MULTIPART_ODDITIES))
        .map(([parts, oddity]): Body => {
          const { body, contentType } = multipartPayload(parts, oddity);
          return {
            contentType,
            payload: body,
            // No form here carries a name, and no file here is a readable image: nothing can be created.
            defect: `a form that cannot be complete (${oddity === 'none' ? 'well built' : oddity})`,
            parsed: null,
            label: `multipart (${oddity}) with ${parts.map((part) => JSON.stringify(part.name)).join(', ') || 'no parts'}`,
          };
        }),
      weight: 6,
    },
    {
      arbitrary: fc
        .jsonValue({ maxDepth: 2 })
        .map((value): Body => ({ ...jsonBody(value, null), defect: 'JSON where a form is expected' })),
      weight: 1,
    },
    { arbitrary: notJsonBodies(), weight: 2 },
    {
      arbitrary: fc.constant<Body>({
        contentType: null,
        payload: undefined,
        defect: 'no form at all',
        parsed: null,
        label: 'no body',
      }),
      weight: 1,
    },
  );
}

const NO_BODY: Body = { contentType: null, payload: undefined, defect: null, parsed: null, label: 'no body' };

/** Bodies that cannot be wrong: none, or (where the route reads no body) any JSON, which is ignored. */
function goodBodies(operation: Operation): fc.Arbitrary<Body> | null {
  if (operation.method === 'GET') {
    // A GET's body is never read.
    return fc.oneof(
      { arbitrary: fc.constant(NO_BODY), weight: 4 },
      fc.constantFrom(...BROKEN_JSON).map(
        (text): Body => ({
          ...NO_BODY,
          contentType: 'application/json',
          payload: text,
          label: 'ignored body',
        }),
      ),
    );
  }
  switch (operation.body.kind) {
    case 'json':
      return plausibleJsonBodies(operation.body.schema);
    case 'multipart':
      // Every form generated here is incomplete or broken: a multipart route has no good body.
      return null;
    case 'none':
      return fc.oneof(
        fc.constant(NO_BODY),
        fc.jsonValue({ maxDepth: 2 }).map((value) => ({ ...jsonBody(value, null), parsed: null })),
      );
  }
}

/** Bodies the route must refuse; null for a GET, whose body is never read. */
function badBodies(operation: Operation): fc.Arbitrary<Body> | null {
  if (operation.method === 'GET') return null;
  switch (operation.body.kind) {
    case 'json':
      return fc.oneof(
        { arbitrary: damagedJsonBodies(operation.body.schema), weight: 3 },
        { arbitrary: notJsonBodies(), weight: 2 },
      );
    case 'multipart':
      return multipartRouteBodies();
    case 'none':
      return notJsonBodies();
  }
}

/** Path segments whose percent-encoding is broken: sent as they are, no router can decode them. */
const BROKEN_ESCAPES = ['%', '%zz', '1%', '%E0%A4%A', '%c0%af', '%ed%a0%80', '%F0%9F%98'];

interface ParamValue {
  value: string;
  /** Sent as it is rather than percent-encoded. */
  raw: boolean;
}

function goodParam(schema: JsonSchema, knownIds: number[]): fc.Arbitrary<ParamValue> {
  const value =
    schema.type === 'integer'
      ? fc.oneof(
          fc.constantFrom(...(knownIds.length > 0 ? knownIds : [1])).map(String),
          fc.integer({ min: 1_000_000, max: MAX_INT }).map(String),
        )
      : schema.pattern
        ? fc.stringMatching(new RegExp(schema.pattern))
        : nastyString.filter(canEncode);
  return value.map((text) => ({ value: text, raw: false }));
}

const badParam: fc.Arbitrary<ParamValue> = fc.oneof(
  {
    arbitrary: fc
      .oneof(
        fc.constantFrom(
          '0',
          '-1',
          '1.5',
          '2147483648',
          '99999999999999999999',
          'NaN',
          'Infinity',
          '1e3x',
          '0x',
          '',
        ),
        fc.constantFrom(...NOT_A_NUMBER, ...SQL, ...HTML),
        nastyString,
        fc.constant('9'.repeat(400)),
      )
      .filter(canEncode)
      .map((value) => ({ value, raw: false })),
    weight: 9,
  },
  { arbitrary: fc.constantFrom(...BROKEN_ESCAPES).map((value) => ({ value, raw: true })), weight: 1 },
);

/** Path parameters: all plausible, or (bad) each one drawn from values that cannot be right. */
function paramValues(
  operation: Operation,
  knownIds: number[],
  bad: boolean,
): fc.Arbitrary<Record<string, ParamValue>> {
  const shape: Record<string, fc.Arbitrary<ParamValue>> = {};
  for (const { name, schema } of operation.pathParams)
    shape[name] = bad ? badParam : goodParam(schema, knownIds);
  return fc.record(shape);
}

/** Query parameters: plausible (or left out), or (bad) of the wrong kind; plus unknown ones, ignored. */
function queryValues(operation: Operation, bad: boolean): fc.Arbitrary<Record<string, string>> {
  const shape: Record<string, fc.Arbitrary<string | undefined>> = {};
  for (const { name, schema } of operation.queryParams) {
    shape[name] = bad
      ? wrong(schema).map((value) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? '')))
      : fc.oneof(
          fc.constant(undefined),
          plausible(schema).map((value) => String(value)),
        );
  }
  const known = new Set(operation.queryParams.map(({ name }) => name));
  const noise = fc.dictionary(
    fc
      .oneof(fc.constantFrom('limit', 'offset', 'sort', 'page', 'admin', 'debug'), nastyString)
      .filter((key) => !known.has(key)),
    nastyString,
    { maxKeys: 3 },
  );
  return fc.tuple(fc.record(shape), noise).map(([own, extra]) => {
    const query: Record<string, string> = { ...extra };
    for (const [name, value] of Object.entries(own)) if (value !== undefined) query[name] = value;
    return query;
  });
}

const noiseHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      accept: fc.constantFrom('application/json', 'text/html', '*/*', 'text/csv', 'application/xml'),
      'accept-language': headerText,
      'user-agent': headerText,
      'x-forwarded-for': fc.constantFrom('10.0.0.1', '127.0.0.1, 8.8.8.8', 'not-an-ip', ''),
      'x-http-method-override': fc.constantFrom('DELETE', 'PUT', 'GET'),
      // Rare, because a body the server cannot decode is refused before anything else is looked at.
      'content-encoding': fc.oneof(
        { arbitrary: fc.constant(undefined), weight: 12 },
        fc.constantFrom('gzip', 'br', 'identity', 'x-unknown'),
      ),
    },
    { requiredKeys: [] },
  )
  .map((headers) =>
    Object.fromEntries(
      Object.entries(headers).filter((entry): entry is [string, string] => entry[1] !== undefined),
    ),
  );

/** One GET in five goes out as HEAD. */
const asHead = fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, fc.constant(true));

const remoteAddress = fc
  .tuple(fc.integer({ min: 1, max: 254 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 1, max: 254 }))
  .map(([a, b, c]) => `127.${a}.${b}.${c}`);

function validatorRefuses(validator: Validator | undefined, value: unknown): boolean {
  return validator !== undefined && !validator.safeParse(value).success;
}

function buildUrl(path: string, params: Record<string, ParamValue>, query: Record<string, string>): string {
  const pathname = path.replaceAll(/\{(\w+)\}/g, (_match, name: string) => {
    const param = params[name];
    return param === undefined ? '' : param.raw ? param.value : encodeURIComponent(param.value);
  });
  const search = new URLSearchParams(
    Object.entries(query).filter(([key, value]) => canEncode(key) && canEncode(value)),
  );
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

/** Where a malformed request is wrong (the rest of it is as plausible as a well-formed one). */
type Focus = 'params' | 'query' | 'body' | 'caller';

interface Parts {
  params: Record<string, ParamValue>;
  query: Record<string, string>;
  body: Body;
  caller: { who: Caller; admitted: boolean };
  headers: Record<string, string>;
  remoteAddress: string;
  head: boolean;
}

/**
 * Requests for one route. `malformed`: each is wrong in one chosen place the route cannot
 * accept (a path parameter, the query, the body, the caller), the rest plausible and signed in
 * as someone the route admits, so the checks behind the sign-in are reached. `wellFormed`: all
 * plausible, hostile text included. Either way `defects` says, by the route's own validators,
 * what makes the request unacceptable. Null when the route has no request of that kind.
 */
export function requestsFor(
  inputs: RouteInputs,
  kind: 'malformed' | 'wellFormed',
): fc.Arbitrary<GeneratedRequest> | null {
  const { operation } = inputs;
  const admitted = fc.constantFrom(...inputs.admitted).map((who) => ({ who, admitted: true }));
  const good = {
    params: paramValues(operation, inputs.knownIds, false),
    query: queryValues(operation, false),
    body: goodBodies(operation),
    caller: admitted,
  };
  const bad = {
    params: operation.pathParams.length > 0 ? paramValues(operation, inputs.knownIds, true) : null,
    query: operation.queryParams.length > 0 ? queryValues(operation, true) : null,
    body: badBodies(operation),
    caller:
      inputs.refused.length > 0
        ? fc.constantFrom(...inputs.refused).map((who) => ({ who, admitted: false }))
        : null,
  };
  const build = (focus: Focus | null): fc.Arbitrary<Parts> | null => {
    const pick = <T>(part: Focus, goodOne: fc.Arbitrary<T> | null, badOne: fc.Arbitrary<T> | null) =>
      focus === part ? badOne : (goodOne ?? badOne);
    const body = pick('body', good.body, bad.body);
    const params = pick('params', good.params, bad.params);
    const query = pick('query', good.query, bad.query);
    const caller = pick('caller', good.caller, bad.caller);
    if (!body || !params || !query || !caller) return null;
    return fc.record({ params, query, body, caller, headers: noiseHeaders, remoteAddress, head: asHead });
  };
  if (kind === 'wellFormed') {
    return good.body ? (build(null)?.map((parts) => assemble(inputs, parts)) ?? null) : null;
  }
  const malformed = (['params', 'query', 'body', 'caller'] as const)
    .map((focus) => build(focus))
    .filter((parts): parts is fc.Arbitrary<Parts> => parts !== null);
  if (malformed.length === 0) return null;
  return fc.oneof(...malformed).map((parts) => assemble(inputs, parts));
}

function assemble({ operation, validators }: RouteInputs, parts: Parts): GeneratedRequest {
  const { params, query, body, headers } = parts;
  const { who, admitted } = parts.caller;
  const defects: string[] = [];
  const values = Object.fromEntries(Object.entries(params).map(([name, param]) => [name, param.value]));
  if (Object.values(params).some((param) => param.raw)) {
    defects.push('an address with broken percent-encoding');
  } else if (validatorRefuses(validators.params, values)) {
    defects.push('a path parameter the route refuses');
  }
  if (validatorRefuses(validators.querystring, queryForValidator(operation, query))) {
    defects.push('a query parameter the route refuses');
  }
  if (body.defect) defects.push(body.defect);
  else if (
    operation.body.kind === 'json' &&
    body.parsed &&
    validatorRefuses(validators.body, body.parsed.value)
  ) {
    defects.push('a body the route refuses');
  }
  if (!admitted) defects.push(`a caller the route does not admit (${who.label})`);
  const requestHeaders: Record<string, string> = { ...headers };
  if (body.contentType !== null) requestHeaders['content-type'] = body.contentType;
  else if (body.payload === undefined) delete requestHeaders['content-encoding'];
  if (who.authorization !== null) requestHeaders.authorization = who.authorization;
  const url = buildUrl(operation.path, params, query);
  const method = parts.head && operation.method === 'GET' ? 'HEAD' : operation.method;
  return {
    method,
    url,
    headers: requestHeaders,
    ...(body.payload === undefined ? {} : { payload: body.payload }),
    remoteAddress: parts.remoteAddress,
    defects,
    summary: `${method} ${url.slice(0, 300)} as ${who.label}, ${body.label}, headers ${JSON.stringify(headers)}`,
  };
}

/** The query object Fastify hands the validator: every value a string, known names only matter. */
/** The query as the route receives it: its own parameters, less what `buildUrl` cannot encode. */
function queryForValidator(operation: Operation, query: Record<string, string>): Record<string, string> {
  const known = new Set(operation.queryParams.map(({ name }) => name));
  return Object.fromEntries(
    Object.entries(query).filter(([name, value]) => known.has(name) && canEncode(name) && canEncode(value)),
  );
}
