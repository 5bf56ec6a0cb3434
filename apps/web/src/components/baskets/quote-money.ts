import type { Quote } from '@campwise/contract/baskets';
import { moneyFormatFor } from '@campwise/contract/format';

/** Every amount a checkout shows of a quote: its lines, list prices, discounts, totals and deposit. */
function quoteAmounts(quote: Quote): number[] {
  return [
    quote.listTotalCents,
    quote.discountTotalCents,
    quote.totalCents,
    ...quote.lines.flatMap((line) => [
      line.amountCents,
      line.listPriceCents,
      ...line.adjustments.map((adjustment) => adjustment.amountCents),
    ]),
    ...(quote.planOffer ? [quote.planOffer.depositPerPlaceCents] : []),
  ];
}

/**
 * The money format of a checkout: every amount of its quotes (one camp's, or each camp's in the
 * family basket) to the same precision, cents on every amount when one has them.
 */
export function quoteMoney(...quotes: Quote[]): (cents: number) => string {
  return moneyFormatFor(quotes.flatMap(quoteAmounts));
}
