import { allocate, feeRefundFor } from '@campwise/contract/payouts';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, paymentEntries, payments, registrations } from '../../db/schema.ts';
import { placeName } from '../../shared/place-name.ts';

/**
 * The names an entry keeps for the earnings statement (docs/decisions/045): the camp and its
 * session as they are called when the money moves, whatever they are renamed to later.
 */
async function namesAt(
  db: Database,
  campId: number | null,
  sessionIds: readonly (number | null)[],
): Promise<(sessionId: number | null) => { placeName: string; sessionName: string | null }> {
  const [camp] =
    campId === null
      ? []
      : await db
          .select({ name: camps.name, sessionCount: camps.sessionCount })
          .from(camps)
          .where(eq(camps.id, campId));
  const ids = sessionIds.flatMap((id) => (id === null ? [] : [id]));
  const sessions =
    ids.length === 0
      ? []
      : await db
          .select({ id: campSessions.id, name: campSessions.name })
          .from(campSessions)
          .where(inArray(campSessions.id, ids));
  return (sessionId) => {
    const sessionName = sessions.find((session) => session.id === sessionId)?.name ?? null;
    const campName = camp?.name ?? 'A camp no longer listed';
    return {
      placeName:
        camp && sessionName !== null
          ? placeName({ name: camp.name, sessionName, sessionCount: camp.sessionCount })
          : campName,
      sessionName,
    };
  };
}

/** What the platform keeps of each charge (config PLATFORM_FEE_PERCENT, PLATFORM_FEE_REFUNDED). */
export interface PlatformFee {
  basisPoints: number;
  /** Whether a refund gives the fee back in proportion; a charge nothing came of always does. */
  refunded: boolean;
}

/** A place a charge paid for, the session it was for then, and its share of the charge. */
export interface ChargedPlace {
  registrationId: number;
  sessionId: number;
  weight: number;
}

/**
 * Records a charge's money by place, in the transaction that settles it: the amount and the
 * platform's fee split over the places by their prices (largest remainder, so the parts add up).
 * Without `places`, the places the payment confirmed; with none at all, one entry without a place.
 */
export async function recordChargeEntries(
  db: Database,
  paymentId: number,
  places?: readonly ChargedPlace[],
): Promise<void> {
  const [payment] = await db
    .select({
      amountCents: payments.amountCents,
      feeCents: payments.applicationFeeCents,
      campId: payments.campId,
    })
    .from(payments)
    .where(eq(payments.id, paymentId));
  if (!payment || payment.amountCents === 0) return;
  const paid =
    places ??
    (await db
      .select({
        registrationId: registrations.id,
        sessionId: registrations.sessionId,
        // A place on a payment plan pays its deposit now (decision 026), the rest in instalments.
        weight: sql<number>`coalesce(${registrations.depositCents}, ${registrations.amountCents})::int`,
      })
      .from(registrations)
      .where(and(eq(registrations.paymentId, paymentId), eq(registrations.status, 'confirmed')))
      .orderBy(asc(registrations.id)));
  const lines = paid.length > 0 ? paid : [{ registrationId: null, sessionId: null, weight: 1 }];
  const weights = lines.map((line) => line.weight);
  const amounts = allocate(payment.amountCents, weights);
  const fees = allocate(payment.feeCents, weights);
  const sold = await placesAlreadyCharged(db, paid);
  const names = await namesAt(
    db,
    payment.campId,
    lines.map((line) => line.sessionId),
  );
  await db.insert(paymentEntries).values(
    lines.map((line, index) => ({
      paymentId,
      registrationId: line.registrationId,
      campId: payment.campId,
      sessionId: line.sessionId,
      kind: 'charge' as const,
      amountCents: amounts[index] ?? 0,
      feeCents: fees[index] ?? 0,
      firstSale: line.registrationId !== null && !sold.has(line.registrationId),
      ...names(line.sessionId),
    })),
  );
}

/** The places among these that a charge has already paid for: their next charge sells no place. */
async function placesAlreadyCharged(db: Database, places: readonly ChargedPlace[]): Promise<Set<number>> {
  if (places.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ registrationId: paymentEntries.registrationId })
    .from(paymentEntries)
    .where(
      and(
        eq(paymentEntries.kind, 'charge'),
        inArray(
          paymentEntries.registrationId,
          places.map((place) => place.registrationId),
        ),
      ),
    );
  return new Set(rows.flatMap((row) => (row.registrationId === null ? [] : [row.registrationId])));
}

/** A refund taken from one charge, with the part of the platform's fee it gives back. */
export interface FeeRefundPiece {
  paymentId: number;
  chargeId: string;
  amountCents: number;
  feeCents: number;
}

/**
 * The fee each refund piece gives back: the charge's fee in proportion to what it will have
 * refunded (docs/decisions/027), or nothing when the platform keeps its fee. Read before the
 * refund is asked for and recorded, so a retry computes the same and asks the same.
 */
export async function withFeeRefunds(
  db: Database,
  pieces: readonly { paymentId: number; chargeId: string; amountCents: number }[],
  fee: PlatformFee,
  wholeFee = false,
): Promise<FeeRefundPiece[]> {
  if (pieces.length === 0) return [];
  const charges = await db
    .select({
      id: payments.id,
      amountCents: payments.amountCents,
      feeCents: payments.applicationFeeCents,
      refundedCents: payments.refundedCents,
    })
    .from(payments)
    .where(
      inArray(
        payments.id,
        pieces.map((piece) => piece.paymentId),
      ),
    );
  return pieces.map((piece) => {
    const charge = charges.find((each) => each.id === piece.paymentId);
    const feeCents = charge && (fee.refunded || wholeFee) ? feeRefundFor(charge, piece.amountCents) : 0;
    return { ...piece, feeCents };
  });
}

/** Records refund pieces by place, in the transaction that records the refund on the place. */
export async function recordRefundEntries(
  db: Database,
  pieces: readonly FeeRefundPiece[],
  place: { registrationId: number | null; sessionId: number | null; campId: number | null },
): Promise<void> {
  if (pieces.length === 0) return;
  const names = (await namesAt(db, place.campId, [place.sessionId]))(place.sessionId);
  await db.insert(paymentEntries).values(
    pieces.map((piece) => ({
      paymentId: piece.paymentId,
      registrationId: place.registrationId,
      campId: place.campId,
      sessionId: place.sessionId,
      kind: 'refund' as const,
      amountCents: piece.amountCents,
      feeCents: piece.feeCents,
      ...names,
    })),
  );
}
