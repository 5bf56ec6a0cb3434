import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { CONSENT_VERSION, type HostOrg, type OrgUpdate } from '@campwise/contract/orgs';
import { count, eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { images, organizations, orgConsents, orgReviews, orgRevisions } from '../src/db/schema.ts';
import { bearer } from './fixtures.ts';
import { type Account, PAYMENTS_ENV, subscribedHost } from './payments-fixtures.ts';

/** The environment org tests build their app with: a fixed secret and public address. */
export const ORG_ENV = PAYMENTS_ENV;

/** A subscribed host with its user id (the payments fixtures answer only the token and address). */
export interface OrgHost extends Account {
  id: number;
}

export async function userIdOf(app: FastifyInstance, token: string): Promise<number> {
  const me = await app.inject({ method: 'GET', url: '/me', headers: bearer(token) });
  expect(me.statusCode, me.body).toBe(200);
  return me.json<{ data: { userData: { id: number } } }>().data.userData.id;
}

export async function subscribedOrgHost(
  app: FastifyInstance,
  options: { payouts: boolean } = { payouts: true },
): Promise<OrgHost> {
  const host = await subscribedHost(app, undefined, options);
  return { token: host.token, email: host.email, id: await userIdOf(app, host.token) };
}

// ---------------------------------------------------------------------------------------------
// Multipart bodies, built byte by byte so tests control every name, type and byte sent.

export interface FilePart {
  field: string;
  filename: string;
  contentType: string;
  data: Buffer;
}

export interface MultipartRequest {
  payload: Buffer;
  headers: { 'content-type': string };
}

/** Text fields as an object, or as pairs when a test needs a name twice. */
export type FormFields = Record<string, string> | ReadonlyArray<readonly [string, string]>;

export function multipartBody(fields: FormFields, files: FilePart[] = []): MultipartRequest {
  const boundary = `----campwise${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Array.isArray(fields) ? fields : Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.filename}"\r\n` +
          `Content-Type: ${file.contentType}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function thumbnailPart(data: Buffer, filename = 'camp.jpg', contentType = 'image/jpeg'): FilePart {
  return { field: 'thumbnail', filename, contentType, data };
}

// ---------------------------------------------------------------------------------------------
// Real images.

/** Coordinates of a child's summer camp: exactly what must never leak from an upload. */
export const GPS_MAP_DATUM = 'WGS-84';

/** A JPEG carrying camera details and a GPS position in its EXIF block. */
export function jpegWithGps(width = 1200, height = 900): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 46, g: 125, b: 50 } } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'TrailCam', Model: 'Ridge 7' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '30/1 16/1 2/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '97/1 44/1 35/1',
        GPSMapDatum: GPS_MAP_DATUM,
      },
    })
    .toBuffer();
}

export function jpegImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

export function pngImage(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 30, g: 90, b: 200, alpha: 1 } } })
    .png()
    .toBuffer();
}

export function webpImage(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 240, g: 200, b: 60 } } })
    .webp()
    .toBuffer();
}

// ---------------------------------------------------------------------------------------------
// Organization calls.

/** Every field of the add-organization form, consent given. */
export const NEW_ORG_FIELDS = {
  name: 'Sunny Pines Day Camp',
  address: '1200 Lakeshore Dr',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '512-555-0142',
  website: 'https://sunnypines.example',
  bio: 'Canoeing, crafts and campfire songs on Lady Bird Lake.',
  contactName: 'Jordan Rivers',
  contactNumber: '512-555-0199',
  contactEmail: 'jordan@sunnypines.example',
  consent: 'true',
  consentVersion: CONSENT_VERSION,
} satisfies Record<string, string>;

/** The edit form's body matching NEW_ORG_FIELDS (the edit form calls the contact number contactPhone). */
export const ORG_UPDATE = {
  name: NEW_ORG_FIELDS.name,
  address: NEW_ORG_FIELDS.address,
  city: NEW_ORG_FIELDS.city,
  state: 'TX',
  zip: NEW_ORG_FIELDS.zip,
  phone: NEW_ORG_FIELDS.phone,
  website: NEW_ORG_FIELDS.website,
  bio: NEW_ORG_FIELDS.bio,
  contactName: NEW_ORG_FIELDS.contactName,
  contactPhone: NEW_ORG_FIELDS.contactNumber,
  contactEmail: NEW_ORG_FIELDS.contactEmail,
} satisfies OrgUpdate;

export function postOrg(
  app: FastifyInstance,
  token: string,
  fields: FormFields,
  files: FilePart[] = [],
  remoteAddress?: string,
) {
  const body = multipartBody(fields, files);
  return app.inject({
    method: 'POST',
    url: '/host/orgs',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

/** The id of a `201 { data: { id } }` answer, failing the test for any other. */
export function createdId(res: LightMyRequestResponse): number {
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ data: { id: number } }>();
  expect(body).toEqual({ data: { id: expect.any(Number) } });
  return body.data.id;
}

/** Adds an organization through the API and answers its id. */
export async function createOrg(
  app: FastifyInstance,
  token: string,
  overrides: Record<string, string> = {},
  thumbnail?: Buffer,
): Promise<number> {
  const res = await postOrg(
    app,
    token,
    { ...NEW_ORG_FIELDS, ...overrides },
    thumbnail ? [thumbnailPart(thumbnail)] : [],
  );
  return createdId(res);
}

export function putImage(app: FastifyInstance, token: string, orgId: number | string, files: FilePart[]) {
  const body = multipartBody({}, files);
  return app.inject({
    method: 'PUT',
    url: `/host/org/${orgId}/image`,
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

export function updateOrg(
  app: FastifyInstance,
  token: string,
  orgId: number | string,
  payload: OrgUpdate,
  url: 'edit' | 'reviewupdate' = 'edit',
) {
  return app.inject({
    method: 'PUT',
    url: url === 'edit' ? `/host/orgs/${orgId}` : `/host/orgs/${orgId}/reviewupdate`,
    headers: bearer(token),
    payload,
  });
}

export async function hostOrgs(app: FastifyInstance, token: string): Promise<HostOrg[]> {
  const res = await app.inject({ method: 'GET', url: '/host/orgs', headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: HostOrg[] }>().data;
}

export async function hostOrg(app: FastifyInstance, token: string, orgId: number): Promise<HostOrg> {
  const res = await app.inject({ method: 'GET', url: `/host/orgs/${orgId}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: HostOrg }>().data;
}

