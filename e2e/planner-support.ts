import { formatDateRange } from '@campwise/contract/format';
import { mondayOf, type Planner } from '@campwise/contract/planner';
import { shiftDate } from '@campwise/contract/sessions';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { answered, apiClient } from './api-client.ts';
import { addSession, bookThroughApi, createWeeklyCamp, type WeeklyCamp } from './basket-support.ts';
import { nextSummer } from './camp-support.ts';
import {
  childAged,
  createFamily,
  createListedCamp,
  type Family,
  type ListedCamp,
  registerThroughApi,
} from './registration-support.ts';
import { type Account, expect, main } from './support.ts';

/** A week of the planner, Monday to Sunday. */
export interface Week {
  start: string;
  end: string;
}

const weekOf = (monday: string): Week => ({ start: monday, end: shiftDate(monday, 6) });

/** The week of next summer's July 12th, which the journeys book, and the weeks either side. */
export function julyWeeks(): { before: Week; booked: Week; after: Week } {
  const monday = mondayOf(`${nextSummer().startDate.slice(0, 4)}-07-12`);
  return {
    before: weekOf(shiftDate(monday, -7)),
    booked: weekOf(monday),
    after: weekOf(shiftDate(monday, 7)),
  };
}

/** A week as the planner's rows name it: "July 12 – July 18", without the planner's year. */
export function weekName(week: Week, from: string): string {
  return formatDateRange(week.start, week.end, { now: new Date(`${from}T12:00:00Z`) });
}

export interface PlannerFamily {
  family: Family;
  /** Leo (7) and Maya (9), in the order the planner lists them (by first name). */
  leo: number;
  maya: number;
  /** A weekly camp with a July session, 9 AM to 3 PM on weekdays, where Maya has a place. */
  weekly: WeeklyCamp & { julySessionId: number };
}

/**
 * A parent with two children, Leo (7) and Maya (9), and a card; a weekly camp with a session
 * in the July week (Monday to Friday, 9 AM to 3 PM) in which Maya's place is booked and paid.
 */
export async function createPlannerFamily(request: APIRequestContext, label: string): Promise<PlannerFamily> {
  const weekly = await createWeeklyCamp(request, label);
  const { booked } = julyWeeks();
  const julySessionId = await addSession(request, weekly.host, weekly.campId, {
    name: 'July Week',
    startDate: booked.start,
    endDate: shiftDate(booked.start, 4),
    startTime: '09:00',
    endTime: '15:00',
    price: '450',
    capacity: '24',
  });
  const family = await createFamily(request, [childAged('Maya', 9), childAged('Leo', 7)]);
  const [maya = 0, leo = 0] = family.childIds;
  await bookThroughApi(request, { ...family, childIds: [maya] }, weekly.campId, julySessionId);
  return { family, leo, maya, weekly: { ...weekly, julySessionId } };
}

/** The planner as the server answers it for a range. */
export async function readPlanner(
  request: APIRequestContext,
  parent: Account,
  range: Week,
): Promise<Planner> {
  const { data } = answered(
    await apiClient(request, parent.token).GET('/camper/planner', {
      params: { query: { from: range.start, to: range.end } },
    }),
    200,
  );
  return data;
}

/** Saves a session as a maybe for a child through the API, as the camp page's heart does. */
export async function saveMaybeThroughApi(
  request: APIRequestContext,
  parent: Account,
  childId: number,
  sessionId: number,
): Promise<void> {
  answered(
    await apiClient(request, parent.token).POST('/camper/maybes', { body: { childId, sessionId } }),
    201,
  );
}

/**
 * More for the family to plan around: a full camp of one spot that runs all summer and keeps a
 * waitlist. Leo and then Maya join its waitlist; the family holding the spot cancels, so Leo is
 * offered it. Maya's waitlist place meets at the hours of her July place: a warning.
 */
export async function addWaitlistAndOffer(
  request: APIRequestContext,
  world: PlannerFamily,
): Promise<ListedCamp> {
  const full = await createListedCamp(request, 'Pine Ridge Camp', { spots: 1, waitlist: true });
  const others = await createFamily(request, [childAged('Eli', 10)]);
  const { registrationIds } = await registerThroughApi(request, others, full.campId);
  const { family, leo, maya } = world;
  await registerThroughApi(request, { ...family, childIds: [leo], cardId: null }, full.campId);
  await registerThroughApi(request, { ...family, childIds: [maya], cardId: null }, full.campId);
  const [held] = registrationIds;
  if (held === undefined) throw new Error('the other family holds no place');
  answered(
    await apiClient(request, others.parent.token).POST('/camper/registrations/{id}/cancel', {
      params: { path: { id: held } },
    }),
    200,
  );
  const { booked } = julyWeeks();
  await expect
    .poll(
      async () =>
        (await readPlanner(request, family.parent, booked)).entries.find(
          (entry) => entry.childId === leo && entry.campId === full.campId,
        )?.status,
      { message: 'Leo is offered the spot that came free' },
    )
    .toBe('offered');
  return full;
}

/** The week-by-week table (wide screens). */
export const weeksTable = (page: Page): Locator => main(page).getByRole('table', { name: 'Week by week' });

/** One child's cell in one week's row of the table; children are the columns after the week. */
export function weekCell(page: Page, week: string, childColumn: number): Locator {
  return weeksTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('rowheader', { name: week, exact: true }) })
    .getByRole('cell')
    .nth(childColumn);
}
