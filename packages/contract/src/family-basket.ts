import { z } from 'zod';
import { basketLinesField, promoCodeField } from './baskets.ts';
import { healthReviewsField } from './health-profiles.ts';
import { messages } from './messages.ts';
import { MAX_CHILDREN_PER_REGISTRATION, registrationOutcomeSchema } from './registrations.ts';
import { MAX_ID } from './row-ids.ts';
import { campSessionSchema, sessionsOverlap } from './sessions.ts';

/** How many sessions a family basket holds (decision 069). */
export const MAX_BASKET_SESSIONS = 20;
/** How many camps one checkout pays for. */
export const MAX_CHECKOUT_CAMPS = 10;

const id = z.number().int().positive().max(MAX_ID);

/** A session in the family basket, with the children chosen for it and what it costs now. */
export const basketSessionSchema = campSessionSchema
  .pick({
    startDate: true,
    endDate: true,
    startTime: true,
    endTime: true,
    weekdays: true,
    priceCents: true,
    spotsLeft: true,
    allowsWaitlist: true,
  })
  .extend({
    sessionId: z.number().int(),
    sessionName: z.string(),
    /** What it cost when it was put in the basket (`priceCents` is its price now). */
    seenPriceCents: z.number().int(),
    /** Still scheduled and its camp still listed. */
    bookable: z.boolean(),
    childIds: z.array(z.number().int()),
  });
export type BasketSession = z.infer<typeof basketSessionSchema>;

/** The basket's sessions of one camp: the camp's own prices, discounts, codes and forms apply. */
export const basketCampSchema = z.object({
  campId: z.number().int(),
  campName: z.string(),
  orgName: z.string(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  isVirtual: z.boolean(),
  sessions: z.array(basketSessionSchema),
});
export type BasketCamp = z.infer<typeof basketCampSchema>;

export const familyBasketSchema = z.object({
  /** In the order their first session was added. */
  camps: z.array(basketCampSchema),
  sessionCount: z.number().int(),
});
export type FamilyBasket = z.infer<typeof familyBasketSchema>;
export const familyBasketResponse = z.object({ data: familyBasketSchema });

/** What a parent is told of a basket session before Pay: it changed since it was added. */
export type BasketFlag =
  | { kind: 'closed' }
  | { kind: 'full'; waitlist: boolean }
  | { kind: 'price'; fromCents: number; toCents: number };

/** What changed about a session since it went in the basket, for the children chosen for it. */
export function basketFlags(session: BasketSession): BasketFlag[] {
  if (!session.bookable) return [{ kind: 'closed' }];
  const flags: BasketFlag[] = [];
  if (session.childIds.length > 0 && session.spotsLeft < session.childIds.length) {
    flags.push({ kind: 'full', waitlist: session.allowsWaitlist });
  }
  if (session.priceCents !== session.seenPriceCents) {
    flags.push({ kind: 'price', fromCents: session.seenPriceCents, toCents: session.priceCents });
  }
  return flags;
}

type Span = Parameters<typeof sessionsOverlap>[0];

/** A child chosen for two sessions that meet at the same time (at any camps). */
export interface Clash<S> {
  childId: number;
  first: S;
  second: S;
}

/**
 * Every pair of sessions one child is chosen for that meet at the same time. Each camp's own
 * checkout refuses such a pair within the camp; across camps only the basket sees both.
 */
export function clashesOf<S extends Span & { sessionId: number }>(
  lines: readonly { childId: number; session: S }[],
): Clash<S>[] {
  const clashes: Clash<S>[] = [];
  lines.forEach((line, index) => {
    for (const other of lines.slice(index + 1)) {
      if (
        other.childId === line.childId &&
        other.session.sessionId !== line.session.sessionId &&
        sessionsOverlap(line.session, other.session)
      ) {
        clashes.push({ childId: line.childId, first: line.session, second: other.session });
      }
    }
  });
  return clashes;
}

/** The basket's clashes: its bookable sessions' chosen children. */
export function basketClashes(basket: FamilyBasket): Clash<BasketSession>[] {
  return clashesOf(
    basket.camps.flatMap((camp) =>
      camp.sessions
        .filter((session) => session.bookable)
        .flatMap((session) => session.childIds.map((childId) => ({ childId, session }))),
    ),
  );
}

/** PUT /camper/basket/sessions/{id}: the session in the basket, for these children (none yet: []). */
export const basketChildrenBody = z
  .object({
    childIds: z
      .array(id, { error: messages.chooseCampers })
      .max(MAX_CHILDREN_PER_REGISTRATION, messages.tooManyCampers)
      .refine((ids) => new Set(ids).size === ids.length, messages.chooseCampers),
  })
  .strict();
export type BasketChildrenBody = z.infer<typeof basketChildrenBody>;

/** One camp's part of a checkout: its lines, its code, and the total the parent was shown for it. */
export const checkoutCampSchema = z
  .object({
    campId: id,
    lines: basketLinesField,
    promoCode: promoCodeField.optional(),
    expectedTotalCents: z.number().int().min(0),
  })
  .strict();

/**
 * POST /camper/basket/checkout: the basket's camps paid with one press of Pay (decision 069).
 * Each camp is priced by its own rules and charged to its own organisation; the key makes a
 * retry answer the first attempt, camp by camp.
 */
export const basketCheckoutBody = z
  .object({
    camps: z
      .array(checkoutCampSchema, { error: messages.chooseCampers })
      .min(1, messages.chooseCampers)
      .max(MAX_CHECKOUT_CAMPS, messages.basketCampsTooMany)
      .refine(
        (camps) => new Set(camps.map((camp) => camp.campId)).size === camps.length,
        messages.basketCampsRepeated,
      ),
    paymentMethodId: id.optional(),
    healthReviews: healthReviewsField.optional(),
    idempotencyKey: z
      .string()
      .trim()
      .min(8)
      .max(80)
      .regex(/^[\w-]+$/, messages.invalidInput),
  })
  .strict();
export type BasketCheckoutBody = z.infer<typeof basketCheckoutBody>;

/** One camp's result: its places (and receipt), or why it could not be booked. */
export const checkoutResultSchema = z.object({
  campId: z.number().int(),
  campName: z.string(),
  outcome: registrationOutcomeSchema.nullable(),
  error: z.string().nullable(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;
export const basketCheckoutResponse = z.object({
  data: z.object({ results: z.array(checkoutResultSchema) }),
});
export type BasketCheckout = z.infer<typeof basketCheckoutResponse>['data'];
