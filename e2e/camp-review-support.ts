import type { APIRequestContext, Locator, Page } from '@playwright/test';
import {
  childAged,
  createFamily,
  createListedCamp,
  type Family,
  type ListedCamp,
  registerThroughApi,
} from './registration-support.ts';
import { bearer, expect, main } from './support.ts';

export interface EndedPlace extends ListedCamp {
  family: Family;
  /** The session the child attended, moved to last July: it is over. */
  sessionId: number;
}

interface HostSession {
  id: number;
  name: string;
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  priceCents: number;
  capacity: number;
  allowsWaitlist: boolean;
}

/**
 * A listed camp whose first session a family's child attended and that ended last July; a
 * second session next summer keeps the camp listed, as a camp that runs every year is.
 */
export async function createEndedPlace(request: APIRequestContext, label: string): Promise<EndedPlace> {
  const listed = await createListedCamp(request, label);
  const year = Number(listed.camp.startDate.slice(0, 4));
  const sessionInput = (
    session: Pick<HostSession, 'name' | 'priceCents' | 'capacity' | 'allowsWaitlist'>,
  ) => ({
    name: session.name,
    startTime: '09:00',
    endTime: '15:00',
    price: String(session.priceCents / 100),
    capacity: String(session.capacity),
    allowsWaitlist: session.allowsWaitlist,
    registrationOpensAt: '',
    registrationClosesAt: '',
  });
  const headers = bearer(listed.host.token);
  const list = await request.get(`/host/camp/${listed.campId}/sessions`, { headers });
  expect(list.status(), await list.text()).toBe(200);
  const [first] = ((await list.json()) as { data: HostSession[] }).data;
  if (!first) throw new Error('the camp has no session');
  // Booked while the camp has one session, so the booking needs no session named.
  const family = await createFamily(request, [childAged('Maya', 9)]);
  await registerThroughApi(request, family, listed.campId);
  const later = await request.post(`/host/camp/${listed.campId}/sessions`, {
    headers,
    data: {
      ...sessionInput({ ...first, name: 'August week' }),
      startDate: `${year}-08-03`,
      endDate: `${year}-08-07`,
    },
  });
  expect(later.status(), await later.text()).toBe(201);
  const lastYear = new Date().getFullYear() - 1;
  const moved = await request.put(`/host/sessions/${first.id}`, {
    headers,
    data: {
      ...sessionInput({ ...first, name: 'July week' }),
      startDate: `${lastYear}-07-06`,
      endDate: `${lastYear}-07-10`,
    },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  return { ...listed, family, sessionId: first.id };
}

/** Writes a review through the API, as the Write a review dialog does; answers its id. */
export async function reviewThroughApi(
  request: APIRequestContext,
  place: EndedPlace,
  review: { rating: number; text: string },
): Promise<number> {
  const response = await request.post(`/camper/sessions/${place.sessionId}/reviews`, {
    headers: bearer(place.family.parent.token),
    data: review,
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** The Reviews section of a camp page (public or the host's). */
export const reviewsSection = (page: Page): Locator =>
  main(page).getByRole('region', { name: 'Reviews', exact: true });

/** One review, by its author's name. */
export const reviewBy = (scope: Locator, authorName: string): Locator =>
  scope.getByRole('article', { name: `Review by ${authorName}` });
