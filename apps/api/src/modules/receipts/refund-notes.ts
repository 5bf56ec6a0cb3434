import { eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children, receipts, refundNotes, registrations } from '../../db/schema.ts';
import { placeName } from '../../shared/place-name.ts';

/** Why a place's money went back: it was cancelled, or moved to a cheaper session. */
export type RefundReason =
  | { kind: 'cancelled' }
  | { kind: 'moved'; fromSessionId: number; toSessionId: number };

const fromSession = alias(campSessions, 'from_session');
const toSession = alias(campSessions, 'to_session');

/** The note's words, from the place as it is called now. */
async function describe(db: Database, registrationId: number, reason: RefundReason): Promise<string> {
  const [place] = await db
    .select({
      childName: children.firstName,
      campName: camps.name,
      sessionCount: camps.sessionCount,
      sessionName: campSessions.name,
    })
    .from(registrations)
    .innerJoin(children, eq(children.id, registrations.childId))
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .where(eq(registrations.id, registrationId));
  if (!place) throw new Error(`registration ${registrationId} has no place to describe`);
  if (reason.kind === 'cancelled')
    return `${place.childName}’s place at ${placeName({ name: place.campName, ...place })} cancelled`;
  const [move] = await db
    .select({ from: fromSession.name, to: toSession.name })
    .from(fromSession)
    .innerJoin(toSession, eq(toSession.id, reason.toSessionId))
    .where(eq(fromSession.id, reason.fromSessionId));
  return `${place.childName} moved from ${move?.from ?? 'a session no longer listed'} to ${move?.to ?? 'a session no longer listed'}`;
}

/**
 * Issues a refund note on the receipt of each charge a refund came from, in the transaction that
 * records the refund (docs/decisions/045): when, why and how much, kept for good. A charge
 * without a receipt (one that bought nothing) gets none.
 */
export async function issueRefundNotes(
  db: Database,
  registrationId: number,
  pieces: readonly { paymentId: number; amountCents: number }[],
  reason: RefundReason,
  now: Date,
): Promise<void> {
  if (pieces.length === 0) return;
  const withReceipts = await db
    .select({ paymentId: receipts.paymentId })
    .from(receipts)
    .where(
      inArray(
        receipts.paymentId,
        pieces.map((piece) => piece.paymentId),
      ),
    );
  const notes = pieces.filter((piece) => withReceipts.some((row) => row.paymentId === piece.paymentId));
  if (notes.length === 0) return;
  const description = await describe(db, registrationId, reason);
  await db.insert(refundNotes).values(
    notes.map((piece) => ({
      paymentId: piece.paymentId,
      issuedAt: now,
      document: { at: now.toISOString(), description, amountCents: piece.amountCents },
    })),
  );
}
