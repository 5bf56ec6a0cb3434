import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { campDay } from '@campwise/contract/camp-clock';
import type { CampDetail, CampListItem, HostCampListItem } from '@campwise/contract/camps';
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { campCategories, campImages, campSessions, camps, images } from '../src/db/schema.ts';
import { bearer } from './fixtures.ts';
import {
  createOrg,
  decide,
  type FilePart,
  type FormFields,
  keyOfUrl,
  multipartBody,
} from './org-fixtures.ts';

/** Today at the test camps: their organisations are in Austin, on Central Time (decision 047). */
export const campToday = () => campDay(new Date(), 'America/Chicago');
/** The same day on the database's clock, for a statement. */
export const CAMP_TODAY_SQL = sql`(now() at time zone 'America/Chicago')::date`;

/** Every field of the add-camp form, as the multipart body sends it. */
export const CAMP_FIELDS = {
  name: 'Lakeside Adventure Week',
  description: 'Canoeing, archery and campfire songs by the lake.',
  address: '1200 Lakeshore Dr',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '512-555-0142',
  email: 'camp@sunnypines.example',
  startDate: '2030-06-15',
  endDate: '2030-06-20',
  minAge: '8',
  maxAge: '12',
  cost: '150',
  spotsAvailable: '24',
  allowsWaitlist: 'true',
  categories: '[21,9]',
} satisfies Record<string, string>;

/** The edit form's JSON body matching CAMP_FIELDS, in the spec's words (`spots` for the capacity). */
export function campUpdate(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const { spotsAvailable, minAge, maxAge, cost, allowsWaitlist, categories, ...text } = CAMP_FIELDS;
  return {
    ...text,
    spots: Number(spotsAvailable),
    minAge: Number(minAge),
    maxAge: Number(maxAge),
    cost: Number(cost),
    allowsWaitlist: allowsWaitlist === 'true',
    categories: JSON.parse(categories),
    ...overrides,
  };
}

/**
 * A scratch DATA_DIR the test knows, so it can look at the uploads folder itself; the folder
 * exists from the start, so listing it before the first upload works.
 */
export function scratchDataDir(): { dataDir: string; uploads: string } {
  const dataDir = mkdtempSync(join(tmpdir(), 'campwise-camps-'));
  const uploads = join(dataDir, 'uploads');
  mkdirSync(uploads);
  return { dataDir, uploads };
}

// ---------------------------------------------------------------------------------------------
// Images.

/** A real JPEG with some detail in it, so it is not trivially small. */
export function detailedJpeg(width = 240, height = 180): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 37) % 256;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The first half of a real JPEG: it starts like one, so only decoding can tell it is broken. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await detailedJpeg();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export function imagePart(
  field: string,
  data: Buffer,
  filename = `${field}.jpg`,
  contentType = 'image/jpeg',
): FilePart {
  return { field, filename, contentType, data };
}

/** Text that only claims to be a JPEG by its name and declared type. */
export const NOT_AN_IMAGE = Buffer.from('These are the camp rules, not a photo.\n');

// ---------------------------------------------------------------------------------------------
// Calls.

export type Call = Omit<InjectOptions, 'headers'> & { headers?: Record<string, string> };

/** Sends a call, with the bearer token when there is one. */
export function send(app: FastifyInstance, call: Call, token?: string) {
  return app.inject({ ...call, headers: { ...call.headers, ...(token ? bearer(token) : {}) } });
}

/** A multipart call (method, address, fields and files). */
export function multipartCall(
  method: 'POST' | 'PUT',
  url: string,
  fields: FormFields,
  files: FilePart[] = [],
): Call {
  const body = multipartBody(fields, files);
  return { method, url, headers: body.headers, payload: body.payload };
}

export function postCamp(
  app: FastifyInstance,
  token: string,
  orgId: number | string,
  fields: FormFields,
  files: FilePart[] = [],
) {
  return send(app, multipartCall('POST', `/host/org/${orgId}/camps`, fields, files), token);
}

interface CreatedCamp {
  id: number;
  campImages: CampDetail['images'];
}

