import type { Quote, QuoteBody, QuoteLine } from '@campwise/contract/baskets';
import { campDay } from '@campwise/contract/camp-clock';
import { ACTIVE_PLACE_STATUSES } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import { type FinalFailureRule, planOffer } from '@campwise/contract/payment-plans';
import { type RegisterBody, type RegistrationOutcome, receiptNumber } from '@campwise/contract/registrations';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { campSessions, children, payments, registrations } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { PaymentDeclinedError } from '../../platform/payments/provider.ts';
import { type SessionRow, sessionColumns } from '../../shared/session-reads.ts';
import { checkFormsComplete } from '../camp-forms/index.ts';
import {
  type AppliedPromo,
  type BasketLine,
  campDiscounts,
  discountRules,
  priceBasket,
  promoForBasket,
  recordPromoUse,
} from '../discounts/index.ts';
import { choosePlan, depositOf, writePlan } from '../payment-plans/index.ts';
import { type ChargeTerms, chargeDestination, chargeTermsFor } from '../payouts/index.ts';
import { eligibility } from './lifecycle.ts';
import { insertRegistrations, lockSessions, takeSpots } from './places.ts';
import {
  chargeKey,
  parentCard,
  paymentUnavailable,
  paymentUnderKey,
  ReplayedRequest,
  replayOf,
} from './register-children.ts';
import {
  checkNoOverlappingPlace,
  checkOpenForNewPlaces,
  listedCamp,
  type RegistrationDeps,
} from './service.ts';
import { failPayment, settlePaidPayment } from './settle-payment.ts';

export type BasketBody = RegisterBody & { lines: NonNullable<RegisterBody['lines']> };

interface PricedBasket {
  quote: Quote;
  sessions: Map<number, SessionRow>;
  promo: AppliedPromo | null;
  /** What happens to a plan's places when its last attempt fails (decision 026). */
  planRule: FinalFailureRule;
}

/**
 * Prices a family's basket as it stands: every line's child and session checked (the parent's
 * child, a scheduled session of this camp, open for new places, the right age, not already
 * there), each session's lines placed together (a place while enough are left and nobody waits,
 * else a waitlist place where the session has one), and the places priced with the camp's
 * discounts and the code. Changes nothing; inside a transaction with `lock`, the sessions and the
 * code are locked first, so what it answers is what the transaction can do.
 */
