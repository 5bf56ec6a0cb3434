import { formatMoney } from '@campwise/contract/format';
import { OFFER_HOLD_HOURS } from '@campwise/contract/waitlist-offers';

/** What is left of a camp: '3 spots left', 'Full — waitlist open' or 'Full'. */
export function spotsLeftText(camp: { spotsLeft: number; allowsWaitlist: boolean }): string {
  if (camp.spotsLeft > 0) return `${camp.spotsLeft} ${camp.spotsLeft === 1 ? 'spot' : 'spots'} left`;
  return camp.allowsWaitlist ? 'Full — waitlist open' : 'Full';
}

/** "Maya and Leo", "Maya, Leo and Sam". */
export function namesText(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** The confirmation's sentence for places bought: who, where, and what was charged. */
export function registeredText(names: string[], campLabel: string, amountCents: number): string {
  const charged =
    amountCents > 0 ? `We charged ${formatMoney(amountCents)} to your card.` : 'Nothing was charged.';
  return `${namesText(names)} ${names.length === 1 ? 'is' : 'are'} registered for ${campLabel}. ${charged}`;
}

/** The confirmation's sentence for a waitlist place. */
export function waitlistJoinedText(names: string[], campLabel: string): string {
  return `${namesText(names)} joined the waitlist for ${campLabel}. Nothing was charged. If a spot opens up, we will e-mail you a link that holds it for you for ${OFFER_HOLD_HOURS} hours.`;
}
