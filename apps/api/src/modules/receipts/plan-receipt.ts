import { formatMoney } from '@campwise/contract/format';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { instalmentPlaces, instalments, payments } from '../../db/schema.ts';

/** The instalment a payment charged (null for a basket or a move), with its place in the schedule. */
export async function instalmentOf(db: Database, paymentId: number) {
  const [row] = await db
    .select({
      id: instalments.id,
      planId: instalments.planId,
      seq: instalments.seq,
      dueDate: instalments.dueDate,
    })
    .from(payments)
    .innerJoin(instalments, eq(instalments.id, payments.instalmentId))
    .where(eq(payments.id, paymentId));
  if (!row) return null;
  const all = await db
    .select({ id: instalments.id })
    .from(instalments)
    .where(eq(instalments.planId, row.planId));
  return { ...row, count: all.length };
}

/** What each place paid at one instalment, by place. */
export async function instalmentParts(db: Database, instalmentId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ registrationId: instalmentPlaces.registrationId, amountCents: instalmentPlaces.amountCents })
    .from(instalmentPlaces)
    .where(eq(instalmentPlaces.instalmentId, instalmentId));
  return new Map(rows.map((row) => [row.registrationId, row.amountCents]));
}

/** What a cancellation gave back of each place's instalment charges, by place. */
export async function instalmentRefunds(
  db: Database,
  registrationIds: number[],
): Promise<Map<number, { paymentId: number; amountCents: number }[]>> {
  const byPlace = new Map<number, { paymentId: number; amountCents: number }[]>();
  if (registrationIds.length === 0) return byPlace;
  const rows = await db
    .select({
      registrationId: instalmentPlaces.registrationId,
      paymentId: payments.id,
      amountCents: instalmentPlaces.refundedCents,
    })
    .from(instalmentPlaces)
    .innerJoin(
      payments,
      and(
        eq(payments.instalmentId, instalmentPlaces.instalmentId),
        inArray(payments.status, ['succeeded', 'refunded']),
      ),
    )
    .where(inArray(instalmentPlaces.registrationId, registrationIds))
    .orderBy(asc(payments.id));
  for (const row of rows) {
    if (row.amountCents <= 0) continue;
    byPlace.set(row.registrationId, [...(byPlace.get(row.registrationId) ?? []), row]);
  }
  return byPlace;
}

/** The receipt's words for a deposit or an instalment (decision 026), or null for neither. */
export function planNote(
  instalment: { seq: number; count: number } | null,
  deposit: { places: { amountCents: number; depositCents: number | null }[] },
): string | null {
  if (instalment) return `Instalment ${instalment.seq} of ${instalment.count} of a payment plan.`;
  const onPlan = deposit.places.filter((place) => place.depositCents !== null);
  if (onPlan.length === 0) return null;
  const depositCents = onPlan.reduce((sum, place) => sum + (place.depositCents ?? 0), 0);
  const balance = onPlan.reduce((sum, place) => sum + place.amountCents - (place.depositCents ?? 0), 0);
  return `A deposit of ${formatMoney(depositCents)}; the balance of ${formatMoney(balance)} is paid in instalments, each with its own receipt.`;
}
