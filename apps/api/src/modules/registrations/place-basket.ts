import type { Quote } from '@campwise/contract/baskets';
import { messages } from '@campwise/contract/messages';
import { type RegistrationOutcome, receiptNumber } from '@campwise/contract/registrations';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { children, payments, registrations } from '../../db/schema.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { PaymentDeclinedError } from '../../platform/payments/provider.ts';
import { checkFormsComplete } from '../camp-forms/index.ts';
import { recordPromoUse } from '../discounts/index.ts';
import { choosePlan, depositOf, writePlan } from '../payment-plans/index.ts';
import { type ChargeTerms, chargeDestination, chargeTermsFor } from '../payouts/index.ts';
import { placeStatus } from './place-status.ts';
import { insertRegistrations, takeSpots } from './places.ts';
import { type Asked, type BasketBody, lineKey, priceBasketNow } from './price-basket-now.ts';
import {
  chargeKey,
  paymentUnavailable,
  paymentUnderKey,
  ReplayedRequest,
  type ReplayKey,
  replayOf,
} from './replay.ts';
import { parentCard, type RegistrationDeps } from './service.ts';
import { failPayment, settlePaidPayment } from './settle-payment.ts';

export type { BasketBody } from './price-basket-now.ts';

/** Refuses a basket whose total is not the one the parent was shown (409, nothing charged). */
export function checkPriceShown(quote: Quote, expectedTotalCents: number): void {
  if (quote.totalCents !== expectedTotalCents)
    throw new AppError(409, 'PRICE_CHANGED', messages.priceChanged);
}

export interface PlaceOptions {
  /** How the request was put: a basket's own answers, or the spec's request's (registerChildren). */
  asked: Asked;
  /** What names the request for its replay. */
  replay: ReplayKey;
}

type Placed =
  | { kind: 'waitlisted'; registrationIds: number[] }
  | {
      kind: 'placed';
      quote: Quote;
      campName: string;
      paymentId: number | null;
      terms: ChargeTerms | null;
      chargeCents: number;
      registrationIds: Map<string, number>;
    };

/**
 * The one writer of a family's first places, for a basket and for the spec's request alike, and
 * charged once per idempotency key. All or nothing: one transaction locks the sessions (in id
 * order) and the code, prices the basket again, refuses it when the total is not the one the
 * parent was shown (409 PRICE_CHANGED, nothing charged), takes every new place's spot (a spot
 * held from the waitlist is paid for as it stands: its offered place moves to `pending_payment`)
 * and writes every line (its list price, its discounts, what it costs), or puts a full session's
 * lines on its waitlist, free of charge. Then the card is charged with a key derived from the
 * payment row, so a retry cannot charge twice, and a second transaction confirms the places (and
 * queues the receipts), or on a decline releases them and the code's use. A crash between the
 * charge and the confirmation leaves a pending payment that reconciliation settles.
 */