async function priceBasketNow(
  db: Database,
  parentId: number,
  campId: number,
  body: QuoteBody & { lines: BasketBody['lines'] },
  now: Date,
  lock: boolean,
): Promise<PricedBasket> {
  const camp = await listedCamp(db, campId);
  const today = campDay(now, camp.timeZone);
  const sessionIds = [...new Set(body.lines.map((line) => line.sessionId))].sort((a, b) => a - b);
  if (lock) await lockSessions(db, sessionIds);
  const sessionRows = await db
    .select(sessionColumns)
    .from(campSessions)
    .where(
      and(
        inArray(campSessions.id, sessionIds),
        eq(campSessions.campId, campId),
        eq(campSessions.status, 'scheduled'),
      ),
    );
  const sessions = new Map(sessionRows.map((row) => [row.id, row]));
  if (sessions.size !== sessionIds.length) throw notFound(messages.sessionNotInCamp);

  const childIds = [...new Set(body.lines.map((line) => line.childId))];
  const kids = await db
    .select({
      id: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      birthday: children.birthday,
    })
    .from(children)
    .where(and(eq(children.parentId, parentId), inArray(children.id, childIds)));
  if (kids.length !== childIds.length) throw notFound(messages.childNotFound);
  const kidOf = new Map(kids.map((kid) => [kid.id, kid]));
  const held = await db
    .select({
      childId: registrations.childId,
      sessionId: registrations.sessionId,
      status: registrations.status,
    })
    .from(registrations)
    .where(
      and(
        inArray(registrations.childId, childIds),
        inArray(registrations.sessionId, sessionIds),
        inArray(registrations.status, [...ACTIVE_PLACE_STATUSES]),
      ),
    );

  for (const line of body.lines) {
    const kid = kidOf.get(line.childId);
    const session = sessions.get(line.sessionId);
    if (!kid || !session) throw notFound(messages.childNotFound);
    const dates = { startDate: session.startDate, endDate: session.endDate, isYearRound: camp.isYearRound };
    checkOpenForNewPlaces({ ...dates, session, timeZone: camp.timeZone }, today, now);
    const current =
      held.find((row) => row.childId === kid.id && row.sessionId === session.id)?.status ?? null;
    const { reason } = eligibility(
      kid,
      { ...dates, minAge: camp.minAge, maxAge: camp.maxAge },
      today,
      current,
    );
    if (reason) {
      throw conflict(
        messages.childNotEligible.replace('{name}', kid.firstName).replace('{reason}', reason.toLowerCase()),
      );
    }
  }

  const waiting = await queryRows<{ session_id: number }>(
    db,
    sql`select distinct session_id from registrations
      where session_id = any(${`{${sessionIds.join(',')}}`}::int[]) and status = 'waitlisted'`,
  );
  const placement = new Map<number, 'place' | 'waitlist'>();
  for (const session of sessions.values()) {
    const wanted = body.lines.filter((line) => line.sessionId === session.id).length;
    const fits =
      session.capacity - session.spotsTaken >= wanted &&
      !waiting.some((row) => row.session_id === session.id);
    if (!fits && !session.allowsWaitlist) {
      throw conflict(messages.sessionFullNoWaitlist.replace('{session}', session.name));
    }
    placement.set(session.id, fits ? 'place' : 'waitlist');
  }

  await checkNoOverlappingPlace(
    db,
    body.lines
      .filter((line) => placement.get(line.sessionId) === 'place')
      .flatMap((line) => {
        const child = kidOf.get(line.childId);
        const session = sessions.get(line.sessionId);
        return child && session ? [{ child, session }] : [];
      }),
  );
  const promo = body.promoCode
    ? await promoForBasket(db, campId, body.promoCode, parentId, today, lock)
    : null;
  const paid: BasketLine[] = body.lines
    .filter((line) => placement.get(line.sessionId) === 'place')
    .map((line) => {
      const session = sessions.get(line.sessionId);
      return {
        childId: line.childId,
        sessionId: line.sessionId,
        sessionStart: session?.startDate ?? null,
        listPriceCents: session?.priceCents ?? 0,
      };
    });
  const priced = priceBasket(
    paid,
    discountRules(await campDiscounts(db, campId)),
    promo?.rule ?? null,
    today,
  );
  const lineOf = (childId: number, sessionId: number) =>
    priced.lines.find((line) => line.childId === childId && line.sessionId === sessionId);
  const lines: QuoteLine[] = [...body.lines]
    .sort((a, b) => a.childId - b.childId || a.sessionId - b.sessionId)
    .map((line) => {
      const kid = kidOf.get(line.childId);
      const session = sessions.get(line.sessionId);
      const price = lineOf(line.childId, line.sessionId);
      return {
        childId: line.childId,
        childName: kid ? `${kid.firstName} ${kid.lastName}` : '',
        sessionId: line.sessionId,
        sessionName: session?.name ?? '',
        placement: placement.get(line.sessionId) ?? 'waitlist',
        listPriceCents: session?.priceCents ?? 0,
        adjustments: price?.adjustments ?? [],
        amountCents: price?.amountCents ?? 0,
      };
    });
  return {
    quote: {
      lines,
      listTotalCents: priced.listTotalCents,
      discountTotalCents: priced.discountTotalCents,
      totalCents: priced.totalCents,
      promoCode: promo?.rule.code ?? null,
      planOffer: planOffer(
        camp.paymentPlan,
        {
          sessionStarts: paid.map((line) => (camp.isYearRound ? null : line.sessionStart)),
          lineAmounts: paid.map((line) => lineOf(line.childId, line.sessionId)?.amountCents ?? 0),
        },
        today,
      ),
    },
    sessions,
    promo,
    planRule: camp.paymentPlan?.onFinalFailure ?? 'keep',
  };
}

/** POST /api/camps/{id}/quote: what the basket would cost now, changing nothing. */
export async function quoteBasket(
  db: Database,
  parentId: number,
  campId: number,
  body: BasketBody | (QuoteBody & { lines: BasketBody['lines'] }),
  now: Date = new Date(),
): Promise<Quote> {
  return (await priceBasketNow(db, parentId, campId, body, now, false)).quote;
}

/**
 * Places a family's basket and charges it once. All or nothing: one transaction locks the
 * sessions (in id order) and the code, prices the basket again, refuses it when the total is not
 * the one the parent was shown (409 PRICE_CHANGED, nothing charged), takes every place and writes
 * every line (its list price, its discounts, what it costs), or puts a full session's lines on
 * its waitlist. Then the card is charged under the payment's key and the places confirmed, as a
 * single registration is (see registerChildren); a decline releases them and the code's use.
 */
