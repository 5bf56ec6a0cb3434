import { NO_DISCOUNTS, type Quote, type QuoteBody, type QuoteLine } from '@campwise/contract/baskets';
import { campDay } from '@campwise/contract/camp-clock';
import { ACTIVE_PLACE_STATUSES } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import { type FinalFailureRule, planOffer } from '@campwise/contract/payment-plans';
import type { RegisterBody } from '@campwise/contract/registrations';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, children, registrations } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { type SessionRow, sessionColumns } from '../../shared/session-reads.ts';
import {
  type AppliedPromo,
  type BasketLine,
  campDiscounts,
  discountRules,
  priceBasket,
  promoForBasket,
} from '../discounts/index.ts';
import { eligibility } from './lifecycle.ts';
import { lockSessions } from './places.ts';
import { checkNoOverlappingPlace, checkOpenForNewPlaces, listedCamp } from './service.ts';

export type BasketBody = RegisterBody & { lines: NonNullable<RegisterBody['lines']> };

/**
 * How a request was put, for the few answers that differ: a basket's lines (the checkout every
 * page sends), or the spec's children for one session (registerChildren), a one-line basket.
 */
export type Asked = 'basket' | 'children';

/** A line's key in the maps below: its child and session. */
export const lineKey = (line: { childId: number; sessionId: number }) => `${line.childId}:${line.sessionId}`;

export interface PricedBasket {
  quote: Quote;
  campName: string;
  sessions: Map<number, SessionRow>;
  /** The lines paying for a spot held from the waitlist: their offered registration, by lineKey. */
  offers: Map<string, number>;
  promo: AppliedPromo | null;
  /** What happens to a plan's places when its last attempt fails (decision 026). */
  planRule: FinalFailureRule;
}

/**
 * Prices a family's basket as it stands: every line's child and session checked (the parent's
 * child, a scheduled session of this camp, open for new places, the right age, not already
 * there), each session's lines placed together (a place while enough are left and nobody waits,
 * else a waitlist place where the session has one), and the places priced with the camp's
 * discounts and the code. A line whose child holds an unexpired offer from the session's
 * waitlist pays for that spot: it is a place that needs no spot, open window or not (an expired
 * offer is refused), and a session's new places that do not fit beside it are refused rather
 * than waitlisted. Changes nothing; inside a transaction with `lock`, the sessions and the code
 * are locked first, so what it answers is what the transaction can do.
 */
export async function priceBasketNow(
  db: Database,
  parentId: number,
  campId: number,
  body: QuoteBody & { lines: BasketBody['lines'] },
  now: Date,
  { lock, asked = 'basket' }: { lock: boolean; asked?: Asked },
): Promise<PricedBasket> {
  const camp = await listedCamp(db, campId);
  const today = campDay(now, camp.timeZone);
  const sessionIds = [...new Set(body.lines.map((line) => line.sessionId))].sort((a, b) => a - b);
  if (lock) await lockSessions(db, sessionIds);
  const sessionRows = await db
    .select({
      ...sessionColumns,
      // New families do not jump the waitlist.
      someoneWaits: sql<boolean>`exists (select 1 from registrations r
        where r.session_id = camp_sessions.id and r.status = 'waitlisted')`,
    })
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

  // The parent's children, each with the places it holds at these sessions.
  const childIds = [...new Set(body.lines.map((line) => line.childId))];
  const rows = await db
    .select({
      id: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      birthday: children.birthday,
      registrationId: registrations.id,
      sessionId: registrations.sessionId,
      status: registrations.status,
      offerExpiresAt: registrations.offerExpiresAt,
    })
    .from(children)
    .leftJoin(
      registrations,
      and(
        eq(registrations.childId, children.id),
        inArray(registrations.sessionId, sessionIds),
        inArray(registrations.status, [...ACTIVE_PLACE_STATUSES]),
      ),
    )
    .where(and(eq(children.parentId, parentId), inArray(children.id, childIds)));
  const kidOf = new Map(
    rows.map(({ id, firstName, lastName, birthday }) => [id, { id, firstName, lastName, birthday }]),
  );
  if (kidOf.size !== childIds.length) throw notFound(messages.childNotFound);
  const held = rows.flatMap(({ id, registrationId, sessionId, status, offerExpiresAt }) =>
    registrationId !== null && sessionId !== null && status !== null
      ? [{ id: registrationId, childId: id, sessionId, status, offerExpiresAt }]
      : [],
  );

  const offers = new Map<string, number>();
  for (const line of body.lines) {
    const kid = kidOf.get(line.childId);
    const session = sessions.get(line.sessionId);
    if (!kid || !session) throw notFound(messages.childNotFound);
    const dates = { startDate: session.startDate, endDate: session.endDate, isYearRound: camp.isYearRound };
    const current = held.find((row) => row.childId === kid.id && row.sessionId === session.id) ?? null;
    // A spot held from the waitlist is paid for as it stands: it is no new place.
    if (current?.status !== 'offered') {
      checkOpenForNewPlaces({ ...dates, session, timeZone: camp.timeZone }, today, now);
    }
    const { reason } = eligibility(
      kid,
      { ...dates, minAge: camp.minAge, maxAge: camp.maxAge },
      today,
      current?.status ?? null,
    );
    if (reason) {
      throw conflict(
        messages.childNotEligible.replace('{name}', kid.firstName).replace('{reason}', reason.toLowerCase()),
      );
    }
    if (current?.status === 'offered') {
      // Past its time, an offer is no longer held, even before the waitlist job marks it expired.
      if (!current.offerExpiresAt || current.offerExpiresAt <= now) throw conflict(messages.offerExpired);
      offers.set(lineKey(line), current.id);
    }
  }

  const placement = new Map<number, 'place' | 'waitlist'>();
  for (const session of sessions.values()) {
    const lines = body.lines.filter((line) => line.sessionId === session.id);
    const wanted = lines.filter((line) => !offers.has(lineKey(line))).length;
    const fits = wanted === 0 || (session.capacity - session.spotsTaken >= wanted && !session.someoneWaits);
    // A held spot is paid for, not traded for a waitlist place alongside a brother or sister.
    if (!fits && wanted < lines.length) throw conflict(messages.payHeldSpotsFirst);
    if (!fits && !session.allowsWaitlist) {
      throw conflict(
        asked === 'children'
          ? messages.campFull
          : messages.sessionFullNoWaitlist.replace('{session}', session.name),
      );
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
    // A basket all on waitlists costs nothing, whatever the discounts.
    discountRules(paid.length > 0 ? await campDiscounts(db, campId) : NO_DISCOUNTS),
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
    campName: camp.name,
    sessions,
    offers,
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
  return (await priceBasketNow(db, parentId, campId, body, now, { lock: false })).quote;
}
