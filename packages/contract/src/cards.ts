import { z } from 'zod';
import { messages } from './messages.ts';

/** The Luhn check digit test every real card number passes. */
export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cardDigits(number: string): string {
  return number.replace(/[\s-]/g, '');
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'card';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^6(011|5)/.test(digits)) return 'discover';
  return 'card';
}

/** The last day of the expiry month has not passed (cards are valid through their month). */
export function isExpired(month: number, year: number, today: Date = new Date()): boolean {
  const currentYear = today.getUTCFullYear();
  const currentMonth = today.getUTCMonth() + 1;
  return year < currentYear || (year === currentYear && month < currentMonth);
}

const required = z
  .string({ error: messages.allCardFieldsRequired })
  .trim()
  .min(1, messages.allCardFieldsRequired);

/**
 * Card details as typed into a checkout or the New Card dialog (the spec names the expiry
 * month `expDate`, labelled Exp Day). Checked on both sides; only
 * the payment processor ever keeps the number, and nobody keeps the CVC.
 */
export const cardDetailsSchema = z
  .object({
    firstName: required.max(100),
    lastName: required.max(100),
    cardNumber: required
      .transform(cardDigits)
      .refine((digits) => /^\d{12,19}$/.test(digits) && passesLuhn(digits), messages.cardNumberInvalid),
    expDate: required.regex(/^(0?[1-9]|1[0-2])$/, messages.cardExpiryInvalid).transform(Number),
    expYear: required
      .regex(/^(\d{2}|\d{4})$/, messages.cardExpiryInvalid)
      .transform((year) => (year.length === 2 ? 2000 + Number(year) : Number(year))),
    cvc: required.regex(/^\d{3,4}$/, messages.cardCvcInvalid),
  })
  .refine((card) => !isExpired(card.expDate, card.expYear), {
    message: messages.cardExpired,
    path: ['expYear'],
  });
export type CardDetailsInput = z.input<typeof cardDetailsSchema>;
export type CardDetails = z.output<typeof cardDetailsSchema>;

/**
 * With Stripe the browser confirms a SetupIntent in Stripe's own card field and sends only its
 * id with the holder's name, so the number never reaches our server.
 */
export const setupIntentCardSchema = z.object({
  firstName: required.max(100),
  lastName: required.max(100),
  setupIntentId: z
    .string({ error: messages.cardUseSecureField })
    .regex(/^seti_[A-Za-z0-9]{1,200}$/, messages.cardUseSecureField),
});
export type SetupIntentCardInput = z.input<typeof setupIntentCardSchema>;

/** A card to save, as POST /camper/cards takes it: a SetupIntent (Stripe) or typed details. */
export type NewCard =
  | { kind: 'details'; card: CardDetails }
  | { kind: 'setup-intent'; setupIntentId: string; firstName: string; lastName: string };

/**
 * The New Card body. A body naming a `setupIntentId` is read as Stripe's; any other as typed
 * details, so every problem is reported on its own field with its own message.
 */
export const newCardBody = z.looseObject({}).transform((body, ctx): NewCard => {
  const setupIntent = 'setupIntentId' in body;
  const parsed = setupIntent ? setupIntentCardSchema.safeParse(body) : cardDetailsSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
    return z.NEVER;
  }
  return 'setupIntentId' in parsed.data
    ? { kind: 'setup-intent', ...parsed.data }
    : { kind: 'details', card: parsed.data };
});

/** A saved card as its owner sees it: never more of the number than the last four digits. */
export const savedCardSchema = z.object({
  id: z.number().int(),
  brand: z.string(),
  last4: z.string(),
  expMonth: z.number().int(),
  expYear: z.number().int(),
  holderName: z.string(),
  isExpired: z.boolean(),
  createdAt: z.string(),
});
export type SavedCard = z.infer<typeof savedCardSchema>;

export const savedCardResponse = z.object({ data: savedCardSchema });
export const savedCardListResponse = z.object({ data: z.array(savedCardSchema) });

/** Stripe's SetupIntent secret for its card field; null when cards are typed into our form. */
export const cardSetupResponse = z.object({ data: z.object({ clientSecret: z.string().nullable() }) });

const brandNames: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A brand as people write it ('card' and unknown brands read as Card). */
export function brandName(brand: string): string {
  return brandNames[brand] ?? 'Card';
}
