import type { BasketLineInput, Quote } from '@campwise/contract/baskets';
import type { RegistrationOptions } from '@campwise/contract/registrations';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client.ts';
import { registrationKeys, registrationOptionsQuery } from './registrations.ts';

// A basket is placed and paid with useRegister (registrations.ts): the same call, given `lines`.

/** What a family asks the price of: its lines (in a fixed order) and the code it applied. */
export interface QuoteRequest {
  lines: BasketLineInput[];
  promoCode: string | null;
}

/**
 * Under `registrations`, so a registration or a cancellation (places taken, a code used)
 * prices every basket afresh.
 */
export const basketKeys = {
  quote: (campId: number, request: QuoteRequest) =>
    [...registrationKeys.all, 'quote', campId, request.lines, request.promoCode] as const,
};

/** The same lines in the same order make the same request, whatever order they were chosen in. */
export function sortedLines(lines: BasketLineInput[]): BasketLineInput[] {
  return [...lines].sort((a, b) => a.childId - b.childId || a.sessionId - b.sessionId);
}

function fetchQuote(campId: number, { lines, promoCode }: QuoteRequest): Promise<Quote> {
  return apiRequest<{ data: Quote }>('POST', `/api/camps/${campId}/quote`, {
    lines,
    ...(promoCode ? { promoCode } : {}),
  }).then((answer) => answer.data);
}

/** A camp's price of its lines, as a query the family basket asks for every camp at once. */
export const quoteQuery = (campId: number, request: QuoteRequest) => ({
  queryKey: basketKeys.quote(campId, request),
  queryFn: () => fetchQuote(campId, request),
  // A price is only good while nothing changed: asked again whenever the page comes back to it.
  staleTime: 0,
});

/**
 * The server's price of a basket, line by line with its discounts; nothing is asked for while
 * the basket is empty (`request` null). The previous price stays on screen while a new one loads.
 */
export function useQuote(campId: number, request: QuoteRequest | null) {
  return useQuery({
    queryKey: basketKeys.quote(campId, request ?? { lines: [], promoCode: null }),
    queryFn: () => fetchQuote(campId, request ?? { lines: [], promoCode: null }),
    enabled: request !== null && request.lines.length > 0,
    placeholderData: keepPreviousData,
    // A price is only good while nothing changed: asked again whenever the page comes back to it.
    staleTime: 0,
  });
}

/**
 * Prices the basket with a code before it is applied, so a refused code is said beside its
 * field and the price shown stays the one without it. The answer is cached for the quote above.
 */
export function useTryPromoCode(campId: number) {
  const queryClient = useQueryClient();
  return (request: QuoteRequest) =>
    queryClient.fetchQuery({
      queryKey: basketKeys.quote(campId, request),
      queryFn: () => fetchQuote(campId, request),
      staleTime: 0,
    });
}

/**
 * Each chosen session's registration options (who may come to it, its places left): the page's
 * own session is known already; the others are asked for as they are chosen.
 */
export function useSessionsOptions(known: RegistrationOptions, sessionIds: number[]) {
  const others = sessionIds.filter((id) => id !== known.sessionId);
  return useQueries({
    queries: others.map((id) => registrationOptionsQuery(known.campId, id)),
    combine: (results) => {
      const bySession = new Map<number, RegistrationOptions>([[known.sessionId, known]]);
      results.forEach((result, index) => {
        const id = others[index];
        if (result.data && id !== undefined) bySession.set(id, result.data);
      });
      return {
        bySession,
        loading: results.some((result) => result.isPending),
        error: results.find((result) => result.error)?.error ?? null,
        retry: () => {
          for (const result of results) if (result.error) void result.refetch();
        },
      };
    },
  });
}
