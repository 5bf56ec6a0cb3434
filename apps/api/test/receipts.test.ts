import { messages } from '@campwise/contract/messages';
import type { Receipt, ReceiptListItem } from '@campwise/contract/receipts';
import { receiptNumber } from '@campwise/contract/registrations';
import type { TransferOutcome } from '@campwise/contract/transfers';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { payments, registrations } from '../src/db/schema.ts';
import { issueReceipt } from '../src/modules/receipts/issue-receipt.ts';
import { firstSession } from './camp-fixtures.ts';
import { bearer, createAdmin } from './fixtures.ts';
import { buildTestApp } from './helper.ts';
import { ORG_ENV } from './org-fixtures.ts';
import { expectError } from './payments-fixtures.ts';
import {
  addCamp,
  addSessions,
  book,
  type CampHost,
  campHost,
  type Family,
  family,
  setDiscounts,
} from './registration-fixtures.ts';

const CAMP_DAY = '2031-07-01';

let app: FastifyInstance;
let db: Database;
let host: CampHost;

beforeAll(async () => {
  ({ app, db } = await buildTestApp(ORG_ENV));
  const { token: adminToken } = await createAdmin(app, db);
  host = await campHost(app, adminToken);
});

/** Weeks of July 2031 at $150, $200 and $120, with $30 off each further child. */
async function threeWeeks() {
  const campId = await addCamp(app, host, { startDate: '2031-07-07', endDate: '2031-07-11' });
  const week1 = (await firstSession(db, campId)).id;
  const [week2, week3] = (await addSessions(app, host, campId, [
    { name: 'Week 2', startDate: '2031-07-14', endDate: '2031-07-18', price: '200', capacity: '10' },
    { name: 'Week 3', startDate: '2031-07-21', endDate: '2031-07-25', price: '120', capacity: '10' },
  ])) as [number, number];
  await setDiscounts(app, host, campId, {
    earlyBird: null,
    sibling: { kind: 'amount', value: 3000 },
    multiSession: null,
  });
  return { campId, week1, week2, week3 };
}

const paymentIdOf = (number: string | null) => Number(number?.replace('CW-', ''));

