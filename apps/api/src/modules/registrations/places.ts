import type { BOOKED_VIA_WIDGET } from '@campwise/contract/booking-widget';
import type { RegistrationStatus } from '@campwise/contract/registrations';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, registrations } from '../../db/schema.ts';
import { snapshotHealthProfiles } from '../health-profiles/index.ts';

/**
 * Takes places in one conditional update of the session row: it succeeds only while enough are
 * left and nobody is waiting (new families do not jump the waitlist; a host moving a place may).
 * The row lock it takes lasts until commit.
 */
export async function takeSpots(
  db: Database,
  sessionId: number,
  count: number,
  options: { passWaitlist?: boolean } = {},
): Promise<boolean> {
  const rows = await db
    .update(campSessions)
    .set({ spotsTaken: sql`${campSessions.spotsTaken} + ${count}` })
    .where(
      and(
        eq(campSessions.id, sessionId),
        eq(campSessions.status, 'scheduled'),
        sql`${campSessions.capacity} - ${campSessions.spotsTaken} >= ${count}`,
        options.passWaitlist
          ? undefined
          : sql`not exists (select 1 from ${registrations} where ${registrations.sessionId} = ${sessionId} and ${registrations.status} = 'waitlisted')`,
      ),
    )
    .returning({ id: campSessions.id });
  return rows.length === 1;
}

export async function releaseSpots(db: Database, sessionId: number, count: number): Promise<void> {
  if (count > 0) {
    await db
      .update(campSessions)
      .set({ spotsTaken: sql`greatest(0, ${campSessions.spotsTaken} - ${count})` })
      .where(eq(campSessions.id, sessionId));
  }
}

/**
 * Locks sessions' rows, in id order, for the rest of the transaction. Every change to places
 * takes these locks before touching registrations, so transactions always lock in one order.
 */
export async function lockSessions(db: Database, sessionIds: number[]): Promise<void> {
  if (sessionIds.length === 0) return;
  await db
    .select({ id: campSessions.id })
    .from(campSessions)
    .where(inArray(campSessions.id, sessionIds))
    .orderBy(asc(campSessions.id))
    .for('update');
}

export async function insertRegistrations(
  db: Database,
  parentId: number,
  session: { id: number; campId: number },
  kids: { id: number }[],
  values: {
    status: RegistrationStatus;
    paymentId?: number;
    amountCents?: number;
    listPriceCents?: number;
    depositCents?: number | null;
    waitlistedAt?: Date;
    bookedVia?: typeof BOOKED_VIA_WIDGET;
  },
): Promise<number[]> {
  if (kids.length === 0) return [];
  const rows = await db
    .insert(registrations)
    .values(
      kids.map((kid) => ({
        campId: session.campId,
        sessionId: session.id,
        parentId,
        childId: kid.id,
        // The place keeps the policy it was taken under (decision 018).
        refundPolicy: sql`(select ${camps.refundPolicy} from ${camps} where ${camps.id} = ${session.campId})`,
        ...values,
      })),
    )
    .returning({ id: registrations.id });
  const ids = rows.map((row) => row.id);
  await snapshotHealthProfiles(db, ids);
  return ids;
}
