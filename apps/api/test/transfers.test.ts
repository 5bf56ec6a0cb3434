import type { CampDiscounts } from '@campwise/contract/baskets';
import { messages } from '@campwise/contract/messages';
import type { ParentRegistration, Roster } from '@campwise/contract/registrations';
import type { TransferOptions, TransferOutcome } from '@campwise/contract/transfers';
import { and, desc, eq, like, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import {
  campSessions,
  mailOutbox,
  payments,
  placeTransfers,
  refunds,
  registrations,
} from '../src/db/schema.ts';
import { reconcilePayments } from '../src/modules/registrations/reconcile-payments.ts';
import type { RegistrationDeps } from '../src/modules/registrations/service.ts';
import { transferPlace } from '../src/modules/registrations/transfer-place.ts';
import type { PaymentProvider } from '../src/platform/payments/provider.ts';
import {
  testProcessorCharges,
  testProcessorRefunds,
} from '../src/platform/payments/test-processor/schema.ts';
import { firstSession, send } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';
import {
  addCamp,
  addCard,
  addSessions,
  book as bookPlaces,
  type CampHost,
  campHost,
  type Family,
  family,
  setDiscounts,
} from './registration-fixtures.ts';

const CAMP_DAY = '2031-07-01';
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
  deps = {
    db,
    payments: app.payments,
    publicUrl: 'http://127.0.0.1:3000',
    platformFee: app.config.platformFee,
  };
});

/** A camp in July 2031 of three weeks at $150, $200 and $120 (10 places each, Week 3 with a waitlist). */
async function threeWeeks(options: { discounts?: CampDiscounts; week2Capacity?: string } = {}) {
  const campId = await addCamp(app, host, { startDate: '2031-07-07', endDate: '2031-07-11' });
  const week1 = (await firstSession(db, campId)).id;
  const [week2, week3] = (await addSessions(app, host, campId, [
    {
      name: 'Week 2',
      startDate: '2031-07-14',
      endDate: '2031-07-18',
      price: '200',
      capacity: options.week2Capacity ?? '10',
    },
    {
      name: 'Week 3',
      startDate: '2031-07-21',
      endDate: '2031-07-25',
      price: '120',
      capacity: '10',
      allowsWaitlist: true,
    },
  ])) as [number, number];
  if (options.discounts) await setDiscounts(app, host, campId, options.discounts);
  return { campId, week1, week2, week3 };
}

const book = (parent: Family, campId: number, lines: { childId: number; sessionId: number }[]) =>
  bookPlaces(app, parent, campId, lines);

const prefix = (side: 'parent' | 'host') => (side === 'parent' ? '/camper' : '/host');

function options(side: 'parent' | 'host', token: string, registrationId: number) {
  return app.inject({
    method: 'GET',
    url: `${prefix(side)}/registrations/${registrationId}/transfer-options`,
    headers: bearer(token),
  });
}

function move(side: 'parent' | 'host', token: string, registrationId: number, payload: object) {
  return app.inject({
    method: 'POST',
    url: `${prefix(side)}/registrations/${registrationId}/transfer`,
    headers: bearer(token),
    payload,
  });
}

function moved(res: Awaited<ReturnType<typeof move>>): TransferOutcome {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TransferOutcome }>().data;
}

async function place(registrationId: number) {
  const [row] = await db
    .select({
      sessionId: registrations.sessionId,
      status: registrations.status,
      amountCents: registrations.amountCents,
      refundedCents: registrations.refundedCents,
      listPriceCents: registrations.listPriceCents,
    })
    .from(registrations)
    .where(eq(registrations.id, registrationId));
  return row;
}

async function taken(sessionId: number) {
  const [row] = await db
    .select({ spotsTaken: campSessions.spotsTaken })
    .from(campSessions)
    .where(eq(campSessions.id, sessionId));
  return row?.spotsTaken;
}

/** What the processor refunded under keys that start with the prefix. */
async function refundedUnder(keyPrefix: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${testProcessorRefunds.amountCents}), 0)::int` })
    .from(testProcessorRefunds)
    .where(like(testProcessorRefunds.idempotencyKey, `${keyPrefix}%`));
  return row?.total ?? 0;
}

async function chargedTo(registrationId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${payments.amountCents}), 0)::int` })
    .from(payments)
    .where(
      sql`${payments.status} in ('succeeded', 'refunded') and ${payments.id} in (
        select payment_id from registrations where id = ${registrationId}
        union select payment_id from place_transfers where registration_id = ${registrationId})`,
    );
  return row?.total ?? 0;
}

