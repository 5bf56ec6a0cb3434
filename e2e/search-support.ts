import { randomInt } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  type CampFields,
  categoryIds,
  createApprovedOrg,
  createCamp,
  datedCamp,
  jpegImage,
} from './camp-support.ts';
import { type Account, createSubscribedHost, expect, main, type OrgFields, pngImage } from './support.ts';

/** Category ids the search journeys use, beyond those of the camp journeys. */
export const searchCategoryIds = { ...categoryIds, robotics: 14, chess: 27, artsAndCrafts: 2 } as const;

/**
 * A word of letters no other test (or earlier run) uses, so that a keyword search finds exactly
 * the camps named with it, whatever else the database holds.
 */
export function uniqueWord(): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  return `Zq${Array.from({ length: 8 }, () => letters[randomInt(letters.length)]).join('')}`;
}

/** ZIP codes with known centres: two a mile apart in Chicago, one in New York. */
export const zips = {
  lincolnPark: { zip: '60614', city: 'Chicago', state: 'IL' },
  lakeview: { zip: '60657', city: 'Chicago', state: 'IL' },
  chelsea: { zip: '10001', city: 'New York', state: 'NY' },
} as const;

export interface SearchWorld {
  host: Account;
  word: string;
  org: OrgFields;
  orgId: number;
  /** Lincoln Park, ages 7 to 12, $450, next summer, Day Camp and Swimming, with photos. */
  sailing: CampFields & { id: number };
  /** Lakeview, ages 10 to 14, $300, next summer, Robotics. */
  robots: CampFields & { id: number };
  /** New York, ages 6 to 10, $200, year round, Chess. */
  chess: CampFields & { id: number };
  /** Lincoln Park, ages 5 to 8, $900, next summer, Arts & Crafts. */
  pottery: CampFields & { id: number };
}

/** A subscribed host with an approved organization and four camps, each named with one new word. */
export async function createSearchWorld(request: APIRequestContext): Promise<SearchWorld> {
  const host = await createSubscribedHost(request);
  const word = uniqueWord();
  const { org, orgId } = await createApprovedOrg(request, host, `${word} Outdoor Club`);
  const base = (name: string, place: (typeof zips)[keyof typeof zips]): CampFields => ({
    ...datedCamp(name, org),
    name: `${word} ${name}`,
    address: '2430 N Cannon Dr',
    ...place,
  });
  const sailing = {
    ...base('Lakeside Sailing', zips.lincolnPark),
    description:
      'Mornings on the water learning to sail, afternoons of games and crafts, and a Friday regatta for families to cheer on.',
  };
  const robots = {
    ...base('Robot Builders', zips.lakeview),
    categories: [searchCategoryIds.robotics],
    minAge: 10,
    maxAge: 14,
    cost: 300,
  };
  const chess = {
    ...base('Chess Knights', zips.chelsea),
    categories: [searchCategoryIds.chess, searchCategoryIds.yearRound],
    startDate: '',
    endDate: '',
    minAge: 6,
    maxAge: 10,
    cost: 200,
  };
  const pottery = {
    ...base('Pottery Studio', zips.lincolnPark),
    categories: [searchCategoryIds.artsAndCrafts],
    minAge: 5,
    maxAge: 8,
    cost: 900,
  };
  const [sailingId, robotsId, chessId, potteryId] = await Promise.all([
    createCamp(request, host, orgId, sailing, {
      thumbnail: await jpegImage('#2a6f97'),
      images: [await pngImage('#e07a5f')],
    }),
    createCamp(request, host, orgId, robots, { thumbnail: await pngImage('#81b29a') }),
    createCamp(request, host, orgId, chess),
    createCamp(request, host, orgId, pottery, { thumbnail: await jpegImage('#f2cc8f') }),
  ]);
  return {
    host,
    word,
    org,
    orgId,
    sailing: { ...sailing, id: sailingId },
    robots: { ...robots, id: robotsId },
    chess: { ...chess, id: chessId },
    pottery: { ...pottery, id: potteryId },
  };
}

/** Adds `count` plain camps named with `word`, for paging. */
export async function createManyCamps(
  request: APIRequestContext,
  word: string,
  count: number,
): Promise<void> {
  const host = await createSubscribedHost(request);
  const { org, orgId } = await createApprovedOrg(request, host, `${word} Paging Club`);
  const names = Array.from({ length: count }, (_, index) => `${word} Week ${index + 1}`);
  // A few at a time: the server handles each as one transaction with its categories.
  for (let start = 0; start < names.length; start += 6) {
    await Promise.all(
      names
        .slice(start, start + 6)
        .map((name) => createCamp(request, host, orgId, { ...datedCamp(name, org), name })),
    );
  }
}

/** A result, or a camp card on a profile, found by the camp's name. */
export function resultCard(page: Page, name: string): Locator {
  return main(page)
    .getByRole('article')
    .filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
}

/** The search form (on /search, and on /searchresults once unfolded). */
export function searchForm(page: Page): Locator {
  return main(page).getByRole('form', { name: 'Search filters' });
}

/**
 * On a phone the results page folds its filters behind a button; this opens them there and
 * does nothing on a wide screen.
 */
export async function showFilters(page: Page): Promise<void> {
  const toggle = main(page).locator('button[aria-controls="search-filters"]');
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  }
  await expect(searchForm(page)).toBeVisible();
}

/** The count line over the results: "4 camps found", "23 camps found, showing 20". */
export function resultCount(page: Page): Locator {
  return main(page)
    .getByRole('status')
    .filter({ hasText: /camps? found/ });
}

/** The value of one labelled detail on a profile (ADDRESS, DATES, AGES ...). */
export function fact(page: Page, label: string): Locator {
  return main(page).getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}