/** The body of a `201 { data: { id, campImages } }` answer, failing the test for any other. */
export function createdCamp(res: LightMyRequestResponse): CreatedCamp {
  expect(res.statusCode, res.body).toBe(201);
  const body = res.json<{ data: CreatedCamp }>();
  expect(Object.keys(body)).toEqual(['data']);
  expect(body.data).toEqual({ id: expect.any(Number), campImages: expect.any(Array) });
  return body.data;
}

/** Adds a camp through the API and answers its id. */
export async function createCamp(
  app: FastifyInstance,
  token: string,
  orgId: number,
  overrides: Record<string, string> = {},
  files: FilePart[] = [],
): Promise<number> {
  return createdCamp(await postCamp(app, token, orgId, { ...CAMP_FIELDS, ...overrides }, files)).id;
}

/** Adds an organization and has the administrator approve it. */
export async function approvedOrg(
  app: FastifyInstance,
  adminToken: string,
  hostToken: string,
  overrides: Record<string, string> = {},
): Promise<number> {
  const orgId = await createOrg(app, hostToken, overrides);
  const res = await decide(app, adminToken, orgId, true);
  expect(res.statusCode, res.body).toBe(200);
  return orgId;
}

export function putCamp(app: FastifyInstance, token: string, campId: number | string, payload: object) {
  return app.inject({ method: 'PUT', url: `/host/camp/${campId}`, headers: bearer(token), payload });
}

/** GET /host/camp/{id}, failing the test for anything but 200. */
export async function hostCamp(app: FastifyInstance, token: string, campId: number): Promise<CampDetail> {
  const res = await app.inject({ method: 'GET', url: `/host/camp/${campId}`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CampDetail }>().data;
}

/** GET /host/org/{id}/camps, failing the test for anything but 200. */
export async function hostOrgCamps(
  app: FastifyInstance,
  token: string,
  orgId: number,
): Promise<HostCampListItem[]> {
  const res = await app.inject({ method: 'GET', url: `/host/org/${orgId}/camps`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: HostCampListItem[] }>().data;
}

/** The ids on an organization's public camp list. */
export async function publicOrgCampIds(app: FastifyInstance, orgId: number): Promise<number[]> {
  const res = await app.inject({ method: 'GET', url: `/api/orgs/${orgId}/camps` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: CampListItem[] }>().data.map((camp) => camp.id);
}

// ---------------------------------------------------------------------------------------------
// What is stored.

/** The storage keys of every file a camp shows (thumbnail and slot images, both sizes). */
export function campFileKeys(camp: Pick<CampDetail, 'thumbnail' | 'images'>): string[] {
  const urls = [
    ...(camp.thumbnail ? [camp.thumbnail.url, camp.thumbnail.smallUrl] : []),
    ...camp.images.flatMap((image) => [image.url, image.smallUrl]),
  ];
  // A demo picture is one SVG file serving as both sizes.
  return [...new Set(urls.map(keyOfUrl))].sort();
}

/** How many rows each camp table holds, to prove a refused request stored nothing. */
export async function campTableCounts(db: Database) {
  const rows = async (table: typeof camps | typeof campCategories | typeof campImages | typeof images) =>
    (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  return {
    camps: await rows(camps),
    campCategories: await rows(campCategories),
    campImages: await rows(campImages),
    images: await rows(images),
  };
}

/** The camp's row as stored, or undefined once it is gone. */
export async function campRow(db: Database, campId: number) {
  const [row] = await db.select().from(camps).where(eq(camps.id, campId));
  return row;
}

/** Everything stored under a camp's id in the tables that hang off it. */
export async function campChildRows(db: Database, campId: number) {
  return {
    categories: await db.select().from(campCategories).where(eq(campCategories.campId, campId)),
    images: await db.select().from(campImages).where(eq(campImages.campId, campId)),
  };
}

/** The session a camp made with the spec's form holds (its first). */
export async function firstSession(db: Database, campId: number) {
  const [row] = await db
    .select()
    .from(campSessions)
    .where(eq(campSessions.campId, campId))
    .orderBy(campSessions.id)
    .limit(1);
  if (!row) throw new Error(`camp ${campId} has no session`);
  return row;
}