describe('the sessions a place can move to', () => {
  it('lists the other sessions with the price difference and why a move is not possible', async () => {
    const { campId, week1, week2, week3 } = await threeWeeks({ week2Capacity: '1' });
    const parent = await family(app, [9], { day: CAMP_DAY });
    const [ada] = parent.childIds as [number];
    const [line] = (await book(parent, campId, [{ childId: ada, sessionId: week1 }])).lines ?? [];
    // Week 2's one place goes to another family.
    const other = await family(app, [9], { day: CAMP_DAY });
    await book(other, campId, [{ childId: other.childIds[0] as number, sessionId: week2 }]);

    const res = await options('parent', parent.token, line?.registrationId ?? 0);
    expect(res.statusCode, res.body).toBe(200);
    const shown = res.json<{ data: TransferOptions }>().data;
    expect(shown).toMatchObject({ sessionId: week1, paidCents: 15000 });
    expect(shown.options).toMatchObject([
      {
        sessionId: week2,
        differenceCents: 5000,
        available: false,
        reason: messages.transferSessionFull.replace('{session}', 'Week 2'),
      },
      { sessionId: week3, differenceCents: -3000, available: true, reason: null, spotsLeft: 10 },
    ]);
    // The host may fill a session past its waitlist but not past its places; a host's move to
    // a dearer session costs the family nothing.
    const hostView = (await options('host', host.token, line?.registrationId ?? 0)).json<{
      data: TransferOptions;
    }>().data;
    expect(hostView.options.map((option) => option.differenceCents)).toEqual([0, -3000]);
  });

  it('says on My Registrations and on the roster which places can move', async () => {
    const { campId, week1 } = await threeWeeks();
    const parent = await family(app, [9], { day: CAMP_DAY });
    await book(parent, campId, [{ childId: parent.childIds[0] as number, sessionId: week1 }]);
    const mine = await app.inject({
      method: 'GET',
      url: '/camper/registrations',
      headers: bearer(parent.token),
    });
    expect(mine.json<{ data: ParentRegistration[] }>().data[0]).toMatchObject({
      canTransfer: true,
      listPriceCents: 15000,
      adjustments: [],
    });
    const roster = await send(app, { method: 'GET', url: `/host/camp/${campId}/roster` }, host.token);
    expect(roster.json<{ data: Roster }>().data.registered[0]?.canTransfer).toBe(true);
  });

  it('offers nothing for a camp of one session or a waitlist place', async () => {
    const campId = await addCamp(app, host, { startDate: '2031-08-04', endDate: '2031-08-08' });
    const parent = await family(app, [9], { day: CAMP_DAY });
    const week = (await firstSession(db, campId)).id;
    const [line] =
      (await book(parent, campId, [{ childId: parent.childIds[0] as number, sessionId: week }])).lines ?? [];
    expectError(
      await options('parent', parent.token, line?.registrationId ?? 0),
      409,
      'CONFLICT',
      messages.transferNotAllowed,
    );
  });
});