export async function placeBasket(
  deps: RegistrationDeps,
  parentId: number,
  campId: number,
  body: BasketBody,
  { asked, replay: key }: PlaceOptions,
  now: Date = new Date(),
): Promise<RegistrationOutcome> {
  const { db } = deps;
  const replay = await replayOf(db, parentId, campId, key);
  if (replay) return replay;
  const card = body.paymentMethodId ? await parentCard(db, parentId, body.paymentMethodId) : null;

  let placed: Placed;
  try {
    placed = await db.transaction(async (tx): Promise<Placed> => {
      // One parent's attempts at one camp run one at a time, so a double click, a retry or a second
      // tab sees what the first did (its payment, its places) instead of racing it for them.
      await queryRows(tx, sql`select pg_advisory_xact_lock(${parentId}::int, ${campId}::int)`);
      if (await paymentUnderKey(tx, parentId, body.idempotencyKey)) throw new ReplayedRequest();
      // The spec's request for children all already on the waitlist: joining again is the same request.
      const rejoined = asked === 'children' ? await waitlistedAlready(tx, parentId, body.lines) : null;
      if (rejoined) return { kind: 'waitlisted', registrationIds: rejoined };
      const { quote, campName, sessions, offers, promo, planRule } = await priceBasketNow(
        tx,
        parentId,
        campId,
        body,
        now,
        { lock: true, asked },
      );
      await checkFormsComplete(tx, parentId, campId, [...new Set(body.lines.map((line) => line.childId))]);
      if (body.expectedTotalCents !== undefined) checkPriceShown(quote, body.expectedTotalCents);
      // A deposit now and the balance in instalments (decision 026), or everything now.
      const plan = body.plan ? choosePlan(quote, body.plan.instalments) : null;
      const chargeCents = plan ? plan.schedule.depositCents : quote.totalCents;
      const places = quote.lines.filter((line) => line.placement === 'place');
      if (places.length > 0 && !card) {
        throw new AppError(400, 'BAD_REQUEST', messages.chooseCard, { paymentMethodId: messages.chooseCard });
      }
      // Conditional updates of the session rows (never read-then-write); a held spot is taken already.
      for (const sessionId of [...sessions.keys()].sort((a, b) => a - b)) {
        const count = places.filter(
          (line) => line.sessionId === sessionId && !offers.has(lineKey(line)),
        ).length;
        if (count > 0 && !(await takeSpots(tx, sessionId, count)))
          throw conflict(messages.registrationChanged);
      }
      let paymentId: number | null = null;
      let terms: ChargeTerms | null = null;
      if (places.length > 0 && card) {
        terms = await chargeTermsFor(tx, campId, chargeCents, deps.platformFee);
        const [payment] = await tx
          .insert(payments)
          .values({
            parentId,
            campId,
            idempotencyKey: body.idempotencyKey,
            paymentMethodId: card.paymentMethodId,
            customerId: card.customerId,
            amountCents: chargeCents,
            ...terms,
          })
          .onConflictDoNothing()
          .returning({ id: payments.id });
        // The same key at another camp (whose attempts take another lock) got there first.
        if (!payment) throw new ReplayedRequest();
        paymentId = payment.id;
        if (promo) await recordPromoUse(tx, promo.id, payment.id, parentId);
      }
      const registrationIds = new Map<string, number>();
      for (const line of quote.lines) {
        const session = sessions.get(line.sessionId);
        if (!session) continue;
        const paying =
          line.placement === 'place' && paymentId !== null
            ? {
                paymentId,
                amountCents: line.amountCents,
                listPriceCents: line.listPriceCents,
                depositCents: depositOf(plan, line),
              }
            : null;
        const offered = offers.get(lineKey(line));
        if (offered !== undefined) {
          if (!paying) throw new Error('a held spot is paid for with its session’s other places');
          // The held spot is paid for: its place moves with the payment, while the offer still holds.
          const moved = await placeStatus.moveWhere(
            tx,
            and(eq(registrations.id, offered), sql`${registrations.offerExpiresAt} > ${now.toISOString()}`),
            'offered',
            'pending_payment',
            { ...paying, adjustments: line.adjustments, updatedAt: now },
          );
          if (moved.length !== 1) throw conflict(messages.offerExpired);
          registrationIds.set(lineKey(line), offered);
          continue;
        }
        const [id] = await insertRegistrations(tx, parentId, session, [{ id: line.childId }], {
          ...(paying
            ? { status: 'pending_payment', ...paying }
            : { status: 'waitlisted', waitlistedAt: now }),
          bookedVia: body.bookedVia,
        });
        if (id !== undefined) registrationIds.set(lineKey(line), id);
        if (paying && id !== undefined && line.adjustments.length > 0) {
          await tx
            .update(registrations)
            .set({ adjustments: line.adjustments })
            .where(eq(registrations.id, id));
        }
      }
      if (plan && paymentId !== null && card) {
        await writePlan(tx, plan, {
          parentId,
          campId,
          depositPaymentId: paymentId,
          paymentMethodId: card.paymentMethodId,
          customerId: card.customerId,
          onFinalFailure: planRule,
          registrationIds,
        });
      }
      return { kind: 'placed', quote, campName, paymentId, terms, chargeCents, registrationIds };
    });
  } catch (error) {
    if (error instanceof ReplayedRequest) {
      const again = await replayOf(db, parentId, campId, key);
      if (again) return again;
      throw paymentUnavailable();
    }
    throw error;
  }

  if (placed.kind === 'waitlisted') {
    return {
      status: 'waitlisted',
      registrationIds: placed.registrationIds,
      amountCents: 0,
      receiptNumber: null,
    };
  }
  const withLines = asked === 'basket';
  const lines = placed.quote.lines.map((line) => ({
    ...line,
    registrationId: placed.registrationIds.get(lineKey(line)) ?? 0,
  }));
  if (placed.paymentId === null || !card || !placed.terms) {
    return {
      status: 'waitlisted',
      registrationIds: lines.map((line) => line.registrationId),
      amountCents: 0,
      receiptNumber: null,
      ...(withLines ? { lines } : {}),
    };
  }
  const paymentId = placed.paymentId;
  const count = lines.filter((line) => line.placement === 'place').length;
  // Discounts can take a basket to nothing: its places are confirmed without a charge.
  let chargeId: string | null = null;
  if (placed.chargeCents > 0) {
    try {
      ({ chargeId } = await deps.payments.chargeCard({
        customerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        amountCents: placed.chargeCents,
        description:
          asked === 'basket'
            ? `Camp basket: ${count} places`
            : `${placed.campName}: ${count} ${count === 1 ? 'camper' : 'campers'}`,
        idempotencyKey: chargeKey({ id: paymentId, idempotencyKey: body.idempotencyKey }),
        destination: chargeDestination(placed.terms),
      }));
    } catch (error) {
      if (error instanceof PaymentDeclinedError) {
        await failPayment(db, paymentId, error.message, now);
        throw error;
      }
      // The processor may or may not have charged: the payment stays pending for reconciliation.
      throw paymentUnavailable();
    }
  }
  const settled = await settlePaidPayment(deps, paymentId, chargeId, now);
  if (!settled) throw conflict(messages.paymentNotCompleted);
  return {
    status: 'confirmed',
    // The spec's request answers its places as a replay of it does: in the order they were made.
    registrationIds: withLines
      ? lines.map((line) => line.registrationId)
      : [...settled].sort((a, b) => a - b),
    amountCents: placed.chargeCents,
    receiptNumber: receiptNumber(paymentId),
    ...(withLines ? { lines } : {}),
  };
}

