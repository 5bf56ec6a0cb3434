import { type AdjustmentKindName, adjustmentLabels } from '@campwise/contract/baskets';
import { formatMoney } from '@campwise/contract/format';
import type { TransferOption, TransferOutcome } from '@campwise/contract/transfers';
import type { TransferSide } from '../../api/transfers.ts';

/** Who is moved, and (in the host's words) the parent who is paid back and told. */
export interface MovedPlace {
  childName: string;
  parentName?: string;
}

const familyOf = (place: MovedPlace) => place.parentName ?? 'The family';

/** What a move to a session costs or gives back, on its card: "You pay $50 more", "Same price". */
export function differenceText(side: TransferSide, differenceCents: number): string {
  const amount = formatMoney(Math.abs(differenceCents));
  if (side === 'host') return differenceCents < 0 ? `Family gets ${amount} back` : 'No charge to the family';
  if (differenceCents > 0) return `You pay ${amount} more`;
  if (differenceCents < 0) return `You get ${amount} back`;
  return 'Same price';
}

/** The confirm button says what happens: "Move and pay $50", "Move and get $20 back", "Move". */
export function confirmLabel(side: TransferSide, differenceCents: number): string {
  const amount = formatMoney(Math.abs(differenceCents));
  if (differenceCents < 0)
    return side === 'host' ? `Move and refund ${amount}` : `Move and get ${amount} back`;
  if (differenceCents > 0 && side === 'parent') return `Move and pay ${amount}`;
  return 'Move';
}

/** Before the move: where the child goes and what happens to the money. */
export function consequenceText(side: TransferSide, place: MovedPlace, option: TransferOption): string {
  const moves = `${place.childName} moves to ${option.name}.`;
  const amount = formatMoney(Math.abs(option.differenceCents));
  if (side === 'host') {
    return option.differenceCents < 0
      ? `${moves} ${familyOf(place)} is refunded ${amount} and told by e-mail.`
      : `${moves} No charge to the family. ${familyOf(place)} is told by e-mail.`;
  }
  if (option.differenceCents > 0) return `${moves} We charge ${amount} to the card you choose.`;
  if (option.differenceCents < 0) return `${moves} ${amount} goes back to your card.`;
  return `${moves} Nothing is charged or refunded.`;
}

/** After the move, in a notification: where the child now is and what was charged or refunded. */
export function movedText(side: TransferSide, place: MovedPlace, outcome: TransferOutcome): string {
  const moved = `${place.childName} moved to ${outcome.sessionName}.`;
  const amount = formatMoney(Math.abs(outcome.differenceCents));
  if (side === 'host') {
    return outcome.differenceCents < 0
      ? `${moved} ${familyOf(place)} is refunded ${amount} and told by e-mail.`
      : `${moved} No charge to the family. ${familyOf(place)} is told by e-mail.`;
  }
  if (outcome.differenceCents > 0) {
    const receipt = outcome.receiptNumber ? ` Receipt number ${outcome.receiptNumber}.` : '';
    return `${moved} We charged ${amount} to your card.${receipt}`;
  }
  if (outcome.differenceCents < 0) return `${moved} ${amount} is on its way back to your card.`;
  return `${moved} Nothing was charged or refunded.`;
}

/** "3 spots left", "1 spot left" or "No spots left". */
export function transferPlacesText(spotsLeft: number): string {
  if (spotsLeft <= 0) return 'No spots left';
  return `${spotsLeft} ${spotsLeft === 1 ? 'spot' : 'spots'} left`;
}

/** A discount a place was bought with, as My Registrations lists it: "Sibling discount -$30". */
export function adjustmentText(adjustment: { kind: AdjustmentKindName; amountCents: number }): string {
  return `${adjustmentLabels[adjustment.kind]} ${formatMoney(-adjustment.amountCents)}`;
}
