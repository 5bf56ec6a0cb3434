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
