import { randomBytes } from 'node:crypto';
import { type CampDiscounts, NO_DISCOUNTS, type PromoCodeBody, type Quote } from '@campwise/contract/baskets';
import type { APIRequestContext } from '@playwright/test';
import { answered, apiClient } from './api-client.ts';
import type { paths } from './api-schema.d.ts';
import { type CampFields, createApprovedOrg, createCamp, datedCamp, nextSummer } from './camp-support.ts';
import { type Account, createSubscribedHost } from './support.ts';

/** A session as the session dialog sends it: every field text, as typed. */
type SessionBody = paths['/host/camp/{id}/sessions']['post']['requestBody']['content']['application/json'];

/** What the dialog sends for the fields a session made here leaves empty. */
const sessionDefaults = {
  startTime: '',
  endTime: '',
  allowsWaitlist: false,
  registrationOpensAt: '',
  registrationClosesAt: '',
} satisfies Partial<SessionBody>;

/** A session's fields, those with a default above optional. */
export type SessionFields = Omit<SessionBody, keyof typeof sessionDefaults> & Partial<SessionBody>;

/** Adds a session through the API; answers its id. */
export async function addSession(
  request: APIRequestContext,
  host: Account,
  campId: number,
  fields: SessionFields,
): Promise<number> {
  const { data } = answered(
    await apiClient(request, host.token).POST('/host/camp/{id}/sessions', {
      params: { path: { id: campId } },
      body: { ...sessionDefaults, ...fields },
    }),
    201,
  );
  return data.id;
}

export interface WeeklyCamp {
  host: Account;
  campId: number;
  camp: CampFields;
  /** Week 1, Week 2 and Week 3, a week apart, $450 (unless priced otherwise) and 24 places each. */
  weeks: { name: string; id: number }[];
}

/** Week `n` (from 1) as the session dialog sends it, at a price in dollars as typed. */
const weekFields = (n: number, price = '450'): SessionBody => ({
  ...sessionDefaults,
  name: `Week ${n}`,
  ...weekDates(n),
  price,
  capacity: '24',
});

/** Monday to Friday of the `week`-th week (from 1) of next summer's camps. */
function weekDates(week: number): { startDate: string; endDate: string } {
  const year = nextSummer().startDate.slice(0, 4);
  const start = new Date(Date.UTC(Number(year), 5, 14 + (week - 1) * 7));
  const end = new Date(start.getTime() + 4 * 86_400_000);
  return { startDate: start.toISOString().slice(0, 10), endDate: end.toISOString().slice(0, 10) };
}

/**
 * A subscribed host with an approved organization and a camp listed in three weekly sessions,
 * all made through the API. The camp's first session is renamed Week 1. `prices` (dollars, as
 * typed) gives each week its own price.
 */
export async function createWeeklyCamp(
  request: APIRequestContext,
  label: string,
  prices: [string, string, string] = ['450', '450', '450'],
): Promise<WeeklyCamp> {
  const host = await createSubscribedHost(request);
  const { org, orgId } = await createApprovedOrg(request, host, `${label} Club`);
  const camp: CampFields = { ...datedCamp(label, org), ...weekDates(1) };
  const campId = await createCamp(request, host, orgId, camp);

  const listed = answered(
    await apiClient(request, host.token).GET('/host/camp/{id}/sessions', {
      params: { path: { id: campId } },
    }),
    200,
  );
  const [first] = listed.data;
  const weeks = [{ name: 'Week 1', id: first?.id ?? 0 }];
  await setWeekPrice(request, { host, weeks }, 1, prices[0]);
  for (const n of [2, 3]) {
    weeks.push({
      name: `Week ${n}`,
      id: await addSession(request, host, campId, weekFields(n, prices[n - 1])),
    });
  }
  return { host, campId, camp, weeks };
}

/** The host changes week `n`'s price (dollars, as typed) through the API, its other details as made. */
export async function setWeekPrice(
  request: APIRequestContext,
  { host, weeks }: Pick<WeeklyCamp, 'host' | 'weeks'>,
  n: number,
  price: string,
): Promise<void> {
  const week = weeks[n - 1];
  if (!week) throw new Error(`the camp has no week ${n}`);
  answered(
    await apiClient(request, host.token).PUT('/host/sessions/{id}', {
      params: { path: { id: week.id } },
      body: weekFields(n, price),
    }),
    200,
  );
}

/**
 * A family books children into one session through the API as the checkout does: priced
 * first, then paid with the family's card for the total it was quoted. Answers the quote.
 */
export async function bookThroughApi(
  request: APIRequestContext,
  family: { parent: Account; childIds: number[]; cardId: number | null },
  campId: number,
  sessionId: number,
): Promise<Quote> {
  const client = apiClient(request, family.parent.token);
  const lines = family.childIds.map((childId) => ({ childId, sessionId }));
  const path = { id: campId };
  const { data: quote } = answered(
    await client.POST('/api/camps/{id}/quote', { params: { path }, body: { lines } }),
    200,
  );
  answered(
    await client.POST('/api/camps/{id}/registrations', {
      params: { path },
      body: {
        lines,
        expectedTotalCents: quote.totalCents,
        ...(family.cardId ? { paymentMethodId: family.cardId } : {}),
        idempotencyKey: `e2e-${randomBytes(8).toString('hex')}`,
      },
    }),
    201,
  );
  return quote;
}

/** Sets a camp's discounts through the API, as the host's form sends them. */
export async function setDiscounts(
  request: APIRequestContext,
  host: Account,
  campId: number,
  discounts: Partial<CampDiscounts>,
): Promise<void> {
  answered(
    await apiClient(request, host.token).PUT('/host/camp/{id}/discounts', {
      params: { path: { id: campId } },
      body: { ...NO_DISCOUNTS, ...discounts },
    }),
    200,
  );
}

/** Adds a promo code through the API, as the Add promo code dialog sends it. */
export async function addPromoCode(
  request: APIRequestContext,
  host: Account,
  campId: number,
  code: PromoCodeBody,
): Promise<void> {
  answered(
    await apiClient(request, host.token).POST('/host/camp/{id}/promo-codes', {
      params: { path: { id: campId } },
      body: code,
    }),
    201,
  );
}