async function receipt(parent: Pick<Family, 'token'>, paymentId: number): Promise<Receipt> {
  const res = await app.inject({
    method: 'GET',
    url: `/camper/receipts/${paymentId}`,
    headers: bearer(parent.token),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: Receipt }>().data;
}

async function moveTo(
  parent: Family,
  registrationId: number,
  sessionId: number,
  expectedDifferenceCents: number,
) {
  const res = await app.inject({
    method: 'POST',
    url: `/camper/registrations/${registrationId}/transfer`,
    headers: bearer(parent.token),
    payload: { sessionId, expectedDifferenceCents, paymentMethodId: parent.cardId },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: TransferOutcome }>().data;
}

async function cancel(parent: Family, registrationId: number) {
  const res = await app.inject({
    method: 'POST',
    url: `/camper/registrations/${registrationId}/cancel`,
    headers: bearer(parent.token),
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** What a payment has given back, as recorded on it. */
async function refundedOn(paymentId: number): Promise<number> {
  const [row] = await db
    .select({ refundedCents: payments.refundedCents })
    .from(payments)
    .where(eq(payments.id, paymentId));
  return row?.refundedCents ?? -1;
}

const itemised = (of: Receipt) => of.refunds.reduce((sum, refund) => sum + refund.amountCents, 0);

describe('receipts', () => {
  it('lists each place of a basket as bought, with its discounts, adding up to what was paid', async () => {
    const { campId, week1, week2 } = await threeWeeks();
    const parent = await family(app, [9, 7], { day: CAMP_DAY });
    const [ada, ben] = parent.childIds as [number, number];
    const outcome = await book(app, parent, campId, [
      { childId: ada, sessionId: week1 },
      { childId: ben, sessionId: week2 },
    ]);
    const paid = await receipt(parent, paymentIdOf(outcome.receiptNumber));

    expect(paid).toMatchObject({
      number: outcome.receiptNumber,
      kind: 'places',
      amountCents: 32000,
      refundedCents: 0,
      refunds: [],
      moveDescription: null,
      card: { last4: '4242' },
      refundPolicy: expect.stringContaining('Full refund'),
    });
    expect(paid.lines.map((line) => [line.childName, line.listPriceCents, line.totalCents])).toEqual([
      ['Ada Meadows', 15000, 12000],
      ['Ben Meadows', 20000, 20000],
    ]);
    expect(paid.lines[0]?.adjustments).toEqual([{ kind: 'sibling', amountCents: 3000 }]);
    expect(paid.lines[1]?.placeName).toMatch(/\(Week 2\)$/);
    expect(paid.lines.reduce((sum, line) => sum + line.totalCents, 0)).toBe(paid.amountCents);
  });

  it('keeps a moved place as bought, gives the dearer move its own receipt, and itemises every refund', async () => {
    const { campId, week1, week2, week3 } = await threeWeeks();
    const parent = await family(app, [9, 7], { day: CAMP_DAY });
    const [ada, ben] = parent.childIds as [number, number];
    const outcome = await book(app, parent, campId, [
      { childId: ada, sessionId: week1 },
      { childId: ben, sessionId: week1 },
    ]);
    const basket = paymentIdOf(outcome.receiptNumber);
    const [adaLine, benLine] = outcome.lines ?? [];
    const adaPlace = adaLine?.registrationId ?? 0;
    const benPlace = benLine?.registrationId ?? 0;

    // Ada moves up to Week 2 ($50 more) and is later cancelled; Ben moves down to Week 3 ($30 back).
    const up = await moveTo(parent, adaPlace, week2, 5000);
    const upPayment = paymentIdOf(up.receiptNumber);
    await moveTo(parent, benPlace, week3, -3000);
    await cancel(parent, adaPlace);

    const moveReceipt = await receipt(parent, upPayment);
    expect(moveReceipt).toMatchObject({ kind: 'move', amountCents: 5000, lines: [] });
    expect(moveReceipt.moveDescription).toBe('Ada Meadows moved from Session 1 to Week 2');
    expect(moveReceipt.refunds.map((refund) => refund.description)).toEqual([
      expect.stringMatching(/^Ada’s place at .+ \(Week 2\) cancelled$/),
    ]);

    const basketReceipt = await receipt(parent, basket);
    expect(
      basketReceipt.lines.map((line) => [
        line.childName,
        line.placeName.endsWith('(Session 1)'),
        line.totalCents,
      ]),
    ).toEqual([
      ['Ada Meadows', true, 15000],
      ['Ben Meadows', true, 12000],
    ]);
    expect(basketReceipt.refunds.map((refund) => [refund.description, refund.amountCents])).toEqual([
      ['Ben moved from Session 1 to Week 3', 3000],
      [expect.stringMatching(/^Ada’s place at .+ \(Week 2\) cancelled$/), 15000],
    ]);
    // Ada's $200 came back newest charge first: $50 from the move, $150 from the basket.
    expect(itemised(moveReceipt)).toBe(5000);
    for (const [paymentId, of] of [
      [basket, basketReceipt],
      [upPayment, moveReceipt],
    ] as const) {
      expect(of.refundedCents).toBe(await refundedOn(paymentId));
      expect(itemised(of)).toBe(of.refundedCents);
    }
  });

  it('lists the parent’s receipts newest first, and serves each as a PDF', async () => {
    const { campId, week1, week2 } = await threeWeeks();
    const parent = await family(app, [9], { day: CAMP_DAY });
    const [ada] = parent.childIds as [number];
    const first = await book(app, parent, campId, [{ childId: ada, sessionId: week1 }]);
    const second = await book(app, parent, campId, [{ childId: ada, sessionId: week2 }]);

    const list = await app.inject({ method: 'GET', url: '/camper/receipts', headers: bearer(parent.token) });
    expect(list.statusCode, list.body).toBe(200);
    expect(
      list.json<{ data: ReceiptListItem[] }>().data.map((item) => [item.number, item.amountCents]),
    ).toEqual([
      [second.receiptNumber, 20000],
      [first.receiptNumber, 15000],
    ]);

    const pdf = await app.inject({
      method: 'GET',
      url: `/camper/receipts/${paymentIdOf(first.receiptNumber)}/pdf`,
      headers: bearer(parent.token),
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(
      `attachment; filename="campwise-receipt-${first.receiptNumber}.pdf"`,
    );
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.rawPayload.length).toBeGreaterThan(1000);
  });

  it('shows a parent only their own receipts, and never one for a charge that bought nothing', async () => {
    const { campId, week1 } = await threeWeeks();
    const parent = await family(app, [9], { day: CAMP_DAY });
    const stranger = await family(app, [9], { day: CAMP_DAY });
    const paid = await book(app, parent, campId, [
      { childId: parent.childIds[0] as number, sessionId: week1 },
    ]);
    const paymentId = paymentIdOf(paid.receiptNumber);

    for (const url of [`/camper/receipts/${paymentId}`, `/camper/receipts/${paymentId}/pdf`]) {
      const res = await app.inject({ method: 'GET', url, headers: bearer(stranger.token) });
      expectError(res, 404, 'NOT_FOUND', messages.receiptNotFound);
    }
    const list = await app.inject({
      method: 'GET',
      url: '/camper/receipts',
      headers: bearer(stranger.token),
    });
    expect(list.json<{ data: ReceiptListItem[] }>().data).toEqual([]);

    const [failed] = await db
      .insert(payments)
      .values({
        parentId: parent.id,
        campId,
        idempotencyKey: 'a charge that bought nothing',
        paymentMethodId: 'pm_x',
        customerId: 'cus_x',
        amountCents: 100,
        status: 'succeeded',
      })
      .returning({ id: payments.id });
    await issueReceipt(db, failed?.id ?? 0);
    const res = await app.inject({
      method: 'GET',
      url: `/camper/receipts/${failed?.id}`,
      headers: bearer(parent.token),
    });
    expectError(res, 404, 'NOT_FOUND', messages.receiptNotFound);
    expect(receiptNumber(failed?.id ?? 0)).toMatch(/^CW-/);

    // A charge that landed after its places were given up bought nothing either: none is issued.
    const [late] = await db
      .insert(payments)
      .values({
        parentId: parent.id,
        campId,
        idempotencyKey: 'a charge that landed too late',
        paymentMethodId: 'pm_x',
        customerId: 'cus_x',
        amountCents: 15000,
        status: 'succeeded',
      })
      .returning({ id: payments.id });
    await db
      .update(registrations)
      .set({ status: 'payment_failed', paymentId: late?.id })
      .where(eq(registrations.paymentId, paymentId));
    await issueReceipt(db, late?.id ?? 0);
    const none = await app.inject({
      method: 'GET',
      url: `/camper/receipts/${late?.id}`,
      headers: bearer(parent.token),
    });
    expectError(none, 404, 'NOT_FOUND', messages.receiptNotFound);
    const mine = await app.inject({ method: 'GET', url: '/camper/receipts', headers: bearer(parent.token) });
    expect(mine.json<{ data: ReceiptListItem[] }>().data.map((item) => item.paymentId)).toEqual([paymentId]);
  });
});
