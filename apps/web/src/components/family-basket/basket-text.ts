import type { BasketLineInput } from '@campwise/contract/baskets';
import type { BasketCamp, BasketFlag, CheckoutResult } from '@campwise/contract/family-basket';
import { formatMoney } from '@campwise/contract/format';

export const BASKET_PATH = '/camper/basket';

/** The places a camp's part of the basket asks for: each bookable session's chosen children. */
export function campLines(camp: BasketCamp): BasketLineInput[] {
  return camp.sessions
    .filter((session) => session.bookable)
    .flatMap((session) => session.childIds.map((childId) => ({ childId, sessionId: session.sessionId })));
}

/** What a flag tells the parent before they pay. */
export function flagText(flag: BasketFlag): string {
  switch (flag.kind) {
    case 'closed':
      return 'No longer open for booking. Remove it to pay for the rest.';
    case 'full':
      return flag.waitlist
        ? 'Fewer spots left than campers chosen: those without a spot join the waitlist, free of charge.'
        : 'Fewer spots left than campers chosen, and no waitlist. Choose fewer campers.';
    case 'price':
      return `The price changed from ${formatMoney(flag.fromCents)} to ${formatMoney(flag.toCents)} since you added it.`;
  }
}

/** How many sessions, said in the header's basket link. */
export function basketCountText(count: number): string {
  return count === 0 ? 'Basket, empty' : `Basket, ${count} ${count === 1 ? 'session' : 'sessions'}`;
}

/** The confirmation's title: what was done, and whether anything is left to do. */
export function checkoutTitle(results: readonly CheckoutResult[]): string {
  const booked = results.filter((result) => result.outcome !== null);
  const waitlisted = booked.every((result) => result.outcome?.status === 'waitlisted');
  const names = new Intl.ListFormat('en', { type: 'conjunction' }).format(
    booked.map((result) => result.campName),
  );
  if (booked.length === 0) return 'Nothing was booked';
  const done = waitlisted ? `On the waitlist for ${names}` : `Registered for ${names}`;
  return booked.length < results.length ? `${done}, not everything` : done;
}
