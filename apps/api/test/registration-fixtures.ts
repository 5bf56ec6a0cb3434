import { randomUUID } from 'node:crypto';
import type { CampDiscounts } from '@campwise/contract/baskets';
import type { RegistrationOutcome } from '@campwise/contract/registrations';
import type { HostCampSession } from '@campwise/contract/sessions';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { approvedOrg, CAMP_FIELDS, createCamp, send } from './camp-fixtures.ts';
import { bearer } from './fixtures.ts';
import { type OrgHost, subscribedOrgHost, userIdOf } from './org-fixtures.ts';
import { GOOD_CARD, registerAccount } from './payments-fixtures.ts';

export interface Family {
  token: string;
  email: string;
  id: number;
  childIds: number[];
  cardId: number;
}

/** A child born `years` years and a few days before `day` (yyyy-mm-dd). */
export function birthdayAged(years: number, day = new Date().toISOString().slice(0, 10)): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const birthday = new Date(Date.UTC(year - years, month - 1, date - 3));
  return birthday.toISOString().slice(0, 10);
}

export async function addChild(
  app: FastifyInstance,
  token: string,
  child: { firstName: string; birthday: string; medical?: string },
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/camper/campers',
    headers: bearer(token),
    payload: { lastName: 'Meadows', gender: 'female', shirtSize: 'youth_m', medical: '', ...child },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

export async function addCard(
  app: FastifyInstance,
  token: string,
  cardNumber: string = GOOD_CARD.cardNumber,
): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/camper/cards',
    headers: bearer(token),
    payload: { ...GOOD_CARD, cardNumber },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: { id: number } }>().data.id;
}

/** A parent with children of the given ages (on `day`) and a saved card that pays. */
export async function family(
  app: FastifyInstance,
  ages: number[],
  options: { day?: string; cardNumber?: string } = {},
): Promise<Family> {
  const account = await registerAccount(app, 'camper');
  const childIds: number[] = [];
  for (const [index, age] of ages.entries()) {
    childIds.push(
      await addChild(app, account.token, {
        firstName: ['Ada', 'Ben', 'Cleo', 'Dev', 'Eli'][index] ?? `Kid${index}`,
        birthday: birthdayAged(age, options.day),
        medical: index === 0 ? 'Peanut allergy: carries an EpiPen.' : '',
      }),
    );
  }
  const cardId = await addCard(app, account.token, options.cardNumber);
  return { ...account, id: await userIdOf(app, account.token), childIds, cardId };
}

export interface CampHost extends OrgHost {
  orgId: number;
}

/** A subscribed host with an approved organization. */
export async function campHost(app: FastifyInstance, adminToken: string): Promise<CampHost> {
  const host = await subscribedOrgHost(app);
  return { ...host, orgId: await approvedOrg(app, adminToken, host.token) };
}

let campCounter = 0;

/** A dated camp in 2030 (ages 6–12, $150) with the given capacity and waitlist. */
export function addCamp(
  app: FastifyInstance,
  host: CampHost,
  overrides: Record<string, string> = {},
): Promise<number> {
  campCounter += 1;
  return createCamp(app, host.token, host.orgId, {
    ...CAMP_FIELDS,
    name: `Registration Camp ${campCounter} ${randomUUID().slice(0, 6)}`,
    phone: `312-555-${String(2000 + campCounter).slice(-4)}`,
    minAge: '6',
    maxAge: '12',
    cost: '150',
    spotsAvailable: '10',
    allowsWaitlist: 'false',
    ...overrides,
  });
}

export function register(
  app: FastifyInstance,
  parent: Pick<Family, 'token'>,
  campId: number,
  body: {
    childIds: number[];
    sessionId?: number;
    paymentMethodId?: number;
    idempotencyKey?: string;
    healthReviews?: { childId: number; version: number }[];
  },
) {
  return app.inject({
    method: 'POST',
    url: `/api/camps/${campId}/registrations`,
    headers: bearer(parent.token),
    payload: { idempotencyKey: randomUUID(), ...body },
  });
}

export function outcome(res: LightMyRequestResponse): RegistrationOutcome {
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ data: RegistrationOutcome }>().data;
}

export async function spotsLeft(app: FastifyInstance, campId: number): Promise<number> {
  const res = await app.inject({ method: 'GET', url: `/api/camps/${campId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { spotsLeft: number } }>().data.spotsLeft;
}

/** Adds sessions to a camp as its host would; answers their ids, in the order given. */
export async function addSessions(
  app: FastifyInstance,
  host: CampHost,
  campId: number,
  sessions: Record<string, unknown>[],
): Promise<number[]> {
  const ids: number[] = [];
  for (const session of sessions) {
    const res = await send(
      app,
      { method: 'POST', url: `/host/camp/${campId}/sessions`, payload: session },
      host.token,
    );
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json<{ data: HostCampSession }>().data.id);
  }
  return ids;
}

/** Sets a camp's discounts as its host would. */
export async function setDiscounts(
  app: FastifyInstance,
  host: CampHost,
  campId: number,
  discounts: CampDiscounts,
): Promise<void> {
  const res = await send(
    app,
    { method: 'PUT', url: `/host/camp/${campId}/discounts`, payload: discounts },
    host.token,
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** A basket of places (child × session) paid with the family's card. */
export async function book(
  app: FastifyInstance,
  parent: Family,
  campId: number,
  lines: { childId: number; sessionId: number }[],
): Promise<RegistrationOutcome> {
  return outcome(
    await app.inject({
      method: 'POST',
      url: `/api/camps/${campId}/registrations`,
      headers: bearer(parent.token),
      payload: { idempotencyKey: randomUUID(), paymentMethodId: parent.cardId, lines },
    }),
  );
}
