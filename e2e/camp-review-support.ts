import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { answered, apiClient } from './api-client.ts';
import {
  childAged,
  createFamily,
  createListedCamp,
  type Family,
  type ListedCamp,
  registerThroughApi,
} from './registration-support.ts';
import { main } from './support.ts';

export interface EndedPlace extends ListedCamp {
  family: Family;
  /** The session the child attended, moved to last July: it is over. */
  sessionId: number;
}

/**
 * A listed camp whose first session a family's child attended and that ended last July; a
 * second session next summer keeps the camp listed, as a camp that runs every year is.
 */
export async function createEndedPlace(request: APIRequestContext, label: string): Promise<EndedPlace> {
  const listed = await createListedCamp(request, label);
  const year = Number(listed.camp.startDate.slice(0, 4));
  const sessionInput = (session: {
    name: string;
    priceCents: number;
    capacity: number;
    allowsWaitlist: boolean;
  }) => ({
    name: session.name,
    startTime: '09:00',
    endTime: '15:00',
    price: String(session.priceCents / 100),
    capacity: String(session.capacity),
    allowsWaitlist: session.allowsWaitlist,
    registrationOpensAt: '',
    registrationClosesAt: '',
  });
  const hostApi = apiClient(request, listed.host.token);
  const path = { id: listed.campId };
  const sessions = answered(await hostApi.GET('/host/camp/{id}/sessions', { params: { path } }), 200);
  const [first] = sessions.data;
  if (!first) throw new Error('the camp has no session');
  // Booked while the camp has one session, so the booking needs no session named.
  const family = await createFamily(request, [childAged('Maya', 9)]);
  await registerThroughApi(request, family, listed.campId);
  answered(
    await hostApi.POST('/host/camp/{id}/sessions', {
      params: { path },
      body: {
        ...sessionInput({ ...first, name: 'August week' }),
        startDate: `${year}-08-03`,
        endDate: `${year}-08-07`,
      },
    }),
    201,
  );
  const lastYear = new Date().getFullYear() - 1;
  answered(
    await hostApi.PUT('/host/sessions/{id}', {
      params: { path: { id: first.id } },
      body: {
        ...sessionInput({ ...first, name: 'July week' }),
        startDate: `${lastYear}-07-06`,
        endDate: `${lastYear}-07-10`,
      },
    }),
    200,
  );
  return { ...listed, family, sessionId: first.id };
}

/** Writes a review through the API, as the Write a review dialog does; answers its id. */
export async function reviewThroughApi(
  request: APIRequestContext,
  place: EndedPlace,
  review: { rating: number; text: string },
): Promise<number> {
  const { data } = answered(
    await apiClient(request, place.family.parent.token).POST('/camper/sessions/{id}/reviews', {
      params: { path: { id: place.sessionId } },
      body: review,
    }),
    201,
  );
  return data.id;
}

/** The Reviews section of a camp page (public or the host's). */
export const reviewsSection = (page: Page): Locator =>
  main(page).getByRole('region', { name: 'Reviews', exact: true });

/** One review, by its author's name. */
export const reviewBy = (scope: Locator, authorName: string): Locator =>
  scope.getByRole('article', { name: `Review by ${authorName}` });