export async function registerBasket(
  deps: RegistrationDeps,
  parentId: number,
  campId: number,
  body: BasketBody,
  now: Date = new Date(),
): Promise<RegistrationOutcome> {
  const { db } = deps;
  const key = { idempotencyKey: body.idempotencyKey, lines: body.lines, exact: false };
  const replay = await replayOf(db, parentId, campId, key);
  if (replay) return replay;
  const card = body.paymentMethodId ? await parentCard(db, parentId, body.paymentMethodId) : null;

  let placed: {
    quote: Quote;
    paymentId: number | null;
    terms: ChargeTerms | null;
    chargeCents: number;
    registrationIds: Map<string, number>;
  };
  try {
    placed = await db.transaction(async (tx) => {
      await queryRows(tx, sql`select pg_advisory_xact_lock(${parentId}::int, ${campId}::int)`);
      if (await paymentUnderKey(tx, parentId, body.idempotencyKey)) throw new ReplayedRequest();
      const { quote, sessions, promo, planRule } = await priceBasketNow(
        tx,
        parentId,
        campId,
        body,
        now,
        true,
      );
      await checkFormsComplete(tx, parentId, campId, [...new Set(body.lines.map((line) => line.childId))]);
      if (body.expectedTotalCents !== undefined && body.expectedTotalCents !== quote.totalCents) {
        throw new AppError(409, 'PRICE_CHANGED', messages.priceChanged);
      }
      // A deposit now and the balance in instalments (decision 026), or everything now.
      const plan = body.plan ? choosePlan(quote, body.plan.instalments) : null;
      const chargeCents = plan ? plan.schedule.depositCents : quote.totalCents;
      const places = quote.lines.filter((line) => line.placement === 'place');
      if (places.length > 0 && !card) {
        throw new AppError(400, 'BAD_REQUEST', messages.chooseCard, { paymentMethodId: messages.chooseCard });
      }
      for (const sessionId of [...sessions.keys()].sort((a, b) => a - b)) {
        const count = places.filter((line) => line.sessionId === sessionId).length;
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
        if (!payment) throw new ReplayedRequest();
        paymentId = payment.id;
        if (promo) await recordPromoUse(tx, promo.id, payment.id, parentId);
      }
      const registrationIds = new Map<string, number>();
      for (const line of quote.lines) {
        const session = sessions.get(line.sessionId);
        if (!session) continue;
        const [id] = await insertRegistrations(tx, parentId, session, [{ id: line.childId }], {
          ...(line.placement === 'place' && paymentId !== null
            ? {
                status: 'pending_payment' as const,
                paymentId,
                amountCents: line.amountCents,
                listPriceCents: line.listPriceCents,
                depositCents: depositOf(plan, line),
              }
            : { status: 'waitlisted' as const, waitlistedAt: now }),
        });
        if (id !== undefined) registrationIds.set(`${line.childId}:${line.sessionId}`, id);
        if (line.placement === 'place' && id !== undefined && line.adjustments.length > 0) {
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
      return { quote, paymentId, terms, chargeCents, registrationIds };
    });
  } catch (error) {
    if (error instanceof ReplayedRequest) {
      const again = await replayOf(db, parentId, campId, key);
      if (again) return again;
      throw paymentUnavailable();
    }
    throw error;
  }

  const lines = placed.quote.lines.map((line) => ({
    ...line,
    registrationId: placed.registrationIds.get(`${line.childId}:${line.sessionId}`) ?? 0,
  }));
  if (placed.paymentId === null || !card || !placed.terms) {
    return {
      status: 'waitlisted',
      registrationIds: lines.map((line) => line.registrationId),
      amountCents: 0,
      receiptNumber: null,
      lines,
    };
  }
  const paymentId = placed.paymentId;
  // Discounts can take a basket to nothing: its places are confirmed without a charge.
  let chargeId: string | null = null;
  if (placed.chargeCents > 0) {
    try {
      ({ chargeId } = await deps.payments.chargeCard({
        customerId: card.customerId,
        paymentMethodId: card.paymentMethodId,
        amountCents: placed.chargeCents,
        description: `Camp basket: ${lines.filter((line) => line.placement === 'place').length} places`,
        idempotencyKey: chargeKey({ id: paymentId, idempotencyKey: body.idempotencyKey }),
        destination: chargeDestination(placed.terms),
      }));
    } catch (error) {
      if (error instanceof PaymentDeclinedError) {
        await failPayment(db, paymentId, error.message, now);
        throw error;
      }
      throw paymentUnavailable();
    }
  }
  const settled = await settlePaidPayment(deps, paymentId, chargeId, now);
  if (!settled) throw conflict(messages.paymentNotCompleted);
  return {
    status: 'confirmed',
    registrationIds: lines.map((line) => line.registrationId),
    amountCents: placed.chargeCents,
    receiptNumber: receiptNumber(paymentId),
    lines,
  };
}
