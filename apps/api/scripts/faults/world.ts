import { randomBytes } from 'node:crypto';
import { CONSENT_VERSION } from '@campwise/contract/orgs';
import { addDays } from '@campwise/contract/payment-plans';
import type { Database } from '../../src/db/client.ts';
import { users } from '../../src/db/schema.ts';
import { hashPassword } from '../../src/platform/passwords.ts';
import { secretOfOtpauthUri, totpCode, totpStep } from '../../src/platform/totp.ts';
import type { Client } from './client.ts';

const PASSWORD = 'Granite-Canoe-Lantern-42';
const CARD = {
  firstName: 'Robin',
  lastName: 'Meadows',
  cardNumber: '4242 4242 4242 4242',
  expDate: '12',
  expYear: String(new Date().getUTCFullYear() + 5),
  cvc: '9731',
};

/** Each round's camp: a week at $150 (its first session), a cheaper week and a dearer one. */
export const PRICES = { a: 15000, b: 10000, c: 20000 } as const;
/** Week A starts this many days from today; B and C a week and two weeks later. */
const FIRST_WEEK_IN_DAYS = 40;
/** The balance of a plan is due this many days before the first week of its basket. */
const BALANCE_DUE_DAYS = 10;
/** Far enough ahead for every instalment of every round's plans to be due. */
export const CLOCK_DAYS = FIRST_WEEK_IN_DAYS + 14 - BALANCE_DUE_DAYS + 1;

const today = () => new Date().toISOString().slice(0, 10);
const email = (label: string) => `${label}-${randomBytes(6).toString('hex')}@faults.campwise.test`;

/**
 * An administrator: written into the database as `npm run admin:create` does, then signed in
 * through the API, setting up its authenticator on the first sign-in as a person would.
 */
export async function administrator(client: Client, db: Database): Promise<string> {
  const address = email('admin');
  await db.insert(users).values({
    userType: 'admin',
    firstName: 'Ada',
    lastName: 'Admin',
    email: address,
    passwordHash: await hashPassword(PASSWORD),
  });
  const login = await client.expect<{ ticket: string }>(200, 'POST', '/admin/auth/login', {
    json: { email: address, password: PASSWORD },
  });
  const setup = await client.expect<{ otpauthUri: string }>(200, 'POST', '/api/auth/two-factor/enrolment', {
    json: { ticket: login.ticket },
  });
  const secret = secretOfOtpauthUri(setup.otpauthUri);
  if (!secret) throw new Error('no authenticator secret in the enrolment');
  const done = await client.expect<{ token: string }>(200, 'POST', '/api/auth/two-factor/enrolment/confirm', {
    json: { ticket: login.ticket, code: totpCode(secret, totpStep()) },
  });
  return done.token;
}

export interface Host {
  token: string;
  orgId: number;
}

/**
 * A host as one signs up: an account, the plan paid at the test processor's hosted checkout, a
 * payout account connected, and an organisation the administrator approves.
 */
export async function campHost(client: Client, adminToken: string): Promise<Host> {
  const { token } = await client.expect<{ token: string }>(201, 'POST', '/auth/register', {
    json: {
      firstName: 'Robin',
      lastName: 'Meadows',
      email: email('host'),
      password: PASSWORD,
      phone: '312-555-0142',
    },
  });
  const checkout = await client.expect<{ url: string }>(200, 'POST', '/api/ecom/subscription', {
    token,
    json: { priceId: 'anything' },
  });
  const sessionId = new URL(checkout.url).pathname.split('/').at(-1) ?? '';
  await client.expect(200, 'POST', `/api/pay/checkout/${sessionId}`, { json: CARD });
  await client.expect(200, 'PUT', '/api/host/subscription', { token, json: { sessionId } });
  const onboarding = await client.expect<{ url: string }>(200, 'POST', '/host/payout-account/onboarding', {
    token,
  });
  await client.expect(
    200,
    'POST',
    `/api/pay/onboarding/${new URL(onboarding.url).pathname.split('/').at(-1)}`,
    {
      json: { accountHolder: 'Sunny Pines Camps', routingNumber: '110000000', accountNumber: '000123456789' },
    },
  );
  const { id: orgId } = await client.expect<{ id: number }>(201, 'POST', '/host/orgs', {
    token,
    form: {
      name: 'Sunny Pines Day Camp',
      address: '1200 Lakeshore Dr',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '512-555-0142',
      website: 'https://sunnypines.example',
      bio: 'Canoeing, crafts and campfire songs on Lady Bird Lake.',
      contactName: 'Jordan Rivers',
      contactNumber: '512-555-0199',
      contactEmail: 'jordan@sunnypines.example',
      consent: 'true',
      consentVersion: CONSENT_VERSION,
    },
  });
  await client.expect(200, 'POST', '/api/admin/org/approvalrequestresponse', {
    token: adminToken,
    json: { orgApprovalResponse: { OrganizationID: orgId, Approved: true } },
  });
  return { token, orgId };
}

