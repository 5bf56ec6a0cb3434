import type { InstalmentStatus } from '@campwise/contract/payment-plans';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { instalmentPlaces, instalments, payments } from '../../db/schema.ts';
import { instalmentStatus } from './instalment-status.ts';

/** A place's part of one instalment, with the charge that paid it (once paid). */
export interface PlacePart {
  registrationId: number;
  instalmentId: number;
  seq: number;
  dueDate: string;
  amountCents: number;
  refundedCents: number;
  cancelled: boolean;
  status: InstalmentStatus;
  failedAttempts: number;
  nextAttemptOn: string | null;
  instalmentCents: number;
  paymentId: number | null;
  chargeId: string | null;
}

/** The instalment parts of the given places, by place, in schedule order. */
export async function partsOf(db: Database, registrationIds: number[]): Promise<Map<number, PlacePart[]>> {
  const byPlace = new Map<number, PlacePart[]>();
  if (registrationIds.length === 0) return byPlace;
  const rows = await db
    .select({
      registrationId: instalmentPlaces.registrationId,
      instalmentId: instalments.id,
      seq: instalments.seq,
      dueDate: instalments.dueDate,
      amountCents: instalmentPlaces.amountCents,
      refundedCents: instalmentPlaces.refundedCents,
      cancelled: instalmentPlaces.cancelled,
      status: instalments.status,
      failedAttempts: instalments.failedAttempts,
      nextAttemptOn: instalments.nextAttemptOn,
      instalmentCents: instalments.amountCents,
      paymentId: payments.id,
      chargeId: payments.chargeId,
    })
    .from(instalmentPlaces)
    .innerJoin(instalments, eq(instalments.id, instalmentPlaces.instalmentId))
    .leftJoin(
      payments,
      and(eq(payments.instalmentId, instalments.id), inArray(payments.status, ['succeeded', 'refunded'])),
    )
    .where(inArray(instalmentPlaces.registrationId, registrationIds))
    .orderBy(asc(instalments.seq));
  for (const row of rows) {
    const list = byPlace.get(row.registrationId) ?? [];
    list.push(row);
    byPlace.set(row.registrationId, list);
  }
  return byPlace;
}

/** A part that was charged: it holds its amount less what a cancellation gave back of it. */
export const isPaidPart = (part: PlacePart) => part.status === 'paid' && !part.cancelled;

/** What a place on a plan has paid: its deposit and its charged parts. */
export function paidOnPlan(depositCents: number, parts: readonly PlacePart[]): number {
  return depositCents + parts.filter(isPaidPart).reduce((sum, part) => sum + part.amountCents, 0);
}

/** Whether one of the place's instalments is being charged right now. */
export const chargingPart = (parts: readonly PlacePart[]) =>
  parts.some((part) => part.status === 'charging' && !part.cancelled);

/**
 * A place leaves its plan (cancelled by anyone, or released after a last failure): its parts not
 * yet paid are no longer charged, each instalment shrinks by them, and an instalment left with
 * nothing to charge is cancelled. Answers false, changing nothing, when one of them is being
 * charged right now (the caller refuses and the family tries again in a moment).
 */
export async function cancelUnpaidParts(db: Database, registrationId: number, now: Date): Promise<boolean> {
  const open = await db
    .select({ instalmentId: instalments.id, status: instalments.status, part: instalmentPlaces.amountCents })
    .from(instalmentPlaces)
    .innerJoin(instalments, eq(instalments.id, instalmentPlaces.instalmentId))
    .where(
      and(
        eq(instalmentPlaces.registrationId, registrationId),
        eq(instalmentPlaces.cancelled, false),
        inArray(instalments.status, ['scheduled', 'failed', 'charging']),
      ),
    )
    .orderBy(asc(instalments.id))
    .for('update', { of: instalments });
  if (open.some((row) => row.status === 'charging')) return false;
  for (const row of open) {
    await db
      .update(instalmentPlaces)
      .set({ cancelled: true })
      .where(
        and(
          eq(instalmentPlaces.instalmentId, row.instalmentId),
          eq(instalmentPlaces.registrationId, registrationId),
        ),
      );
    await db
      .update(instalments)
      .set({ amountCents: sql`greatest(0, ${instalments.amountCents} - ${row.part})`, updatedAt: now })
      .where(eq(instalments.id, row.instalmentId));
    // An instalment left with nothing to charge is over (none is being charged: see above).
    await instalmentStatus.moveWhere(
      db,
      and(eq(instalments.id, row.instalmentId), lte(instalments.amountCents, 0)),
      ['scheduled', 'failed'],
      'cancelled',
      { nextAttemptOn: null, updatedAt: now },
    );
  }
  return true;
}

/** Records, part by part, what a cancellation gave back from the place's instalment charges. */
export async function recordPartRefunds(
  db: Database,
  registrationId: number,
  pieces: readonly { paymentId: number; amountCents: number }[],
): Promise<void> {
  for (const piece of pieces) {
    await db
      .update(instalmentPlaces)
      .set({ refundedCents: sql`${instalmentPlaces.refundedCents} + ${piece.amountCents}` })
      .where(
        and(
          eq(instalmentPlaces.registrationId, registrationId),
          sql`${instalmentPlaces.instalmentId} = (select ${payments.instalmentId} from ${payments} where ${payments.id} = ${piece.paymentId})`,
        ),
      );
  }
}
