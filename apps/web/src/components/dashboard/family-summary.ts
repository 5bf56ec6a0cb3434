import type { SavedCard } from '@campwise/contract/cards';
import type { ParentRegistration } from '@campwise/contract/registrations';

/** A card expiring within this many days is worth a reminder on the dashboard. */
export const CARD_WARNING_DAYS = 45;

/** How many camps each child's "coming up" list shows; the rest are on My Registrations. */
export const UPCOMING_PER_CHILD = 3;

export interface ChildUpcoming {
  childId: number;
  childName: string;
  registrations: ParentRegistration[];
  /** How many more upcoming camps than shown. */
  more: number;
}

export type FamilyTodo =
  | { kind: 'offer'; registration: ParentRegistration; expiresAt: string }
  | { kind: 'card-expiring'; card: SavedCard }
  | { kind: 'card-expired'; card: SavedCard };

const startOrder = (registration: ParentRegistration) => registration.startDate ?? '9999-12-31';

/** Each child's upcoming confirmed camps, soonest first; children in the order of their first camp. */
export function upcomingByChild(registrations: ParentRegistration[]): ChildUpcoming[] {
  const byChild = new Map<number, ParentRegistration[]>();
  for (const registration of registrations) {
    if (registration.status !== 'confirmed' || !registration.upcoming) continue;
    byChild.set(registration.childId, [...(byChild.get(registration.childId) ?? []), registration]);
  }
  return [...byChild.values()]
    .map((list) => list.sort((a, b) => startOrder(a).localeCompare(startOrder(b)) || a.id - b.id))
    .sort((a, b) =>
      startOrder(a[0] as ParentRegistration).localeCompare(startOrder(b[0] as ParentRegistration)),
    )
    .map((list) => ({
      childId: (list[0] as ParentRegistration).childId,
      childName: (list[0] as ParentRegistration).childName,
      registrations: list.slice(0, UPCOMING_PER_CHILD),
      more: Math.max(0, list.length - UPCOMING_PER_CHILD),
    }));
}

/** The last moment a card can be used: the end of its expiry month, in UTC. */
function cardEnds(card: SavedCard): number {
  return Date.UTC(card.expYear, card.expMonth, 1) - 1;
}

/**
 * What needs the parent: spots held from a waitlist (soonest deadline first), then cards that
 * have expired or will within CARD_WARNING_DAYS.
 */
export function familyTodos(
  registrations: ParentRegistration[],
  cards: SavedCard[],
  now: Date,
): FamilyTodo[] {
  const offers: FamilyTodo[] = registrations
    .filter(
      (registration) =>
        registration.status === 'offered' &&
        registration.offerExpiresAt !== null &&
        Date.parse(registration.offerExpiresAt) > now.getTime(),
    )
    .sort((a, b) => Date.parse(a.offerExpiresAt ?? '') - Date.parse(b.offerExpiresAt ?? ''))
    .map((registration) => ({ kind: 'offer', registration, expiresAt: registration.offerExpiresAt ?? '' }));
  const warnFrom = now.getTime() + CARD_WARNING_DAYS * 24 * 60 * 60 * 1000;
  const cardTodos: FamilyTodo[] = cards.flatMap((card): FamilyTodo[] => {
    // The server says whether a card has expired; only "soon" is decided here.
    if (card.isExpired) return [{ kind: 'card-expired', card }];
    return cardEnds(card) <= warnFrom ? [{ kind: 'card-expiring', card }] : [];
  });
  return [...offers, ...cardTodos];
}
