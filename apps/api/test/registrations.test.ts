import { randomUUID } from 'node:crypto';
import { messages } from '@campwise/contract/messages';
import type { ParentRegistration, RegistrationOptions, Roster } from '@campwise/contract/registrations';
import { and, count, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  auditEvents,
  campSessions,
  mailOutbox,
  paymentCustomers,
  payments,
  refunds,
  registrations,
  savedCards,
} from '../src/db/schema.ts';
import { processWaitlist } from '../src/modules/registrations/process-waitlist.ts';
import { reconcilePayments } from '../src/modules/registrations/reconcile-payments.ts';
import { registerChildren } from '../src/modules/registrations/register-children.ts';
import { chargeKey } from '../src/modules/registrations/replay.ts';
import type { RegistrationDeps } from '../src/modules/registrations/service.ts';
import type { PaymentProvider } from '../src/platform/payments/provider.ts';
import {
  testProcessorCharges,
  testProcessorRefunds,
} from '../src/platform/payments/test-processor/schema.ts';
import { campToday, firstSession } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectBooksBalance, expectError, processorOf, registerAccount } from './payments-fixtures.ts';
import {
  addCamp,
  addChild,
  birthdayAged,
  type CampHost,
  campHost,
  type Family,
  family,
  outcome,
  register,
  spotsLeft,
} from './registration-fixtures.ts';

const CAMP_START = '2030-06-15';
const DECLINES_CHARGES = '4000 0000 0000 0341';

let app: FastifyInstance;
let db: Database;
let adminToken: string;
let host: CampHost;
let deps: RegistrationDeps;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  ({ token: adminToken } = await createAdmin(app, db));
  host = await campHost(app, adminToken);
  deps = { db, payments: app.payments, publicUrl: app.config.publicUrl, platformFee: app.config.platformFee };
});

// Every checkout, cancellation and move in this file leaves the books balanced (booksProblems).
afterAll(() => expectBooksBalance(db));

async function chargesOf(): Promise<number> {
  const [row] = await db.select({ n: count() }).from(testProcessorCharges);
  return row?.n ?? 0;
}

