import type { Quote } from '@campwise/contract/baskets';
import { moneyFormatFor } from '@campwise/contract/format';

/**
 * The money format of a checkout: its lines, their list prices and discounts, its totals and a
 * deposit, all to the same precision (cents on every amount when one has them).
 */
export function quoteMoney(quote: Quote): (cents: number) => string {
  return moneyFormatFor([
    quote.listTotalCents,
    quote.discountTotalCents,
    quote.totalCents,
    ...quote.lines.flatMap((line) => [
      line.amountCents,
      line.listPriceCents,
      ...line.adjustments.map((adjustment) => adjustment.amountCents),
    ]),
    ...(quote.planOffer ? [quote.planOffer.depositPerPlaceCents] : []),
  ]);
}
