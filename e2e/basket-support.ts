import { randomBytes } from 'node:crypto';
import { type CampDiscounts, NO_DISCOUNTS, type PromoCodeBody, type Quote } from '@campwise/contract/baskets';
import type { APIRequestContext } from '@playwright/test';
import { type CampFields, createApprovedOrg, createCamp, datedCamp, nextSummer } from './camp-support.ts';
import { type Account, bearer, createSubscribedHost, expect } from './support.ts';

/** A session as the session dialog sends it: every field text, as typed. */
export type SessionFields = Record<string, string | boolean>;

const sessionDefaults: SessionFields = {
  startTime: '',
  endTime: '',
  allowsWaitlist: false,
  registrationOpensAt: '',
  registrationClosesAt: '',
};

/** Adds a session through the API; answers its id. */
export async function addSession(
  request: APIRequestContext,
  host: Account,
  campId: number,
  fields: SessionFields,
): Promise<number> {
  const response = await request.post(`/host/camp/${campId}/sessions`, {
    headers: bearer(host.token),
    data: { ...sessionDefaults, ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

export interface WeeklyCamp {
  host: Account;
  campId: number;
  camp: CampFields;
  /** Week 1, Week 2 and Week 3, a week apart, $450 (unless priced otherwise) and 24 places each. */
  weeks: { name: string; id: number }[];
}

/** Week `n` (from 1) as the session dialog sends it, at a price in dollars as typed. */
const weekFields = (n: number, price = '450'): SessionFields => ({
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

  const listed = await request.get(`/host/camp/${campId}/sessions`, { headers: bearer(host.token) });
  expect(listed.status(), await listed.text()).toBe(200);
  const [first] = ((await listed.json()) as { data: { id: number }[] }).data;
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
  const response = await request.put(`/host/sessions/${weeks[n - 1]?.id}`, {
    headers: bearer(host.token),
    data: weekFields(n, price),
  });
  expect(response.status(), await response.text()).toBe(200);
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
  const lines = family.childIds.map((childId) => ({ childId, sessionId }));
  const quoted = await request.post(`/api/camps/${campId}/quote`, {
    headers: bearer(family.parent.token),
    data: { lines },
  });
  expect(quoted.status(), await quoted.text()).toBe(200);
  const quote = ((await quoted.json()) as { data: Quote }).data;
  const booked = await request.post(`/api/camps/${campId}/registrations`, {
    headers: bearer(family.parent.token),
    data: {
      lines,
      expectedTotalCents: quote.totalCents,
      ...(family.cardId ? { paymentMethodId: family.cardId } : {}),
      idempotencyKey: `e2e-${randomBytes(8).toString('hex')}`,
    },
  });
  expect(booked.status(), await booked.text()).toBe(201);
  return quote;
}

/** Sets a camp's discounts through the API, as the host's form sends them. */
export async function setDiscounts(
  request: APIRequestContext,
  host: Account,
  campId: number,
  discounts: Partial<CampDiscounts>,
): Promise<void> {
  const response = await request.put(`/host/camp/${campId}/discounts`, {
    headers: bearer(host.token),
    data: { ...NO_DISCOUNTS, ...discounts },
  });
  expect(response.status(), await response.text()).toBe(200);
}

/** Adds a promo code through the API, as the Add promo code dialog sends it. */
export async function addPromoCode(
  request: APIRequestContext,
  host: Account,
  campId: number,
  code: PromoCodeBody,
): Promise<void> {
  const response = await request.post(`/host/camp/${campId}/promo-codes`, {
    headers: bearer(host.token),
    data: code,
  });
  expect(response.status(), await response.text()).toBe(201);
}
