import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { formatCampDates } from '@campwise/contract/format';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { answered, apiClient } from './api-client.ts';
import {
  type Account,
  createOrg,
  decideOrg,
  expect,
  type FormFile,
  main,
  type OrgFields,
  uniqueOrg,
  withFiles,
} from './support.ts';

/** Category ids of the seeded list that the camp journeys use. */
export const categoryIds = {
  swimming: 9,
  dayCamp: 21,
  yearRound: 22,
  virtual: 26,
} as const;

/** A camp as the New Camp form takes it; dates as yyyy-MM-dd, empty when not needed. */
export interface CampFields {
  name: string;
  description: string;
  categories: number[];
  address: string;
  city: string;
  state: string;
  zip: string;
  phone: string;
  email: string;
  startDate: string;
  endDate: string;
  minAge: number;
  maxAge: number;
  cost: number;
  spotsAvailable: number;
}

/** The summer of next year, so that the camp is still open to families. */
export function nextSummer(): { startDate: string; endDate: string } {
  const year = new Date().getFullYear() + 1;
  return { startDate: `${year}-06-15`, endDate: `${year}-07-24` };
}

/** A day camp with an address and dates, with a name no other test uses. */
export function datedCamp(label: string, org: OrgFields): CampFields {
  return {
    name: `${label} ${randomBytes(3).toString('hex')}`,
    description: 'Five days a week of swimming lessons, games and crafts by the lake.',
    categories: [categoryIds.dayCamp, categoryIds.swimming],
    address: org.address,
    city: org.city,
    state: org.state,
    zip: org.zip,
    phone: org.phone,
    email: org.contactEmail,
    ...nextSummer(),
    minAge: 7,
    maxAge: 12,
    cost: 450,
    spotsAvailable: 24,
  };
}

/** An organization added through the API and approved by the administrator; answers its id. */
export async function createApprovedOrg(
  request: APIRequestContext,
  host: Account,
  label: string,
): Promise<{ org: OrgFields; orgId: number }> {
  const org = uniqueOrg(label);
  const orgId = await createOrg(request, host, org);
  await decideOrg(request, orgId, { approved: true });
  return { org, orgId };
}

export interface CampImages {
  thumbnail?: Buffer;
  images?: Buffer[];
}

/**
 * Adds a camp through the API, as the New Camp dialog sends it: the text fields first, the
 * categories as a JSON array, then the thumbnail and up to three images. Answers its id.
 */
export async function createCamp(
  request: APIRequestContext,
  host: Account,
  orgId: number,
  camp: CampFields,
  files: CampImages = {},
): Promise<number> {
  const { categories, ...fields } = camp;
  const textFields: Record<string, string> = {};
  for (const [name, value] of Object.entries(fields)) textFields[name] = String(value);
  textFields.categories = JSON.stringify(categories);
  textFields.allowsWaitlist = 'false';
  const images: Record<string, FormFile | undefined> = {
    thumbnail: files.thumbnail
      ? { name: 'thumbnail.png', mimeType: 'image/png', buffer: files.thumbnail }
      : undefined,
  };
  for (const [index, buffer] of (files.images ?? []).entries()) {
    images[`campImage${index + 1}`] = { name: `camp-${index + 1}.png`, mimeType: 'image/png', buffer };
  }
  const { data } = answered(
    await apiClient(request, host.token).POST('/host/org/{id}/camps', {
      params: { path: { id: orgId } },
      body: textFields,
      bodySerializer: withFiles(images),
    }),
    201,
  );
  return data.id;
}

/** A small JPEG of one colour, made at test time. */
export function jpegImage(color: string, width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
}

/** Writes an image to a file and answers its path, for a file chooser. */
export async function imageFile(path: string, image: Promise<Buffer>): Promise<string> {
  await writeFile(path, await image);
  return path;
}

/** A card on the camps list, found by the camp's name. */
export function campCard(page: Page, name: string): Locator {
  return main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

const categoryNames: Record<number, string> = {
  [categoryIds.swimming]: 'Swimming',
  [categoryIds.dayCamp]: 'Day Camp',
  [categoryIds.yearRound]: 'Year Round',
  [categoryIds.virtual]: 'Virtual',
};

/** The name the Categories list shows for a category id. */
export function categoryName(id: number): string {
  const name = categoryNames[id];
  if (!name) throw new Error(`no name known for category ${id}`);
  return name;
}

/**
 * Chooses categories in the camp form's Categories list by searching for each and picking it,
 * then leaves the list with Tab so that its dropdown closes.
 */
export async function chooseCategories(scope: Locator, names: string[]): Promise<void> {
  const input = scope.getByRole('textbox', { name: 'Categories', exact: true });
  for (const name of names) {
    await input.fill(name);
    await scope.page().getByRole('option', { name, exact: true }).click();
  }
  await input.press('Tab');
  await expect(scope.page().getByRole('listbox')).toBeHidden();
}

/** The dates line of a dated camp, as the contract writes it: "Camp runs June 15 – July 24". */
export function campRunsText(camp: Pick<CampFields, 'startDate' | 'endDate'>): string {
  return formatCampDates({ ...camp, isYearRound: false });
}

/** Types the camp form's text, number and date fields given (dates as yyyy-MM-dd); categories are chosen apart. */
export async function fillCampForm(scope: Locator, fields: Partial<CampFields>): Promise<void> {
  const text = (name: string) => scope.getByRole('textbox', { name, exact: true });
  const typed: [keyof CampFields, string][] = [
    ['name', 'Name'],
    ['description', 'Description'],
    ['address', 'Address'],
    ['city', 'City'],
    ['zip', 'ZIP'],
    ['phone', 'Phone'],
    ['email', 'Email'],
    ['minAge', 'Min Age'],
    ['maxAge', 'Max Age'],
    ['cost', 'Cost'],
    ['spotsAvailable', 'Spots Available'],
    ['startDate', 'Start Date'],
    ['endDate', 'End Date'],
  ];
  for (const [field, label] of typed) {
    const value = fields[field];
    if (value !== undefined) await text(label).fill(String(value));
  }
}