describe('a parent moving a place', () => {
  it('pays the difference for a dearer week with a charge of its own, and gets it back for a cheaper one', async () => {
    const { campId, week1, week2, week3 } = await threeWeeks();
    const parent = await family(app, [9], { day: CAMP_DAY });
    const [line] =
      (await book(parent, campId, [{ childId: parent.childIds[0] as number, sessionId: week1 }])).lines ?? [];
    const id = line?.registrationId ?? 0;

    const up = moved(
      await move('parent', parent.token, id, {
        sessionId: week2,
        expectedDifferenceCents: 5000,
        paymentMethodId: parent.cardId,
      }),
    );
    expect(up).toMatchObject({
      registrationId: id,
      sessionId: week2,
      sessionName: 'Week 2',
      differenceCents: 5000,
    });
    expect(up.receiptNumber).toMatch(/^CW-\d{6}$/);
    expect(await place(id)).toMatchObject({
      sessionId: week2,
      amountCents: 20000,
      refundedCents: 0,
      listPriceCents: 20000,
    });
    expect([await taken(week1), await taken(week2)]).toEqual([0, 1]);
    const [charge] = await db
      .select({ amountCents: testProcessorCharges.amountCents })
      .from(testProcessorCharges)
      .innerJoin(payments, eq(payments.chargeId, testProcessorCharges.id))
      .innerJoin(placeTransfers, eq(placeTransfers.paymentId, payments.id))
      .where(eq(placeTransfers.registrationId, id));
    expect(charge?.amountCents).toBe(5000);

    // Week 3 is $80 cheaper than Week 2: $80 back, taken from the newest charge ($50) first.
    const down = moved(
      await move('parent', parent.token, id, { sessionId: week3, expectedDifferenceCents: -8000 }),
    );
    expect(down).toMatchObject({ sessionId: week3, differenceCents: -8000, receiptNumber: null });
    expect(await place(id)).toMatchObject({ sessionId: week3, amountCents: 20000, refundedCents: 8000 });
    const [transfer] = await db
      .select({ id: placeTransfers.id, refunds: placeTransfers.refunds })
      .from(placeTransfers)
      .where(and(eq(placeTransfers.registrationId, id), eq(placeTransfers.toSessionId, week3)));
    expect(transfer?.refunds.map((piece) => piece.amountCents)).toEqual([5000, 3000]);
    const sent = await db
      .select({ amountCents: refunds.amountCents, status: refunds.status })
      .from(refunds)
      .where(like(refunds.idempotencyKey, `transfer-refund-${transfer?.id}-%`))
      .orderBy(desc(refunds.amountCents));
    expect(sent).toEqual([
      { amountCents: 5000, status: 'sent' },
      { amountCents: 3000, status: 'sent' },
    ]);

    // Cancelling refunds exactly what is left: every cent paid comes back once.
    const cancel = await app.inject({
      method: 'POST',
      url: `/camper/registrations/${id}/cancel`,
      headers: bearer(parent.token),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(await place(id)).toMatchObject({ status: 'cancelled', refundedCents: 20000 });
    expect(await chargedTo(id)).toBe(20000);
    expect((await refundedUnder('transfer-refund-')) >= 8000).toBe(true);
    const [books] = await db
      .select({
        charged: sql<number>`sum(${payments.amountCents})::int`,
        refunded: sql<number>`sum(${payments.refundedCents})::int`,
      })
      .from(payments)
      .where(eq(payments.parentId, parent.id));
    expect(books).toEqual({ charged: 20000, refunded: 20000 });

    const mail = await db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, parent.email), like(mailOutbox.subject, 'Place moved:%')));
    expect(mail.map((message) => message.text.match(/We (charged|refunded) \$\d+/)?.[0])).toEqual([
      'We charged $50',
      'We refunded $80',
    ]);
  });

  it('keeps the discounts the place was bought with', async () => {
    const { campId, week1, week2 } = await threeWeeks({
      discounts: { earlyBird: null, sibling: { kind: 'amount', value: 3000 }, multiSession: null },
    });
    const parent = await family(app, [9, 10], { day: CAMP_DAY });
    const [ada, ben] = parent.childIds as [number, number];
    const bought = await book(parent, campId, [
      { childId: ada, sessionId: week1 },
      { childId: ben, sessionId: week1 },
    ]);
    const discounted = bought.lines?.find((line) => line.adjustments.length > 0);
    expect(discounted?.amountCents).toBe(12000);
    const id = discounted?.registrationId ?? 0;
    const shown = (await options('parent', parent.token, id)).json<{ data: TransferOptions }>().data;
    expect(shown.options.find((option) => option.sessionId === week2)?.differenceCents).toBe(5000);
    moved(
      await move('parent', parent.token, id, {
        sessionId: week2,
        expectedDifferenceCents: 5000,
        paymentMethodId: parent.cardId,
      }),
    );
    expect(await place(id)).toMatchObject({ amountCents: 17000, listPriceCents: 20000 });
  });

  it('answers a retried move with what it did, charging once', async () => {
    const { campId, week1, week2 } = await threeWeeks();
    const parent = await family(app, [9], { day: CAMP_DAY });
    const [line] =
      (await book(parent, campId, [{ childId: parent.childIds[0] as number, sessionId: week1 }])).lines ?? [];
    const id = line?.registrationId ?? 0;
    const body = { sessionId: week2, expectedDifferenceCents: 5000, paymentMethodId: parent.cardId };
    const first = moved(await move('parent', parent.token, id, body));
    const again = moved(await move('parent', parent.token, id, body));
    expect(again).toEqual(first);
    expect(await chargedTo(id)).toBe(20000);
  });

  it('refuses bad moves with a clear message and changes nothing', async () => {
    const { campId, week1, week2, week3 } = await threeWeeks();
    const parent = await family(app, [9], { day: CAMP_DAY });
    const [line] =
      (await book(parent, campId, [{ childId: parent.childIds[0] as number, sessionId: week1 }])).lines ?? [];
    const id = line?.registrationId ?? 0;
    const firstName = line?.childName.split(' ')[0] ?? '';

    expectError(
      await move('parent', parent.token, id, { sessionId: week1, expectedDifferenceCents: 0 }),
      409,
      'CONFLICT',
      messages.transferSameSession.replace('{name}', firstName),
    );
    expectError(
      await move('parent', parent.token, id, {
        sessionId: week2,
        expectedDifferenceCents: 4000,
        paymentMethodId: parent.cardId,
      }),
      409,
      'PRICE_CHANGED',
      messages.transferPriceChanged,
    );
    expectError(
      await move('parent', parent.token, id, { sessionId: week2, expectedDifferenceCents: 5000 }),
      400,
      'BAD_REQUEST',
      messages.transferCardNeeded,
      { paymentMethodId: messages.transferCardNeeded },
    );
    const otherCamp = await threeWeeks();
    expectError(
      await move('parent', parent.token, id, { sessionId: otherCamp.week2, expectedDifferenceCents: 5000 }),
      404,
      'NOT_FOUND',
      messages.sessionNotFound,
    );
    const declining = await addCard(app, parent.token, DECLINES_CHARGES);
    const declined = await move('parent', parent.token, id, {
      sessionId: week2,
      expectedDifferenceCents: 5000,
      paymentMethodId: declining,
    });
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json<{ message: string }>().message).toMatch(/The place was not moved\.$/);
    const declinedAgain = await move('parent', parent.token, id, {
      sessionId: week2,
      expectedDifferenceCents: 5000,
      paymentMethodId: declining,
    });
    expect(declinedAgain.statusCode, declinedAgain.body).toBe(402);

    // Another family's place is not found; a host of another camp cannot see it either.
    const stranger = await family(app, [9], { day: CAMP_DAY });
    expectError(
      await move('parent', stranger.token, id, { sessionId: week3, expectedDifferenceCents: -3000 }),
      404,
      'NOT_FOUND',
      messages.registrationNotFound,
    );
    const otherHost = await campHost(app, adminToken);
    expectError(
      await move('host', otherHost.token, id, { sessionId: week3, expectedDifferenceCents: -3000 }),
      404,
      'NOT_FOUND',
      messages.registrationNotFound,
    );
    expect(await place(id)).toMatchObject({ sessionId: week1, amountCents: 15000, refundedCents: 0 });
    expect([await taken(week1), await taken(week2), await taken(week3)]).toEqual([1, 0, 0]);
    // A good card after the declined ones moves the place.
    moved(
      await move('parent', parent.token, id, {
        sessionId: week2,
        expectedDifferenceCents: 5000,
        paymentMethodId: parent.cardId,
      }),
    );
    expect(await place(id)).toMatchObject({ sessionId: week2, amountCents: 20000 });
  });

  it('keeps a child out of two sessions that run at the same time', async () => {
    const { campId, week1, week2, week3 } = await threeWeeks({ week2Capacity: '1' });
    const parent = await family(app, [9], { day: CAMP_DAY });
    const [ada] = parent.childIds as [number];
    const [line] = (await book(parent, campId, [{ childId: ada, sessionId: week1 }])).lines ?? [];
    // Another camp running in Week 3's days already has Ada.
    const overlapping = await addCamp(app, host, { startDate: '2031-07-21', endDate: '2031-07-25' });
    await book(parent, overlapping, [{ childId: ada, sessionId: (await firstSession(db, overlapping)).id }]);
    const shown = (await options('parent', parent.token, line?.registrationId ?? 0)).json<{
      data: TransferOptions;
    }>().data;
    expect(shown.options.find((option) => option.sessionId === week3)?.reason).toMatch(
      /which runs at the same time\.$/,
    );
    expect(shown.options.find((option) => option.sessionId === week2)?.available).toBe(true);
  });
});