/** POST /api/camps/{id}/registrations with `lines`: a family's basket, placed and paid once. */
export function registerBasket(
  deps: RegistrationDeps,
  parentId: number,
  campId: number,
  body: BasketBody,
  now: Date = new Date(),
): Promise<RegistrationOutcome> {
  const replay = { idempotencyKey: body.idempotencyKey, lines: body.lines, exact: false };
  return placeBasket(deps, parentId, campId, body, { asked: 'basket', replay }, now);
}

/** What an earlier basket request under the same key did at this camp, or null if there was none. */
export function basketReplay(
  db: Database,
  parentId: number,
  campId: number,
  body: Pick<BasketBody, 'idempotencyKey' | 'lines'>,
): Promise<RegistrationOutcome | null> {
  return replayOf(db, parentId, campId, {
    idempotencyKey: body.idempotencyKey,
    lines: body.lines,
    exact: false,
  });
}

/**
 * The waitlist places the parent's children hold at the lines' sessions, when every line is one
 * (in the order of the children's names), else null.
 */
async function waitlistedAlready(
  db: Database,
  parentId: number,
  lines: BasketBody['lines'],
): Promise<number[] | null> {
  const rows = await db
    .select({ id: registrations.id, childId: registrations.childId, sessionId: registrations.sessionId })
    .from(registrations)
    .innerJoin(children, eq(children.id, registrations.childId))
    .where(
      and(
        eq(registrations.parentId, parentId),
        inArray(
          registrations.childId,
          lines.map((line) => line.childId),
        ),
        inArray(
          registrations.sessionId,
          lines.map((line) => line.sessionId),
        ),
        eq(registrations.status, 'waitlisted'),
      ),
    )
    .orderBy(asc(children.firstName), asc(children.id));
  const asked = rows.filter((row) => lines.some((line) => lineKey(line) === lineKey(row)));
  return asked.length === lines.length ? asked.map((row) => row.id) : null;
}
