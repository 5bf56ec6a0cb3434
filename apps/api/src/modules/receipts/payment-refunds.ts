import type { ReceiptRefund } from '@campwise/contract/receipts';

/** A place's move to another session, as recorded (docs/decisions/017). */
export interface PlaceMove {
  at: Date;
  fromName: string;
  toName: string;
  /** The charge for a move to a dearer session; null otherwise. */
  paymentId: number | null;
  /** What a move to a cheaper session gave back, by the charge it came from. */
  refunds: readonly { paymentId: number; amountCents: number }[];
}

/** A place and everything that moved money for it. */
export interface PlaceHistory {
  childName: string;
  placeName: string;
  /** The basket's charge that bought the place. */
  basketPaymentId: number | null;
  refundedCents: number;
  /** What a cancellation gave back of each instalment charge of a place on a plan (decision 026). */
  instalmentRefunds?: readonly { paymentId: number; amountCents: number }[];
  cancelledAt: Date | null;
  /** Oldest first. */
  moves: readonly PlaceMove[];
}

const sum = (amounts: readonly number[]) => amounts.reduce((total, amount) => total + amount, 0);

/**
 * What one payment gave back, item by item, from the places it paid for. Moves to a cheaper
 * session record which charge each refund came from. A cancellation's refund was taken from the
 * place's charges newest first (place-charges.ts): from each move's charge, whatever it gave
 * back beyond the move refunds recorded on it; from the basket's charge, the rest. Read this
 * way the items of a payment add up to what the payment has refunded.
 */
export function paymentRefunds(
  paymentId: number,
  places: readonly PlaceHistory[],
  refundedByCharge: ReadonlyMap<number, number>,
): ReceiptRefund[] {
  const items: ReceiptRefund[] = [];
  for (const place of places) {
    const movePieces = place.moves.flatMap((move) => move.refunds);
    for (const move of place.moves) {
      const amountCents = sum(
        move.refunds.filter((piece) => piece.paymentId === paymentId).map((piece) => piece.amountCents),
      );
      if (amountCents > 0) {
        items.push({
          at: move.at.toISOString(),
          description: `${place.childName} moved from ${move.fromName} to ${move.toName}`,
          amountCents,
        });
      }
    }
    const cancelRefund = place.refundedCents - sum(movePieces.map((piece) => piece.amountCents));
    if (cancelRefund <= 0 || !place.cancelledAt) continue;
    const fromMoveCharges = new Map<number, number>();
    for (const move of place.moves) {
      if (move.paymentId === null) continue;
      const movedBack = sum(
        movePieces.filter((piece) => piece.paymentId === move.paymentId).map((piece) => piece.amountCents),
      );
      fromMoveCharges.set(move.paymentId, (refundedByCharge.get(move.paymentId) ?? 0) - movedBack);
    }
    const planPieces = place.instalmentRefunds ?? [];
    const fromInstalment = planPieces.filter((piece) => piece.paymentId === paymentId);
    const amountCents =
      fromInstalment.length > 0
        ? sum(fromInstalment.map((piece) => piece.amountCents))
        : (fromMoveCharges.get(paymentId) ??
          (place.basketPaymentId === paymentId
            ? cancelRefund -
              sum([...fromMoveCharges.values()]) -
              sum(planPieces.map((piece) => piece.amountCents))
            : 0));
    if (amountCents > 0) {
      items.push({
        at: place.cancelledAt.toISOString(),
        description: `${place.childName}’s place at ${place.placeName} cancelled`,
        amountCents,
      });
    }
  }
  return items.sort((a, b) => a.at.localeCompare(b.at));
}