async function options(parent: Family, campId: number): Promise<RegistrationOptions> {
  const res = await app.inject({
    method: 'GET',
    url: `/api/camps/${campId}/registration-options`,
    headers: bearer(parent.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: RegistrationOptions }>().data;
}

async function myRegistrations(parent: Family, query = ''): Promise<ParentRegistration[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/camper/registrations${query}`,
    headers: bearer(parent.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ParentRegistration[] }>().data;
}

function cancel(parent: { token: string }, registrationId: number, as: 'camper' | 'host' = 'camper') {
  return app.inject({
    method: 'POST',
    url:
      as === 'camper'
        ? `/camper/registrations/${registrationId}/cancel`
        : `/host/registrations/${registrationId}/cancel`,
    headers: bearer(parent.token),
  });
}

async function roster(campId: number, token = host.token): Promise<Roster> {
  const res = await app.inject({ method: 'GET', url: `/host/camp/${campId}/roster`, headers: bearer(token) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Roster }>().data;
}

async function statusOf(registrationId: number) {
  const [row] = await db
    .select({ status: registrations.status })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  return row?.status;
}

describe('registration options', () => {
  it('shows each child with its age on the first day and whether it can come', async () => {
    const campId = await addCamp(app, host, { minAge: '8', maxAge: '10' });
    const parent = await family(app, [7, 9, 11], { day: CAMP_START });
    const { children, costCents, spotsLeft: left, campName } = await options(parent, campId);
    expect(campName).toMatch(/^Registration Camp/);
    expect(costCents).toBe(15000);
    expect(left).toBe(10);
    expect(children.map((child) => [child.ageAtStart, child.eligible, child.reason])).toEqual([
      [7, false, messages.childTooYoung],
      [9, true, null],
      [11, false, messages.childTooOld],
    ]);
  });

  it('is for signed-in parents only', async () => {
    const campId = await addCamp(app, host);
    const url = `/api/camps/${campId}/registration-options`;
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url, headers: bearer(host.token) })).statusCode).toBe(403);
    expect(
      (
        await app.inject({
          method: 'GET',
          url: '/api/camps/999999/registration-options',
          headers: bearer((await registerAccount(app, 'camper')).token),
        })
      ).statusCode,
    ).toBe(404);
  });
});

describe('registering and paying', () => {
  it('registers two children, charges the camp’s cost for each once, and e-mails parent and host', async () => {
    const campId = await addCamp(app, host);
    const parent = await family(app, [8, 10], { day: CAMP_START });
    const before = await chargesOf();
    const result = outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    );
    expect(result).toEqual({
      status: 'confirmed',
      registrationIds: [expect.any(Number), expect.any(Number)],
      amountCents: 30000,
      receiptNumber: expect.stringMatching(/^CW-\d{6,}$/),
    });
    expect(await chargesOf()).toBe(before + 1);
    const [charge] = await db
      .select({ amountCents: testProcessorCharges.amountCents })
      .from(testProcessorCharges)
      .orderBy(testProcessorCharges.createdAt);
    expect(charge).toBeDefined();
    expect(await spotsLeft(app, campId)).toBe(8);
    const [payment] = await db.select().from(payments).where(eq(payments.parentId, parent.id));
    expect(payment).toMatchObject({ status: 'succeeded', amountCents: 30000, refundedCents: 0 });

    const mine = await myRegistrations(parent);
    expect(mine.map((row) => [row.status, row.amountCents, row.upcoming, row.canCancel])).toEqual([
      ['confirmed', 15000, true, true],
      ['confirmed', 15000, true, true],
    ]);
    const mail = await db
      .select({ to: mailOutbox.toAddress, subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox);
    expect(mail).toContainEqual({
      to: parent.email,
      subject: expect.stringMatching(/^You're registered for Registration Camp/),
      // Dates in words with an en dash and, in another year, the year; whole dollars without cents.
      text: expect.stringMatching(/\(June 15 – June 20, 2030\)\.[\s\S]*We charged \$300 to your card\./),
    });
    const [receipt] = await db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, parent.email), like(mailOutbox.subject, 'You%registered%')));
    expect(receipt?.text).toContain(`This e-mail is your receipt, number ${result.receiptNumber}.`);
    expect(mail).toContainEqual({
      to: host.email,
      subject: expect.stringMatching(/^New registration for Registration Camp/),
      text: expect.any(String),
    });
  });

  it('registers and charges once for a double click, a retry or a second tab with the same key', async () => {
    const campId = await addCamp(app, host);
    const parent = await family(app, [9], { day: CAMP_START });
    const before = await chargesOf();
    const body = { childIds: parent.childIds, paymentMethodId: parent.cardId, idempotencyKey: randomUUID() };
    const replies = await Promise.all([1, 2, 3].map(() => register(app, parent, campId, body)));
    const outcomes = replies.map(outcome);
    expect(new Set(outcomes.map((result) => JSON.stringify(result))).size).toBe(1);
    expect(outcome(await register(app, parent, campId, body))).toEqual(outcomes[0]);
    expect(await chargesOf()).toBe(before + 1);
    expect(await spotsLeft(app, campId)).toBe(9);
  });

  it('refuses a key sent again for other campers or another camp, and charges nothing more', async () => {
    const campId = await addCamp(app, host);
    const otherCampId = await addCamp(app, host);
    const parent = await family(app, [9, 10], { day: CAMP_START });
    const first = {
      childIds: parent.childIds.slice(0, 1),
      paymentMethodId: parent.cardId,
      idempotencyKey: randomUUID(),
    };
    outcome(await register(app, parent, campId, first));
    const before = await chargesOf();
    for (const [camp, childIds] of [
      [campId, parent.childIds],
      [otherCampId, first.childIds],
    ] as const) {
      expectError(
        await register(app, parent, camp, { ...first, childIds: [...childIds] }),
        409,
        'CONFLICT',
        messages.requestKeyReused,
      );
    }
    expect(await chargesOf()).toBe(before);
    expect(await spotsLeft(app, otherCampId)).toBe(10);
  });

  it('registers once for a double click on the last spot of a camp with a waitlist', async () => {
    const campId = await addCamp(app, host, { spotsAvailable: '1', allowsWaitlist: 'true' });
    const parent = await family(app, [9], { day: CAMP_START });
    const before = await chargesOf();
    const body = { childIds: parent.childIds, paymentMethodId: parent.cardId, idempotencyKey: randomUUID() };
    const outcomes = (await Promise.all([1, 2, 3].map(() => register(app, parent, campId, body)))).map(
      outcome,
    );
    expect(outcomes.map((result) => result.status)).toEqual(['confirmed', 'confirmed', 'confirmed']);
    expect(new Set(outcomes.map((result) => JSON.stringify(result))).size).toBe(1);
    expect(await chargesOf()).toBe(before + 1);
    expect((await roster(campId)).waitlist).toEqual([]);
  });

  it('gives two tabs with different keys for one child one place, one charge and a clear refusal', async () => {
    const campId = await addCamp(app, host);
    const parent = await family(app, [9], { day: CAMP_START });
    const before = await chargesOf();
    const body = { childIds: parent.childIds, paymentMethodId: parent.cardId };
    const replies = await Promise.all([1, 2].map(() => register(app, parent, campId, body)));
    expect(replies.map((reply) => reply.statusCode).sort()).toEqual([201, 409]);
    const refused = replies.find((reply) => reply.statusCode === 409);
    expect(refused?.json<{ message: string }>().message).toBe(
      messages.childNotEligible
        .replace('{name}', 'Ada')
        .replace('{reason}', messages.childAlreadyRegistered.toLowerCase()),
    );
    expect(await chargesOf()).toBe(before + 1);
    expect(await spotsLeft(app, campId)).toBe(9);
  });

  it('refuses children who cannot come, naming them, and charges nothing', async () => {
    const campId = await addCamp(app, host, { minAge: '9', maxAge: '12' });
    const parent = await family(app, [8, 10], { day: CAMP_START });
    const before = await chargesOf();
    const res = await register(app, parent, campId, {
      childIds: parent.childIds,
      paymentMethodId: parent.cardId,
    });
    expectError(res, 409, 'CONFLICT', 'Ada cannot be registered for this camp: too young for this camp.');
    outcome(
      await register(app, parent, campId, {
        childIds: [parent.childIds[1] ?? 0],
        paymentMethodId: parent.cardId,
      }),
    );
    const again = await register(app, parent, campId, {
      childIds: [parent.childIds[1] ?? 0],
      paymentMethodId: parent.cardId,
    });
    expectError(again, 409, 'CONFLICT', 'Ben cannot be registered for this camp: already registered.');
    expect(await chargesOf()).toBe(before + 1);
  });

  it('releases the spots and registers nothing when the card is declined', async () => {
    const campId = await addCamp(app, host, { spotsAvailable: '2' });
    const parent = await family(app, [9, 10], { day: CAMP_START, cardNumber: DECLINES_CHARGES });
    const body = { childIds: parent.childIds, paymentMethodId: parent.cardId, idempotencyKey: randomUUID() };
    expectError(await register(app, parent, campId, body), 402, 'CARD_DECLINED', messages.cardDeclined);
    expect(await spotsLeft(app, campId)).toBe(2);
    expect(await myRegistrations(parent)).toEqual([]);
    expectError(await register(app, parent, campId, body), 402, 'CARD_DECLINED', messages.cardDeclined);
    const [payment] = await db.select().from(payments).where(eq(payments.parentId, parent.id));
    expect(payment).toMatchObject({ status: 'failed' });

    const other = await family(app, [9, 9], { day: CAMP_START });
    expect(
      outcome(await register(app, other, campId, { childIds: other.childIds, paymentMethodId: other.cardId }))
        .status,
    ).toBe('confirmed');
  });

  it('computes the amount on the server: a price in the body is refused', async () => {
    const campId = await addCamp(app, host);
    const parent = await family(app, [9], { day: CAMP_START });
    const res = await app.inject({
      method: 'POST',
      url: `/api/camps/${campId}/registrations`,
      headers: bearer(parent.token),
      payload: {
        childIds: parent.childIds,
        paymentMethodId: parent.cardId,
        idempotencyKey: randomUUID(),
        amount: 1,
      },
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses another parent’s children and cards as unknown', async () => {
    const campId = await addCamp(app, host);
    const parent = await family(app, [9], { day: CAMP_START });
    const stranger = await family(app, [9], { day: CAMP_START });
    expectError(
      await register(app, stranger, campId, { childIds: parent.childIds, paymentMethodId: stranger.cardId }),
      404,
      'NOT_FOUND',
      messages.childNotFound,
    );
    expectError(
      await register(app, stranger, campId, { childIds: stranger.childIds, paymentMethodId: parent.cardId }),
      404,
      'NOT_FOUND',
      messages.cardNotFound,
    );
  });

  it('is for parents only', async () => {
    const campId = await addCamp(app, host);
    const body = { childIds: [1], paymentMethodId: 1, idempotencyKey: randomUUID() };
    expectError(
      await app.inject({ method: 'POST', url: `/api/camps/${campId}/registrations`, payload: body }),
      401,
      'UNAUTHENTICATED',
      messages.authFailed,
    );
    expect((await register(app, host, campId, body)).statusCode).toBe(403);
    expect((await register(app, { token: adminToken }, campId, body)).statusCode).toBe(403);
  });
});

describe('a full camp', () => {
  it('answers 409 when it has no waitlist', async () => {
    const campId = await addCamp(app, host, { spotsAvailable: '1' });
    const parent = await family(app, [9, 10], { day: CAMP_START });
    expectError(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
      409,
      'CONFLICT',
      messages.campFull,
    );
    expect(await spotsLeft(app, campId)).toBe(1);
  });

  it('puts the children on the waitlist free of charge, and offers a freed spot to the first family for 48 hours', async () => {
    const campId = await addCamp(app, host, { spotsAvailable: '1', allowsWaitlist: 'true' });
    const first = await family(app, [9], { day: CAMP_START });
    const second = await family(app, [10], { day: CAMP_START });
    const third = await family(app, [11], { day: CAMP_START });
    const [firstPlace] = outcome(
      await register(app, first, campId, { childIds: first.childIds, paymentMethodId: first.cardId }),
    ).registrationIds;
    const before = await chargesOf();
    const waiting = outcome(await register(app, second, campId, { childIds: second.childIds }));
    expect(waiting).toEqual({
      status: 'waitlisted',
      registrationIds: [expect.any(Number)],
      amountCents: 0,
      receiptNumber: null,
    });
    outcome(await register(app, third, campId, { childIds: third.childIds, paymentMethodId: third.cardId }));
    expect(await chargesOf()).toBe(before);
    expect((await myRegistrations(third))[0]).toMatchObject({ status: 'waitlisted', waitlistPosition: 2 });
    expect((await roster(campId)).waitlist.map((entry) => entry.waitlistPosition)).toEqual([1, 2]);

    const cancelled = await cancel(first, firstPlace ?? 0);
    expect(cancelled.json()).toEqual({ data: { id: firstPlace, status: 'cancelled', refundedCents: 15000 } });
    const now = new Date();
    expect(await processWaitlist(deps, now)).toEqual({ expired: 0, offered: 1 });
    expect(await spotsLeft(app, campId)).toBe(0);
    const offer = (await myRegistrations(second))[0];
    expect(offer).toMatchObject({ status: 'offered' });
    expect(new Date(offer?.offerExpiresAt ?? 0).getTime() - now.getTime()).toBe(48 * 3600 * 1000);
    const [mail] = await db
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, second.email), like(mailOutbox.subject, 'A spot opened up%')));
    expect(mail?.subject).toMatch(/^A spot opened up at/);
    expect(mail?.text).toContain(`/camps/${campId}/register`);
    expect(mail?.text).toMatch(
      /holding the spot until [A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}(, \d{4})? at \d{1,2}(:\d{2})? [AP]M C[SD]T\./,
    );

    // A new family cannot take the held spot, and a second run offers nothing more.
    const latecomer = await family(app, [9], { day: CAMP_START });
    expect(
      outcome(
        await register(app, latecomer, campId, {
          childIds: latecomer.childIds,
          paymentMethodId: latecomer.cardId,
        }),
      ).status,
    ).toBe('waitlisted');
    expect(await processWaitlist(deps, now)).toEqual({ expired: 0, offered: 0 });

    // The second family does not pay in time: the offer passes to the third.
    const later = new Date(now.getTime() + 49 * 3600 * 1000);
    expect(await processWaitlist(deps, later)).toEqual({ expired: 1, offered: 1 });
    expect((await myRegistrations(second))[0]?.status).toBe('offer_expired');
    expect((await options(third, campId)).children[0]?.offerExpiresAt).not.toBeNull();
    const paid = outcome(
      await register(app, third, campId, { childIds: third.childIds, paymentMethodId: third.cardId }),
    );
    expect(paid).toMatchObject({ status: 'confirmed', amountCents: 15000 });
    expect((await myRegistrations(third))[0]).toMatchObject({ status: 'confirmed', offerExpiresAt: null });
    expect(await spotsLeft(app, campId)).toBe(0);
    expect((await roster(campId)).registered.map((entry) => entry.status)).toEqual(['confirmed']);
  });

  it('lets a family leave the waitlist without any charge', async () => {
    const campId = await addCamp(app, host, { spotsAvailable: '1', allowsWaitlist: 'true' });
    const first = await family(app, [9], { day: CAMP_START });
    outcome(await register(app, first, campId, { childIds: first.childIds, paymentMethodId: first.cardId }));
    const second = await family(app, [10], { day: CAMP_START });
    const [place] = outcome(
      await register(app, second, campId, { childIds: second.childIds }),
    ).registrationIds;
    const res = await cancel(second, place ?? 0);
    expect(res.json()).toEqual({ data: { id: place, status: 'cancelled', refundedCents: 0 } });
    expect(await processWaitlist(deps)).toMatchObject({ offered: 0 });
  });
});

describe('cancelling', () => {
  it('refunds a confirmed place in full through the processor, once, and frees the spot', async () => {
    const campId = await addCamp(app, host);
    const parent = await family(app, [9, 10], { day: CAMP_START });
    const [one] = outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    ).registrationIds;
    const refundsBefore = (await db.select({ n: count() }).from(testProcessorRefunds))[0]?.n ?? 0;
    expect((await cancel(parent, one ?? 0)).json()).toEqual({
      data: { id: one, status: 'cancelled', refundedCents: 15000 },
    });
    expectError(await cancel(parent, one ?? 0), 409, 'CONFLICT', messages.registrationCannotCancel);
    expect((await db.select({ n: count() }).from(testProcessorRefunds))[0]?.n).toBe(refundsBefore + 1);
    expect(await spotsLeft(app, campId)).toBe(9);
    const [payment] = await db.select().from(payments).where(eq(payments.parentId, parent.id));
    expect(payment).toMatchObject({ status: 'succeeded', refundedCents: 15000 });
  });

  it('is refused once the camp has started', async () => {
    const campId = await addCamp(app, host);
    const parent = await family(app, [9], { day: CAMP_START });
    const [place] = outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    ).registrationIds;
    const today = campToday();
    await db
      .update(campSessions)
      .set({ startDate: today, endDate: '2030-06-20' })
      .where(eq(campSessions.campId, campId));
    expect((await myRegistrations(parent))[0]?.canCancel).toBe(false);
    expectError(await cancel(parent, place ?? 0), 409, 'CONFLICT', messages.registrationCannotCancel);
  });

  it('lets the host cancel (the parent is refunded and told), and nobody else', async () => {
    const campId = await addCamp(app, host);
    const parent = await family(app, [9], { day: CAMP_START });
    const [place] = outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    ).registrationIds;
    const otherHost = await campHost(app, adminToken);
    const stranger = await family(app, [9]);
    expectError(await cancel(otherHost, place ?? 0, 'host'), 404, 'NOT_FOUND', messages.registrationNotFound);
    expectError(await cancel(stranger, place ?? 0), 404, 'NOT_FOUND', messages.registrationNotFound);
    expect((await cancel(parent, place ?? 0, 'host')).statusCode).toBe(403);
    expect((await cancel(host, place ?? 0, 'host')).json()).toEqual({
      data: { id: place, status: 'cancelled', refundedCents: 15000 },
    });
    const mail = await db
      .select({ subject: mailOutbox.subject, text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.toAddress, parent.email), like(mailOutbox.subject, 'Registration cancelled%')),
      );
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('has cancelled');
    expect(mail[0]?.text).toContain('We refunded $150 to your card');
  });
});

describe('My Registrations and the calendar file', () => {
  it('lists a parent’s own places only, per child when asked', async () => {
    const campId = await addCamp(app, host);
    const parent = await family(app, [9, 10], { day: CAMP_START });
    outcome(
      await register(app, parent, campId, {
        childIds: [parent.childIds[0] ?? 0],
        paymentMethodId: parent.cardId,
      }),
    );
    const stranger = await family(app, [9], { day: CAMP_START });
    expect(await myRegistrations(stranger)).toEqual([]);
    expect(await myRegistrations(parent, `?childId=${parent.childIds[1]}`)).toEqual([]);
    expect(
      (await myRegistrations(parent, `?childId=${parent.childIds[0]}`)).map((row) => row.childName),
    ).toEqual(['Ada Meadows']);
    expect(
      (await app.inject({ method: 'GET', url: '/camper/registrations', headers: bearer(host.token) }))
        .statusCode,
    ).toBe(403);
  });

  it('downloads an all-day calendar event, for the parent only', async () => {
    const campId = await addCamp(app, host, { name: 'Calendar, Camp; Week' });
    const parent = await family(app, [9], { day: CAMP_START });
    const [place] = outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    ).registrationIds;
    const res = await app.inject({
      method: 'GET',
      url: `/camper/registrations/${place}/calendar.ics`,
      headers: bearer(parent.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="calendar-camp-week-ada\.ics"/);
    expect(res.body).toContain('DTSTART;VALUE=DATE:20300615\r\n');
    expect(res.body).toContain('DTEND;VALUE=DATE:20300621\r\n');
    expect(res.body).toContain('SUMMARY:Calendar\\, Camp\\; Week (Ada)\r\n');
    expect(res.body).toContain('STATUS:CONFIRMED\r\n');
    expect(res.body.replaceAll('\r\n ', '')).toMatch(
      /\r\nDESCRIPTION:Calendar\\, Camp\\; Week by .+\\, June 15 – June 20\\, 2030\. Status: /,
    );
    expect((await cancel(parent, place ?? 0)).statusCode).toBe(200);
    const cancelled = await app.inject({
      method: 'GET',
      url: `/camper/registrations/${place}/calendar.ics`,
      headers: bearer(parent.token),
    });
    expect(cancelled.body).toContain('STATUS:CANCELLED\r\n');
    const stranger = await family(app, [9]);
    const refused = await app.inject({
      method: 'GET',
      url: `/camper/registrations/${place}/calendar.ics`,
      headers: bearer(stranger.token),
    });
    expect(refused.statusCode).toBe(404);
  });
  it('folds long lines between characters, so a name full of emoji arrives whole', async () => {
    const name = 'Sunrise 🏕️ Lake 🛶 Art 🎨 Music 🎵 Stars 🌟 Forest 🌲 Week';
    const campId = await addCamp(app, host, { name });
    const parent = await family(app, [9], { day: CAMP_START });
    const [place] = outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    ).registrationIds;
    const res = await app.inject({
      method: 'GET',
      url: `/camper/registrations/${place}/calendar.ics`,
      headers: bearer(parent.token),
    });
    const lines = res.rawPayload.toString('utf8').split('\r\n');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(lines.join('\r\n').replaceAll('\r\n ', '')).toContain(`SUMMARY:${name} (Ada)\r\n`);
  });
});

describe('the host’s roster', () => {
  it('shows who is coming with medical notes and parent contacts, and exports CSV safely', async () => {
    const campId = await addCamp(app, host);
    const parent = await family(app, [9], { day: CAMP_START });
    await addChild(app, parent.token, {
      firstName: '=HYPERLINK("x")',
      birthday: birthdayAged(10, CAMP_START),
    });
    const kids = (await options(parent, campId)).children.map((child) => child.id);
    outcome(await register(app, parent, campId, { childIds: kids, paymentMethodId: parent.cardId }));
    const { registered, waitlist, spotsLeft: left, capacity } = await roster(campId);
    expect([capacity, left, waitlist]).toEqual([10, 8, []]);
    const ada = registered.find((entry) => entry.childFirstName === 'Ada');
    expect(ada).toMatchObject({
      medical: 'Peanut allergy: carries an EpiPen.',
      parentEmail: parent.email,
      parentName: 'Robin Meadows',
      status: 'confirmed',
      amountCents: 15000,
      shirtSize: 'youth_m',
    });
    const csv = await app.inject({
      method: 'GET',
      url: `/host/camp/${campId}/roster.csv`,
      headers: bearer(host.token),
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')[0]).toMatch(
      /^\uFEFF"Session","Status","Waitlist position","Child first name"/,
    );
    expect(csv.body).toContain('"\'=HYPERLINK(""x"")"');
    expect(csv.body).toContain('"Peanut allergy: carries an EpiPen."');
  });

  it('shows medical notes only of children with a paid place, and records each view but no HEAD', async () => {
    const campId = await addCamp(app, host, { spotsAvailable: '1', allowsWaitlist: 'true' });
    const first = await family(app, [9], { day: CAMP_START });
    const second = await family(app, [10], { day: CAMP_START });
    const [place] = outcome(
      await register(app, first, campId, { childIds: first.childIds, paymentMethodId: first.cardId }),
    ).registrationIds;
    outcome(await register(app, second, campId, { childIds: second.childIds }));
    expect((await cancel(first, place ?? 0)).statusCode).toBe(200);
    expect(await processWaitlist(deps)).toMatchObject({ offered: 1 });

    const views = async (childId: number | undefined) =>
      (
        await db
          .select({ n: count() })
          .from(auditEvents)
          .where(eq(auditEvents.subjectId, childId ?? 0))
      )[0]?.n;
    const offered = (await roster(campId)).registered.find((entry) => entry.status === 'offered');
    expect(offered).toMatchObject({ childFirstName: 'Ada', medical: null });
    expect(await views(second.childIds[0])).toBe(0);

    outcome(
      await register(app, second, campId, { childIds: second.childIds, paymentMethodId: second.cardId }),
    );
    expect((await roster(campId)).registered[0]).toMatchObject({
      status: 'confirmed',
      medical: 'Peanut allergy: carries an EpiPen.',
    });
    expect(await views(second.childIds[0])).toBe(1);
    for (const url of [`/host/camp/${campId}/roster`, `/host/camp/${campId}/roster.csv`]) {
      expect((await app.inject({ method: 'HEAD', url, headers: bearer(host.token) })).statusCode).toBe(200);
    }
    expect(await views(second.childIds[0])).toBe(1);
  });

  it('is the camp host’s alone', async () => {
    const campId = await addCamp(app, host);
    const otherHost = await campHost(app, adminToken);
    const parent = await family(app, [9]);
    for (const url of [`/host/camp/${campId}/roster`, `/host/camp/${campId}/roster.csv`]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await app.inject({ method: 'GET', url, headers: bearer(parent.token) })).statusCode).toBe(403);
      expectError(
        await app.inject({ method: 'GET', url, headers: bearer(otherHost.token) }),
        404,
        'NOT_FOUND',
        messages.campNotFound,
      );
    }
  });
});

describe('deleting a camp or organization with registrations', () => {
  it('is refused while confirmed places for a session not over exist, and allowed once cancelled', async () => {
    const owner = await campHost(app, adminToken);
    const campId = await addCamp(app, owner);
    const parent = await family(app, [9], { day: CAMP_START });
    const [place] = outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    ).registrationIds;
    expectError(
      await app.inject({ method: 'DELETE', url: `/host/camp/${campId}`, headers: bearer(owner.token) }),
      409,
      'CONFLICT',
      messages.campHasRegistrations,
    );
    expectError(
      await app.inject({ method: 'DELETE', url: `/host/org/${owner.orgId}`, headers: bearer(owner.token) }),
      409,
      'CONFLICT',
      messages.orgHasRegistrations,
    );
    expect(await spotsLeft(app, campId)).toBe(9);
    await cancel(owner, place ?? 0, 'host');
    expect(
      (await app.inject({ method: 'DELETE', url: `/host/camp/${campId}`, headers: bearer(owner.token) }))
        .statusCode,
    ).toBe(200);
  });

  it('is allowed when the session is over', async () => {
    const owner = await campHost(app, adminToken);
    const campId = await addCamp(app, owner);
    const parent = await family(app, [9], { day: CAMP_START });
    outcome(
      await register(app, parent, campId, { childIds: parent.childIds, paymentMethodId: parent.cardId }),
    );
    await db
      .update(campSessions)
      .set({ startDate: '2021-06-01', endDate: '2021-06-05' })
      .where(eq(campSessions.campId, campId));
    expect(
      (await app.inject({ method: 'DELETE', url: `/host/org/${owner.orgId}`, headers: bearer(owner.token) }))
        .statusCode,
    ).toBe(200);
  });
});

describe('reconciliation after a crash between charge and commit', () => {
  /** What a process killed right after the charge leaves behind: spots taken, payment pending. */
  async function interruptedPayment(charged: boolean) {
    const campId = await addCamp(app, host);
    const parent = await family(app, [9], { day: CAMP_START });
    const [card] = await db
      .select({ paymentMethodId: savedCards.paymentMethodId, customerId: paymentCustomers.customerId })
      .from(savedCards)
      .innerJoin(paymentCustomers, eq(paymentCustomers.userId, savedCards.parentId))
      .where(eq(savedCards.id, parent.cardId));
    if (!card) throw new Error('the family fixture saves a card');
    const { paymentMethodId, customerId } = card;
    const paymentKey = randomUUID();
    const [payment] = await db
      .insert(payments)
      .values({
        parentId: parent.id,
        campId,
        idempotencyKey: paymentKey,
        paymentMethodId,
        customerId,
        amountCents: 15000,
      })
      .returning({ id: payments.id });
    const paymentId = payment?.id ?? 0;
    const [registration] = await db
      .insert(registrations)
      .values({
        campId,
        sessionId: (await firstSession(db, campId)).id,
        parentId: parent.id,
        childId: parent.childIds[0] ?? 0,
        status: 'pending_payment',
        paymentId,
        amountCents: 15000,
      })
      .returning({ id: registrations.id });
    await db.update(campSessions).set({ spotsTaken: 1 }).where(eq(campSessions.campId, campId));
    if (charged) {
      await processorOf(app).chargeCard({
        destination: null,
        customerId,
        paymentMethodId,
        amountCents: 15000,
        description: 'interrupted',
        idempotencyKey: chargeKey({ id: paymentId, idempotencyKey: paymentKey }),
      });
    }
    return { campId, paymentId, registrationId: registration?.id ?? 0 };
  }

  it('confirms places whose charge went through, and releases those whose charge never happened', async () => {
    const paid = await interruptedPayment(true);
    const unpaid = await interruptedPayment(false);
    const result = await reconcilePayments(deps, new Date(Date.now() + 5 * 60 * 1000));
    expect(result.confirmed).toBeGreaterThanOrEqual(1);
    expect(result.released).toBeGreaterThanOrEqual(1);
    expect(await statusOf(paid.registrationId)).toBe('confirmed');
    expect(await spotsLeft(app, paid.campId)).toBe(9);
    expect(await statusOf(unpaid.registrationId)).toBe('payment_failed');
    expect(await spotsLeft(app, unpaid.campId)).toBe(10);
    expect(await reconcilePayments(deps, new Date(Date.now() + 5 * 60 * 1000))).toEqual({
      confirmed: 0,
      released: 0,
      refunded: 0,
      refundsRefused: 0,
    });
  });

  it('refunds a charge whose places are gone', async () => {
    const orphan = await interruptedPayment(true);
    await db.delete(registrations).where(eq(registrations.id, orphan.registrationId));
    const result = await reconcilePayments(deps, new Date(Date.now() + 5 * 60 * 1000));
    expect(result.refunded).toBe(1);
    const [payment] = await db.select().from(payments).where(eq(payments.id, orphan.paymentId));
    expect(payment).toMatchObject({ status: 'refunded', refundedCents: 15000 });
  });

  it('refunds a charge that lands after reconciliation gave its payment up, finishing a refund that failed', async () => {
    const campId = await addCamp(app, host);
    const parent = await family(app, [9], { day: CAMP_START });
    const refundsBefore = (await db.select({ n: count() }).from(testProcessorRefunds))[0]?.n ?? 0;
    // A processor so slow that reconciliation gives the payment up before the charge goes
    // through, and then out of service for the first refund.
    let refundFails = true;
    const slowProcessor: PaymentProvider = Object.create(app.payments);
    slowProcessor.chargeCard = async (input) => {
      await reconcilePayments(deps, new Date(Date.now() + 5 * 60 * 1000));
      return app.payments.chargeCard(input);
    };
    slowProcessor.refund = async (input) => {
      if (refundFails) {
        refundFails = false;
        throw new Error('the processor is unavailable');
      }
      return app.payments.refund(input);
    };
    await expect(
      registerChildren({ ...deps, payments: slowProcessor }, parent.id, campId, {
        childIds: parent.childIds,
        paymentMethodId: parent.cardId,
        idempotencyKey: randomUUID(),
      }),
    ).rejects.toMatchObject({ statusCode: 409, message: messages.paymentNotCompleted });
    // The refund is recorded as owed with the charge given up, then sent: the outage kept it.
    const [owed] = await db.select().from(payments).where(eq(payments.campId, campId));
    expect(owed).toMatchObject({ status: 'refunded', refundedCents: 15000, chargeId: expect.any(String) });
    const refundOf = async () =>
      (
        await db
          .select()
          .from(refunds)
          .where(eq(refunds.paymentId, owed?.id ?? 0))
      )[0];
    expect(await refundOf()).toMatchObject({ status: 'pending', amountCents: 15000, attempts: 1 });
    expect((await db.select({ n: count() }).from(testProcessorRefunds))[0]?.n).toBe(refundsBefore);
    expect(await spotsLeft(app, campId)).toBe(10);

    expect((await reconcilePayments(deps, new Date(Date.now() + 5 * 60 * 1000))).refunded).toBe(1);
    expect(await refundOf()).toMatchObject({ status: 'sent', attempts: 2 });
    expect((await db.select({ n: count() }).from(testProcessorRefunds))[0]?.n).toBe(refundsBefore + 1);
    expect((await myRegistrations(parent))[0]).toBeUndefined();
  });

  it('leaves recent pending payments to the request still working on them', async () => {
    const recent = await interruptedPayment(false);
    expect(await reconcilePayments(deps)).toEqual({
      confirmed: 0,
      released: 0,
      refunded: 0,
      refundsRefused: 0,
    });
    expect(await statusOf(recent.registrationId)).toBe('pending_payment');
    await reconcilePayments(deps, new Date(Date.now() + 5 * 60 * 1000));
  });
});
