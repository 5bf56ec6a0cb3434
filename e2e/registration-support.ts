import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Gender, ShirtSize } from '@campwise/contract/children';
import type { APIRequestContext, Download, Locator, Page } from '@playwright/test';
import { answered, apiClient } from './api-client.ts';
import { type CampFields, createApprovedOrg, createCamp, datedCamp, nextSummer } from './camp-support.ts';
import { type Account, createAccount, createSubscribedHost, main } from './support.ts';

/** Test numbers of the built-in processor: one always accepted, one saved but declined when charged. */
export const registrationCards = {
  approved: '4242424242424242',
  declinesCharges: '4000000000000341',
} as const;

export interface ChildFields {
  firstName: string;
  lastName: string;
  gender: Gender | null;
  shirtSize: ShirtSize;
  medical: string;
  birthday: string;
}

/** A child who is `age` on the first day of next summer's camps (see nextSummer). */
export function childAged(firstName: string, age: number, extra: Partial<ChildFields> = {}): ChildFields {
  const startYear = Number(nextSummer().startDate.slice(0, 4));
  return {
    firstName,
    lastName: 'Fielding',
    gender: 'female',
    shirtSize: 'youth_m',
    medical: '',
    birthday: `${startYear - age}-03-10`,
    ...extra,
  };
}

/** Adds a child through the API; answers its id. */
export async function createChild(
  request: APIRequestContext,
  parent: Account,
  child: ChildFields,
): Promise<number> {
  const { data } = answered(
    await apiClient(request, parent.token).POST('/camper/campers', { body: child }),
    201,
  );
  return data.id;
}

/** Saves a card through the API, as the New Card dialog sends it; answers its id. */
export async function saveCard(
  request: APIRequestContext,
  parent: Account,
  cardNumber: string = registrationCards.approved,
): Promise<number> {
  const card = {
    firstName: parent.firstName,
    lastName: parent.lastName,
    cardNumber,
    expDate: '12',
    expYear: String(new Date().getFullYear() + 2),
    cvc: '123',
  };
  const { data } = answered(
    await apiClient(request, parent.token).POST('/camper/cards', { body: card }),
    201,
  );
  return data.id;
}

/** Turns a camp's waitlist on through the API, with the rest of its details unchanged. */
export async function allowWaitlist(
  request: APIRequestContext,
  host: Account,
  campId: number,
  camp: CampFields,
): Promise<void> {
  answered(
    await apiClient(request, host.token).PUT('/host/camp/{id}', {
      params: { path: { id: campId } },
      body: { ...camp, allowsWaitlist: true },
    }),
    200,
  );
}

export interface ListedCamp {
  host: Account;
  orgId: number;
  orgName: string;
  campId: number;
  camp: CampFields;
}

/**
 * A subscribed host with an approved organization and one dated camp next summer, listed for
 * families. `spots` and `waitlist` shape its capacity.
 */
export async function createListedCamp(
  request: APIRequestContext,
  label: string,
  { spots = 24, waitlist = false }: { spots?: number; waitlist?: boolean } = {},
): Promise<ListedCamp> {
  const host = await createSubscribedHost(request);
  const { org, orgId } = await createApprovedOrg(request, host, `${label} Club`);
  const camp: CampFields = { ...datedCamp(label, org), spotsAvailable: spots };
  const campId = await createCamp(request, host, orgId, camp);
  if (waitlist) await allowWaitlist(request, host, campId, camp);
  return { host, orgId, orgName: org.name, campId, camp };
}

export interface Family {
  parent: Account;
  childIds: number[];
  cardId: number | null;
}

/** A parent account with children and (unless `card` is null) one saved card, all made through the API. */
export async function createFamily(
  request: APIRequestContext,
  children: ChildFields[],
  card: string | null = registrationCards.approved,
): Promise<Family> {
  const parent = await createAccount(request, 'camper');
  const childIds: number[] = [];
  for (const child of children) childIds.push(await createChild(request, parent, child));
  const cardId = card ? await saveCard(request, parent, card) : null;
  return { parent, childIds, cardId };
}

/** Registers children and pays with the family's card through the API (another family's booking). */
export async function registerThroughApi(
  request: APIRequestContext,
  family: Family,
  campId: number,
): Promise<{ status: string; registrationIds: number[] }> {
  const { data } = answered(
    await apiClient(request, family.parent.token).POST('/api/camps/{id}/registrations', {
      params: { path: { id: campId } },
      body: {
        childIds: family.childIds,
        ...(family.cardId ? { paymentMethodId: family.cardId } : {}),
        idempotencyKey: `e2e-${randomBytes(8).toString('hex')}`,
      },
    }),
    201,
  );
  return data;
}

/** A child's checkable card on the registration page, by the child's full name. */
export function camperChoice(page: Page, fullName: string): Locator {
  return main(page).getByRole('checkbox', { name: new RegExp(`^${fullName}`) });
}

/** A registration on My Registrations: in a section (Upcoming, Past and cancelled), under a child. */
export function registrationCard(
  page: Page,
  section: 'Upcoming' | 'Past and cancelled',
  childName: string,
  campName: string,
): Locator {
  return main(page)
    .getByRole('region', { name: section, exact: true })
    .getByRole('group', { name: childName, exact: true })
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 4, name: campName, exact: true }) });
}

/** A downloaded file's name and text. */
export async function downloadedText(download: Download): Promise<{ name: string; text: string }> {
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}
