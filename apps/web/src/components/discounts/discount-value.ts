import { messages } from '@campwise/contract/messages';
import { dollarsToCents } from '@campwise/contract/sessions';
import type { DiscountKind } from './discount-text.ts';

/** Said beside a dollar amount that is not one. */
export const amountInvalid = 'Enter an amount in dollars, like 10 or 12.50.';

export type DiscountValue = { value: number } | { problem: string };

/**
 * A discount's value as typed, as the contract takes it: a whole percent, or dollars turned into
 * cents. A value that is not a number says what to type; the contract checks the rest (1–100).
 */
export function discountValueOf(kind: DiscountKind, text: string): DiscountValue {
  const trimmed = text.trim().replace(/^\$/, '').replace(/%$/, '');
  if (kind === 'percent') {
    return /^\d{1,6}$/.test(trimmed)
      ? { value: Number(trimmed) }
      : { problem: messages.discountValueInvalid };
  }
  const cents = dollarsToCents(trimmed);
  return cents === null || cents === 0 ? { problem: amountInvalid } : { value: cents };
}