describe('a host moving a place', () => {
  it('never charges the family more, refunds a cheaper week, and may pass a waitlist', async () => {
    const { campId, week1, week2, week3 } = await threeWeeks();
    const parent = await family(app, [9, 10], { day: CAMP_DAY });
    const [ada, ben] = parent.childIds as [number, number];
    const bought = await book(parent, campId, [
      { childId: ada, sessionId: week1 },
      { childId: ben, sessionId: week1 },
    ]);
    const [first, second] = (bought.lines ?? []).map((line) => line.registrationId) as [number, number];

    expect(
      moved(await move('host', host.token, first, { sessionId: week2, expectedDifferenceCents: 0 })),
    ).toMatchObject({
      differenceCents: 0,
      receiptNumber: null,
    });
    // The family's place still stands at the $150 they bought: moving back costs and refunds nothing.
    expect(await place(first)).toMatchObject({ sessionId: week2, amountCents: 15000, listPriceCents: 15000 });
    const back = (await options('parent', parent.token, first)).json<{ data: TransferOptions }>().data;
    expect(back.options.find((option) => option.sessionId === week1)?.differenceCents).toBe(0);

    // Week 3 fills and someone waits: the host may still move a child in.
    await db.update(campSessions).set({ capacity: 2 }).where(eq(campSessions.id, week3));
    const waiting = await family(app, [9, 9], { day: CAMP_DAY });
    await book(waiting, campId, [
      { childId: waiting.childIds[0] as number, sessionId: week3 },
      { childId: waiting.childIds[1] as number, sessionId: week3 },
    ]);
    const late = await family(app, [9], { day: CAMP_DAY });
    await book(late, campId, [{ childId: late.childIds[0] as number, sessionId: week3 }]);
    await db.update(campSessions).set({ capacity: 3 }).where(eq(campSessions.id, week3));
    // A place is free but a family waits for it: the parent's own move may not take it.
    const parentView = (await options('parent', parent.token, second)).json<{ data: TransferOptions }>().data;
    expect(parentView.options.find((option) => option.sessionId === week3)?.reason).toBe(
      messages.transferSessionFull.replace('{session}', 'Week 3'),
    );
    expect(
      moved(await move('host', host.token, second, { sessionId: week3, expectedDifferenceCents: -3000 })),
    ).toMatchObject({
      differenceCents: -3000,
    });
    expect(await place(second)).toMatchObject({ sessionId: week3, refundedCents: 3000 });
    expect(await refundedUnder('transfer-refund-')).toBeGreaterThanOrEqual(3000);
    const [mail] = await db
      .select({ text: mailOutbox.textBody })
      .from(mailOutbox)
      .where(
        and(
          like(mailOutbox.subject, 'Place moved:%'),
          like(mailOutbox.textBody, '%The host has moved%Week 3%'),
        ),
      );
    expect(mail?.text).toContain('We refunded $30 to your card');
  });
});