export function publicOrg(app: FastifyInstance, orgId: number) {
  return app.inject({ method: 'GET', url: `/api/orgs/${orgId}` });
}

/** POST /api/admin/org/approvalrequestresponse with the spec's body. */
export function decide(
  app: FastifyInstance,
  token: string,
  orgId: number,
  approved: boolean,
  textResponse?: string,
) {
  return app.inject({
    method: 'POST',
    url: '/api/admin/org/approvalrequestresponse',
    headers: bearer(token),
    payload: {
      orgApprovalResponse: {
        OrganizationID: orgId,
        Approved: approved,
        ...(textResponse === undefined ? {} : { TextResponse: textResponse }),
      },
    },
  });
}

// ---------------------------------------------------------------------------------------------
// What is stored.

/** Every file under a directory, as paths relative to it. */
export function filesUnder(directory: string): string[] {
  return readdirSync(directory, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(directory, join(entry.parentPath, entry.name)))
    .sort();
}

/** The storage key of a local /uploads/ address (uploads are WebP; demo pictures are SVG). */
export function keyOfUrl(url: string): string {
  const match = /^\/uploads\/([a-z0-9-]+\.(?:webp|svg))$/.exec(url);
  if (!match?.[1]) throw new Error(`not a local upload address: ${url}`);
  return match[1];
}

/** How many rows each org table holds, to prove a refused request stored nothing. */
export async function orgTableCounts(db: Database) {
  const rows = async (table: typeof organizations | typeof images | typeof orgConsents) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    organizations: await rows(organizations),
    images: await rows(images),
    consents: await rows(orgConsents),
  };
}

export async function reviewsOf(db: Database, orgId: number) {
  return db.select().from(orgReviews).where(eq(orgReviews.orgId, orgId));
}

export async function revisionsOf(db: Database, orgId: number) {
  return db.select().from(orgRevisions).where(eq(orgRevisions.orgId, orgId));
}
