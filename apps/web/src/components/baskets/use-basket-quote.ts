import type { BasketLineInput, Quote } from '@campwise/contract/baskets';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect } from 'react';
import { type QuoteRequest, sortedLines, useQuote } from '../../api/baskets.ts';
import { isPromoRefusal, type PromoCodeState } from './use-promo-code.ts';

/** How long the choice must rest before it is priced: a few quick ticks ask once. */
const QUOTE_DELAY_MS = 250;

export interface BasketQuote {
  /** The price on screen (possibly of the previous choice while a new one loads), or null. */
  quote: Quote | null;
  /** The price on screen is the one of the basket as it is now: Pay may send its total. */
  current: boolean;
  /** A price is being worked out. */
  pricing: boolean;
  /** The server refused to price the basket (a code's refusal is said beside the code instead). */
  error: Error | null;
  retry: () => void;
  /** What is asked for, or null when there is nothing to price. */
  request: QuoteRequest | null;
}

/**
 * Asks the server the price of the basket whenever its lines or its code change (a moment after
 * the last change). An applied code the server now refuses is dropped, and why is said.
 */
export function useBasketQuote(
  campId: number,
  lines: BasketLineInput[] | null,
  promo: PromoCodeState,
): BasketQuote {
  const request = lines && lines.length > 0 ? { lines: sortedLines(lines), promoCode: promo.applied } : null;
  const requestKey = JSON.stringify(request);
  const [settledKey] = useDebouncedValue(requestKey, QUOTE_DELAY_MS);
  // Nothing to price stops the asking at once (a payment sent, a basket emptied), not a moment later.
  const query = useQuote(campId, request ? (JSON.parse(settledKey) as QuoteRequest | null) : null);

  const refusal = isPromoRefusal(query.error) && promo.applied ? (query.error?.message ?? null) : null;
  const { refused } = promo;
  useEffect(() => {
    if (refusal) refused(refusal);
  }, [refusal, refused]);

  const current =
    request !== null &&
    settledKey === requestKey &&
    query.data !== undefined &&
    !query.isPlaceholderData &&
    !query.isFetching &&
    !query.error;
  return {
    quote: request ? (query.data ?? null) : null,
    current,
    pricing: request !== null && !current && !query.error,
    error: request && query.error && !isPromoRefusal(query.error) ? query.error : null,
    retry: () => void query.refetch(),
    request,
  };
}
