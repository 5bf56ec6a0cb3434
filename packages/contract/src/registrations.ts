import { z } from 'zod';
import { adjustmentKindSchema, basketLinesField, promoCodeField, quoteLineSchema } from './baskets.ts';
import { bookedViaField } from './booking-widget.ts';
import { rosterEntryFormsSchema, rosterFormsSchema } from './camp-forms.ts';
import { GENDERS, SHIRT_SIZES } from './children.ts';
import { healthReviewsField, rosterHealthSchema } from './health-profiles.ts';
import { messages } from './messages.ts';
import { placePlanSchema, planChoiceField } from './payment-plans.ts';
import { refundPolicySchema } from './refund-policy-schema.ts';
import { campSessionSchema, sessionStatusSchema } from './sessions.ts';

export const MAX_CHILDREN_PER_REGISTRATION = 10;

export const registrationStatusSchema = z.enum([
  'pending_payment',
  'confirmed',
  'waitlisted',
  'offered',
  'cancelled',
  'offer_expired',
  'payment_failed',
]);
export type RegistrationStatus = z.infer<typeof registrationStatusSchema>;

/** What a parent or host reads for each status. */
export const registrationStatusLabels: Record<RegistrationStatus, string> = {
  pending_payment: 'Payment processing',
  confirmed: 'Confirmed',
  waitlisted: 'On the waitlist',
  offered: 'Spot offered',
  cancelled: 'Cancelled',
  offer_expired: 'Offer expired',
  payment_failed: 'Payment failed',
};

/**
 * POST /api/camps/{id}/registrations. The amount is never sent: the server prices the places
 * (children for one session, or a basket's lines) with the camp's discounts and the code, and
 * charges that. The idempotency key (one per attempt in the browser) makes a double click,
 * a retry or a second tab register and charge once.
 */
export const registerBody = z
  .object({
    childIds: z
      .array(z.number().int().positive(), { error: messages.chooseCampers })
      .min(1, messages.chooseCampers)
      .max(MAX_CHILDREN_PER_REGISTRATION, messages.tooManyCampers)
      .refine((ids) => new Set(ids).size === ids.length, messages.chooseCampers)
      .optional(),
    /** A family's basket: children × sessions, priced together and paid once (instead of childIds). */
    lines: basketLinesField.optional(),
    promoCode: promoCodeField.optional(),
    /** The total the parent was shown; a different one now answers 409 PRICE_CHANGED, charging nothing. */
    expectedTotalCents: z.number().int().min(0).optional(),
    /** The session to book; may be left out for a camp with one session. */
    sessionId: z.number().int().positive().optional(),
    /** The id of one of the parent's saved cards (GET /camper/cards). Not needed to join a waitlist. */
    paymentMethodId: z.number().int().positive().optional(),
    /** Pay a deposit now and the balance in this many instalments (docs/decisions/026); absent: in full. */
    plan: planChoiceField.optional(),
    /** The health profile version the parent confirmed as still correct, per child (decision 028). */
    healthReviews: healthReviewsField.optional(),
    /** Set when the family came from the host's booking widget (decision 075), for the host's insights. */
    bookedVia: bookedViaField.optional(),
    idempotencyKey: z
      .string()
      .trim()
      .min(8)
      .max(100)
      .regex(/^[\w-]+$/, messages.invalidInput),
  })
  .strict()
  .refine((body) => (body.childIds === undefined) !== (body.lines === undefined), {
    message: messages.chooseCampers,
    path: ['childIds'],
  })
  // A deposit is chosen for a basket (`lines`), the checkout every page sends.
  .refine((body) => body.plan === undefined || body.lines !== undefined, {
    message: messages.planNotOffered,
    path: ['plan'],
  });
export type RegisterBody = z.infer<typeof registerBody>;

/**
 * The number a parent quotes about a payment: on the confirmation, in the receipt e-mail and to
 * support. Made from the payment's id, so it is unique and never changes.
 */
export function receiptNumber(paymentId: number): string {
  return `CW-${String(paymentId).padStart(6, '0')}`;
}

/** The payment a receipt number was made from (its receipt's address); null for anything else. */
export function receiptPaymentId(number: string): number | null {
  const digits = /^CW-(\d{6,})$/.exec(number)?.[1];
  return digits ? Number(digits) : null;
}

export const registrationOutcomeSchema = z.object({
  /** confirmed: paid and registered; waitlisted: the camp is full, no charge. */
  status: z.enum(['confirmed', 'waitlisted']),
  registrationIds: z.array(z.number().int()),
  amountCents: z.number().int(),
  /** The payment's receipt number; null for a waitlist place, which costs nothing. */
  receiptNumber: z.string().nullable(),
  /** A basket's outcome line by line: a place (with what it cost) or a waitlist place. */
  lines: z.array(quoteLineSchema.extend({ registrationId: z.number().int() })).optional(),
});
export const registerResponse = z.object({ data: registrationOutcomeSchema });
export type RegistrationOutcome = z.infer<typeof registrationOutcomeSchema>;

/** A child as the registration page shows it: can it be registered for this camp, and why not. */
export const eligibleChildSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  /** Age on the camp's first day (today for year-round camps and camps already running). */
  ageAtStart: z.number().int(),
  eligible: z.boolean(),
  /** Why the child cannot be chosen, in the parent's words; null when eligible. */
  reason: z.string().nullable(),
  /** A spot held for this child from the waitlist, until this time (ISO), or null. */
  offerExpiresAt: z.string().nullable(),
});
export const registrationOptionsResponse = z.object({
  data: z.object({
    campId: z.number().int(),
    campName: z.string(),
    /** The session the choices are for (the one asked for, or the camp's first). */
    sessionId: z.number().int(),
    /** Every scheduled session of the camp, to choose from. */
    sessions: z.array(campSessionSchema),
    /** The chosen session's price, places left and waitlist. */
    costCents: z.number().int(),
    spotsLeft: z.number().int(),
    allowsWaitlist: z.boolean(),
    children: z.array(eligibleChildSchema),
    /** The camp's refund policy, shown before paying; each place keeps the one it was bought under. */
    refundPolicy: refundPolicySchema,
  }),
});
export type RegistrationOptions = z.infer<typeof registrationOptionsResponse>['data'];
export type EligibleChild = z.infer<typeof eligibleChildSchema>;

