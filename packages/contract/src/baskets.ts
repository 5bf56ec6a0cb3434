import { z } from 'zod';
import { dateField } from './dates.ts';
import { messages } from './messages.ts';
import { planOfferSchema } from './payment-plans.ts';
import { MAX_ID } from './row-ids.ts';

/** A family's checkout holds at most this many child × session lines. */
export const MAX_BASKET_LINES = 20;
export const PROMO_CODE_MAX = 40;

const id = z.number().int().positive().max(MAX_ID);

/** One child in one session of the camp. */
export const basketLineSchema = z.object({ childId: id, sessionId: id }).strict();
export type BasketLineInput = z.infer<typeof basketLineSchema>;

export const basketLinesField = z
  .array(basketLineSchema, { error: messages.chooseCampers })
  .min(1, messages.chooseCampers)
  .max(MAX_BASKET_LINES, messages.basketTooLarge)
  .refine(
    (lines) => new Set(lines.map((line) => `${line.childId}:${line.sessionId}`)).size === lines.length,
    messages.chooseCampers,
  );

/** A promo code as typed: letters, digits and dashes, compared without regard to case. */
export const promoCodeField = z
  .string()
  .trim()
  .max(PROMO_CODE_MAX, messages.promoCodeInvalid)
  .regex(/^[A-Za-z0-9-]*$/, messages.promoCodeInvalid)
  .transform((code) => code.toUpperCase());

/** POST /api/camps/{id}/quote: what the basket costs, line by line, before paying. */
export const quoteBody = z.object({ lines: basketLinesField, promoCode: promoCodeField.optional() }).strict();
export type QuoteBody = z.input<typeof quoteBody>;

export const adjustmentKindSchema = z.enum(['early_bird', 'multi_session', 'sibling', 'promo_code']);
export type AdjustmentKindName = z.infer<typeof adjustmentKindSchema>;
export const adjustmentLabels: Record<AdjustmentKindName, string> = {
  early_bird: 'Early-bird discount',
  multi_session: 'Multi-week discount',
  sibling: 'Sibling discount',
  promo_code: 'Promo code',
};

export const quoteLineSchema = z.object({
  childId: z.number().int(),
  childName: z.string(),
  sessionId: z.number().int(),
  sessionName: z.string(),
  /** A place now, or a waitlist place (free, no discount) when the session is full. */
  placement: z.enum(['place', 'waitlist']),
  listPriceCents: z.number().int(),
  adjustments: z.array(z.object({ kind: adjustmentKindSchema, amountCents: z.number().int() })),
  amountCents: z.number().int(),
});
export type QuoteLine = z.infer<typeof quoteLineSchema>;

export const quoteSchema = z.object({
  lines: z.array(quoteLineSchema),
  listTotalCents: z.number().int(),
  discountTotalCents: z.number().int(),
  totalCents: z.number().int(),
  /** The code as applied (upper case), or null when none was given. */
  promoCode: z.string().nullable(),
  /** A deposit and instalments the parent may choose instead of paying in full (null: none). */
  planOffer: planOfferSchema.nullable(),
});
export type Quote = z.infer<typeof quoteSchema>;
export const quoteResponse = z.object({ data: quoteSchema });

// ---------------------------------------------------------------------------------------------
// What a host sets per camp.

const discountValueFields = {
  kind: z.enum(['percent', 'amount']),
  /** A whole percent (1–100), or an amount in cents. */
  value: z
    .number({ error: messages.discountValueInvalid })
    .int(messages.discountValueInvalid)
    .min(1, messages.discountValueInvalid),
};
const percentAtMost100 = (discount: { kind: string; value: number }) =>
  discount.kind === 'amount' || discount.value <= 100;
const discountValue = z
  .object(discountValueFields)
  .refine(percentAtMost100, { message: messages.discountPercentTooHigh, path: ['value'] });

export const campDiscountsSchema = z
  .object({
    earlyBird: z
      .object({ ...discountValueFields, until: dateField })
      .refine(percentAtMost100, { message: messages.discountPercentTooHigh, path: ['value'] })
      .nullable(),
    sibling: discountValue.nullable(),
    multiSession: z
      .object({
        ...discountValueFields,
        fromSession: z.number().int().min(2, messages.multiSessionFrom).max(10, messages.multiSessionFrom),
      })
      .refine(percentAtMost100, { message: messages.discountPercentTooHigh, path: ['value'] })
      .nullable(),
  })
  .strict();
export type CampDiscounts = z.infer<typeof campDiscountsSchema>;
export const NO_DISCOUNTS: CampDiscounts = { earlyBird: null, sibling: null, multiSession: null };
export const campDiscountsResponse = z.object({ data: campDiscountsSchema });

export const promoCodeBody = z
  .object({
    code: promoCodeField.pipe(z.string().min(3, messages.promoCodeTooShort)),
    kind: discountValueFields.kind,
    value: discountValueFields.value,
    validFrom: dateField.nullable().optional(),
    validTo: dateField.nullable().optional(),
    maxUses: z.number().int().min(1).max(100_000).nullable().optional(),
    maxUsesPerFamily: z.number().int().min(1).max(1000).nullable().optional(),
  })
  .strict()
  .refine(percentAtMost100, { message: messages.discountPercentTooHigh, path: ['value'] })
  .refine((body) => !body.validFrom || !body.validTo || body.validFrom <= body.validTo, {
    message: messages.endBeforeStart,
    path: ['validTo'],
  });
export type PromoCodeBody = z.input<typeof promoCodeBody>;

export const promoCodeSchema = z.object({
  id: z.number().int(),
  campId: z.number().int(),
  code: z.string(),
  kind: z.enum(['percent', 'amount']),
  value: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerFamily: z.number().int().nullable(),
  uses: z.number().int(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;
export const promoCodeListResponse = z.object({ data: z.array(promoCodeSchema) });
export const promoCodeResponse = z.object({ data: promoCodeSchema });