export interface Camp {
  id: number;
  weeks: { a: number; b: number; c: number };
}

/** A camp of three weeks that takes a deposit and two instalments, for one round. */
export async function roundCamp(client: Client, host: Host, round: number): Promise<Camp> {
  const week = (offset: number) => ({
    startDate: addDays(today(), FIRST_WEEK_IN_DAYS + offset),
    endDate: addDays(today(), FIRST_WEEK_IN_DAYS + offset + 4),
  });
  const { id } = await client.expect<{ id: number }>(201, 'POST', `/host/org/${host.orgId}/camps`, {
    token: host.token,
    form: {
      name: `Fault Round ${round} Camp ${randomBytes(3).toString('hex')}`,
      description: 'Canoeing, archery and campfire songs by the lake.',
      address: '1200 Lakeshore Dr',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      phone: '512-555-0142',
      email: 'camp@sunnypines.example',
      ...week(0),
      minAge: '6',
      maxAge: '12',
      cost: String(PRICES.a / 100),
      spotsAvailable: '100',
      allowsWaitlist: 'false',
      categories: '[21,9]',
    },
  });
  const added: number[] = [];
  for (const [name, offset, price] of [
    ['Week B', 7, PRICES.b],
    ['Week C', 14, PRICES.c],
  ] as const) {
    const session = await client.expect<{ id: number }>(201, 'POST', `/host/camp/${id}/sessions`, {
      token: host.token,
      json: { name, ...week(offset), price: String(price / 100), capacity: '100' },
    });
    added.push(session.id);
  }
  const sessions = await client.expect<{ id: number }[]>(200, 'GET', `/host/camp/${id}/sessions`, {
    token: host.token,
  });
  const a = sessions.find((session) => !added.includes(session.id))?.id;
  const [b, c] = added;
  if (a === undefined || b === undefined || c === undefined) throw new Error(`camp ${id} lacks a week`);
  await client.expect(200, 'PUT', `/host/camp/${id}/payment-plan`, {
    token: host.token,
    json: {
      plan: {
        depositCents: 5000,
        balanceDueDays: BALANCE_DUE_DAYS,
        maxInstalments: 2,
        onFinalFailure: 'keep',
      },
    },
  });
  return { id, weeks: { a, b, c } };
}

export interface Family {
  token: string;
  childIds: [number, number];
  cardId: number;
  /** A card the processor takes, then declines every charge to (the test processor's 0341). */
  decliningCardId: number;
}

/** A parent signs up, adds two children (8 and 10 in camp week), a card that pays and one that does not. */
export async function newFamily(client: Client): Promise<Family> {
  const { token } = await client.expect<{ token: string }>(201, 'POST', '/camper/auth/register', {
    json: {
      firstName: 'Sam',
      lastName: 'Rivers',
      email: email('parent'),
      password: PASSWORD,
      phone: '312-555-0142',
    },
  });
  const childIds: number[] = [];
  for (const [firstName, age] of [
    ['Ada', 8],
    ['Ben', 10],
  ] as const) {
    const birthday = addDays(today(), -Math.round(age * 365.25) + FIRST_WEEK_IN_DAYS - 10);
    const child = await client.expect<{ id: number }>(201, 'POST', '/camper/campers', {
      token,
      json: { firstName, lastName: 'Rivers', gender: 'female', shirtSize: 'youth_m', medical: '', birthday },
    });
    childIds.push(child.id);
  }
  const card = await client.expect<{ id: number }>(201, 'POST', '/camper/cards', { token, json: CARD });
  const declining = await client.expect<{ id: number }>(201, 'POST', '/camper/cards', {
    token,
    json: { ...CARD, cardNumber: '4000 0000 0000 0341' },
  });
  return {
    token,
    childIds: [childIds[0] ?? 0, childIds[1] ?? 0],
    cardId: card.id,
    decliningCardId: declining.id,
  };
}