/** A registration on the parent's side (My Registrations, the child page). */
/** A place's event on Google Calendar's and Outlook.com's "new event" pages. */
export const calendarLinksSchema = z.object({ google: z.string(), outlook: z.string() });
export type CalendarLinks = z.infer<typeof calendarLinksSchema>;

export const parentRegistrationSchema = z.object({
  id: z.number().int(),
  campId: z.number().int(),
  campName: z.string(),
  sessionId: z.number().int(),
  sessionName: z.string(),
  orgName: z.string(),
  childId: z.number().int(),
  childName: z.string(),
  status: registrationStatusSchema,
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** The days of the week the session meets (0 is Sunday), or null for every day of its dates. */
  weekdays: z.array(z.number().int()).nullable(),
  isYearRound: z.boolean(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  /** The session's price when the place was bought, and what each discount took off it. */
  listPriceCents: z.number().int(),
  adjustments: z.array(z.object({ kind: adjustmentKindSchema, amountCents: z.number().int() })),
  /** Place in the waitlist (1 = next), for waitlisted registrations. */
  waitlistPosition: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Upcoming: the camp has not ended (or is year-round). */
  upcoming: z.boolean(),
  canCancel: z.boolean(),
  /** The refund policy the place was bought under. */
  refundPolicy: refundPolicySchema,
  /** What cancelling now gives back under that policy; null when it cannot be cancelled or holds no payment. */
  cancelRefundCents: z.number().int().nullable(),
  /** A paid place in a session not yet started, of a camp with other sessions: it can be moved. */
  canTransfer: z.boolean(),
  /** The camp's questions and waivers (decision 029): none, all done, or something to answer or sign. */
  forms: z.enum(['none', 'done', 'needed']),
  /** A place paid by a deposit and instalments: what is paid, what is due and when. */
  plan: placePlanSchema.nullable(),
  /** To add the place to a calendar app; null for a place without dates or no longer held. */
  calendarLinks: calendarLinksSchema.nullable(),
});
export type ParentRegistration = z.infer<typeof parentRegistrationSchema>;
export const parentRegistrationListResponse = z.object({ data: z.array(parentRegistrationSchema) });
export const registrationListQuery = z.object({ childId: z.coerce.number().int().positive().optional() });
/** `?session=` picks a session of the camp (registration options, roster). */
export const sessionQuery = z.object({ session: z.coerce.number().int().positive().optional() });

export const cancelRegistrationResponse = z.object({
  data: z.object({
    id: z.number().int(),
    status: registrationStatusSchema,
    refundedCents: z.number().int(),
  }),
});

/** One day of a child at camp (decision 030): when they came, left, and who collected them. */
export const attendanceDaySchema = z.object({
  day: z.string(),
  checkedInAt: z.string().nullable(),
  checkedOutAt: z.string().nullable(),
  collectedBy: z.string().nullable(),
});
export type AttendanceDay = z.infer<typeof attendanceDaySchema>;

/** A row of a host's camp roster. Medical notes are shown only to hosts of the child's camp. */
export const rosterEntrySchema = z.object({
  registrationId: z.number().int(),
  status: registrationStatusSchema,
  sessionId: z.number().int(),
  sessionName: z.string(),
  childFirstName: z.string(),
  childLastName: z.string(),
  age: z.number().int(),
  gender: z.enum(GENDERS).nullable(),
  shirtSize: z.enum(SHIRT_SIZES),
  medical: z.string().nullable(),
  /** The health profile stored with the place; null when this host may not read it (decision 028). */
  health: rosterHealthSchema.nullable(),
  parentName: z.string(),
  parentPhone: z.string().nullable(),
  parentEmail: z.string(),
  amountCents: z.number().int(),
  refundedCents: z.number().int(),
  registeredAt: z.string(),
  waitlistPosition: z.number().int().nullable(),
  offerExpiresAt: z.string().nullable(),
  /** A paid place in a session not yet over, of a camp with other sessions: the host can move it. */
  canTransfer: z.boolean(),
  /** Days checked in, oldest first (a confirmed place's; empty otherwise). */
  attendance: z.array(attendanceDaySchema),
  /** The camp's questions answered and waivers signed (decision 029). */
  forms: rosterEntryFormsSchema,
});
export type RosterEntry = z.infer<typeof rosterEntrySchema>;
export const rosterResponse = z.object({
  data: z.object({
    campId: z.number().int(),
    campName: z.string(),
    orgId: z.number().int(),
    /** The session shown, or null for the whole camp (its scheduled sessions). */
    sessionId: z.number().int().nullable(),
    /** Every session of the camp, to switch between. */
    sessions: z.array(z.object({ id: z.number().int(), name: z.string(), status: sessionStatusSchema })),
    capacity: z.number().int(),
    spotsLeft: z.number().int(),
    /** The camp's questions and waivers, the roster's extra columns. */
    forms: rosterFormsSchema,
    /** Confirmed, being paid, and holding an offer, in registration order. */
    registered: z.array(rosterEntrySchema),
    /** Waiting, first in line first. */
    waitlist: z.array(rosterEntrySchema),
  }),
});
export type Roster = z.infer<typeof rosterResponse>['data'];
