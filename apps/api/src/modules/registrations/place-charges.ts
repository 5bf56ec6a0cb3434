import { and, desc, eq, gte, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { payments, placeTransfers } from '../../db/schema.ts';
import { isPaidPart, partsOf } from '../payment-plans/index.ts';
import { paymentStatus } from '../payments/index.ts';
import { type FeeRefundPiece, recordRefundEntries } from '../payouts/index.ts';

/** A charge that paid for a place, and what of it the place still holds (not yet refunded). */
export interface PlaceCharge {
  paymentId: number;
  chargeId: string | null;
  heldCents: number;
}

/** Part of a refund, taken from one charge. */
export interface RefundPiece {
  paymentId: number;
  chargeId: string;
  amountCents: number;
}

/**
 * Splits a refund over a place's charges, newest first (docs/decisions/017), each giving at most
 * what it holds. A charge the processor never made (a $0 basket) holds nothing. Answers null
 * when the charges cannot cover the amount: a charge still in flight.
 */
export function splitRefund(charges: readonly PlaceCharge[], amountCents: number): RefundPiece[] | null {
  const pieces: RefundPiece[] = [];
  let left = amountCents;
  for (const charge of charges) {
    if (left <= 0) break;
    const take = Math.min(left, Math.max(0, charge.heldCents));
    if (take === 0) continue;
    if (charge.chargeId === null) return null;
    pieces.push({ paymentId: charge.paymentId, chargeId: charge.chargeId, amountCents: take });
    left -= take;
  }
  return left > 0 ? null : pieces;
}

/**
 * The charges of one place, newest first: the charges for moves to dearer sessions (each paid
 * for this place alone), then the basket's charge, which holds the rest of what the place paid.
 */
export async function placeCharges(
  db: Database,
  place: {
    id: number;
    paymentId: number | null;
    chargeId: string | null;
    amountCents: number;
    refundedCents: number;
    depositCents?: number | null;
  },
): Promise<PlaceCharge[]> {
  if (place.depositCents !== null && place.depositCents !== undefined) {
    return planCharges(db, { ...place, depositCents: place.depositCents });
  }
  const moves = await db
    .select({
      paymentId: payments.id,
      chargeId: payments.chargeId,
      heldCents: sql<number>`(${payments.amountCents} - ${payments.refundedCents})::int`,
    })
    .from(placeTransfers)
    .innerJoin(payments, eq(payments.id, placeTransfers.paymentId))
    .where(
      and(
        eq(placeTransfers.registrationId, place.id),
        isNotNull(placeTransfers.paymentId),
        inArray(payments.status, ['succeeded', 'refunded']),
      ),
    )
    .orderBy(desc(placeTransfers.id));
  const heldByMoves = moves.reduce((sum, charge) => sum + charge.heldCents, 0);
  const charges: PlaceCharge[] = [...moves];
  if (place.paymentId !== null) {
    charges.push({
      paymentId: place.paymentId,
      chargeId: place.chargeId,
      heldCents: place.amountCents - place.refundedCents - heldByMoves,
    });
  }
  return charges;
}

/**
 * Records refund pieces on their payments, and their money by place (with the platform's fee
 * they gave back), in the transaction that gives the money back.
 */
export async function recordRefundPieces(
  db: Database,
  pieces: readonly FeeRefundPiece[],
  place: { registrationId: number; sessionId: number; campId: number },
  now: Date,
): Promise<void> {
  await recordRefundEntries(db, pieces, place);
  for (const piece of pieces) {
    await db
      .update(payments)
      .set({ refundedCents: sql`${payments.refundedCents} + ${piece.amountCents}`, updatedAt: now })
      .where(eq(payments.id, piece.paymentId));
    // A charge given back in full is refunded.
    await paymentStatus.moveWhere(
      db,
      and(eq(payments.id, piece.paymentId), gte(payments.refundedCents, payments.amountCents)),
      'succeeded',
      'refunded',
      { updatedAt: now },
    );
  }
}

/**
 * The charges of a place on a payment plan (decision 026), newest first: each instalment it paid
 * a part of (holding that part less what was given back of it), then the deposit's charge. A
 * place on a plan is never moved, so no move charges are among them.
 */
async function planCharges(
  db: Database,
  place: {
    id: number;
    paymentId: number | null;
    chargeId: string | null;
    refundedCents: number;
    depositCents: number;
  },
): Promise<PlaceCharge[]> {
  const parts = ((await partsOf(db, [place.id])).get(place.id) ?? []).filter(isPaidPart);
  const charges: PlaceCharge[] = parts
    .flatMap((part) =>
      part.paymentId === null
        ? []
        : [
            {
              paymentId: part.paymentId,
              chargeId: part.chargeId,
              heldCents: part.amountCents - part.refundedCents,
            },
          ],
    )
    .reverse();
  const fromParts = parts.reduce((sum, part) => sum + part.refundedCents, 0);
  if (place.paymentId !== null) {
    charges.push({
      paymentId: place.paymentId,
      chargeId: place.chargeId,
      heldCents: place.depositCents - (place.refundedCents - fromParts),
    });
  }
  return charges;
}