describe('money a processor outage interrupted', () => {
  it('refunds a difference charged for a move that did not happen', async () => {
    const { campId, week1, week2 } = await threeWeeks();
    const parent = await family(app, [9], { day: CAMP_DAY });
    const [line] =
      (await book(parent, campId, [{ childId: parent.childIds[0] as number, sessionId: week1 }])).lines ?? [];
    const id = line?.registrationId ?? 0;
    // The charge goes through but its answer is lost.
    const lostAnswer: PaymentProvider = Object.create(app.payments);
    lostAnswer.chargeCard = async (input) => {
      await app.payments.chargeCard(input);
      throw new Error('the connection dropped');
    };
    await expect(
      transferPlace({ ...deps, payments: lostAnswer }, 'parent', parent.id, id, {
        sessionId: week2,
        expectedDifferenceCents: 5000,
        paymentMethodId: parent.cardId,
      }),
    ).rejects.toMatchObject({ statusCode: 503 });
    expect(await place(id)).toMatchObject({ sessionId: week1, amountCents: 15000 });
    await reconcilePayments(deps, new Date(Date.now() + 5 * 60 * 1000));
    const [payment] = await db
      .select({ status: payments.status, refundedCents: payments.refundedCents })
      .from(payments)
      .where(eq(payments.idempotencyKey, `transfer-${id}-1`));
    expect(payment).toEqual({ status: 'refunded', refundedCents: 5000 });
  });

  it('sends a refund the processor did not take during the move', async () => {
    const { campId, week1, week3 } = await threeWeeks();
    const parent = await family(app, [9], { day: CAMP_DAY });
    const [line] =
      (await book(parent, campId, [{ childId: parent.childIds[0] as number, sessionId: week1 }])).lines ?? [];
    const id = line?.registrationId ?? 0;
    const down: PaymentProvider = Object.create(app.payments);
    down.refund = async () => {
      throw new Error('the processor is unavailable');
    };
    const outcome = await transferPlace({ ...deps, payments: down }, 'parent', parent.id, id, {
      sessionId: week3,
      expectedDifferenceCents: -3000,
    });
    expect(outcome.differenceCents).toBe(-3000);
    const transferKey = `transfer-refund-${(await db.select({ id: placeTransfers.id }).from(placeTransfers).where(eq(placeTransfers.registrationId, id)))[0]?.id}-`;
    expect(await refundedUnder(transferKey)).toBe(0);
    await reconcilePayments(deps, new Date(Date.now() + 5 * 60 * 1000));
    expect(await refundedUnder(transferKey)).toBe(3000);
    await reconcilePayments(deps, new Date(Date.now() + 5 * 60 * 1000));
    expect(await refundedUnder(transferKey)).toBe(3000);
  });
});
