import { formatMoment } from '@campwise/contract/format';
import { OFFER_HOLD_HOURS } from '@campwise/contract/waitlist-offers';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { campSessions, camps, children, registrations, users } from '../../db/schema.ts';
import { campTodaySql } from '../../platform/camp-clock.ts';
import { placeName } from '../../shared/place-name.ts';
import { isPubliclyListed } from '../camps/index.ts';
import { offerExpiredMail, queueMail, spotOfferedMail } from '../mail/index.ts';
import { placeStatus } from './place-status.ts';
import { releaseSpots } from './places.ts';
import type { RegistrationDeps } from './service.ts';

const HOUR_MS = 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// The waitlist: offers and their expiry.

/**
 * Expires offers that ran out (their places go back) and offers free places to the families
 * first in line, one child per place, each held for 48 hours. Session rows are locked with SKIP
 * LOCKED and every status change names the status it moves from, so several instances may run it.
 */
export async function processWaitlist(
  deps: RegistrationDeps,
  now: Date = new Date(),
): Promise<{ expired: number; offered: number }> {
  const { db } = deps;
  const runOut = await db
    .selectDistinct({ sessionId: registrations.sessionId })
    .from(registrations)
    .where(
      and(eq(registrations.status, 'offered'), sql`${registrations.offerExpiresAt} <= ${now.toISOString()}`),
    )
    .orderBy(asc(registrations.sessionId))
    .limit(100);
  let expired = 0;
  for (const { sessionId } of runOut) {
    expired += await db.transaction(async (tx) => {
      const [session] = await queryRows<{ id: number }>(
        tx,
        sql`select id from camp_sessions where id = ${sessionId} for update skip locked`,
      );
      // Another instance has the session: it expires these offers, or the next round does.
      if (!session) return 0;
      const rows = await placeStatus.moveWhere(
        tx,
        and(
          eq(registrations.sessionId, sessionId),
          sql`${registrations.offerExpiresAt} <= ${now.toISOString()}`,
        ),
        'offered',
        'offer_expired',
        { updatedAt: now },
      );
      await releaseSpots(tx, sessionId, rows.length);
      const place = await placeOf(tx, sessionId);
      for (const row of rows) {
        const details = await familyOf(tx, row);
        if (details && place) {
          await queueMail(
            tx,
            offerExpiredMail(details.email, details.firstName, {
              campName: placeName(place),
              childName: details.childName,
            }),
          );
        }
      }
      return rows.length;
    });
  }

  // Offers go out only for sessions a family can pay for: listed camp, places free, not over.
  const candidates = await db
    .select({ id: campSessions.id })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .where(
      and(
        isPubliclyListed,
        eq(campSessions.status, 'scheduled'),
        sql`(${campSessions.endDate} is null or ${campSessions.endDate} >= ${campTodaySql(camps.timeZone, now)})`,
        sql`${campSessions.capacity} > ${campSessions.spotsTaken}`,
        sql`exists (select 1 from ${registrations} where ${registrations.sessionId} = ${campSessions.id} and ${registrations.status} = 'waitlisted')`,
      ),
    )
    .orderBy(asc(campSessions.id))
    .limit(100);
  let offered = 0;
  for (const { id: sessionId } of candidates) {
    offered += await db.transaction(async (tx) => {
      const [session] = await queryRows<{
        capacity: number;
        spots_taken: number;
        camp_id: number;
        time_zone: string;
      }>(
        tx,
        sql`select s.capacity, s.spots_taken, s.camp_id, c.time_zone from camp_sessions s
          join camps c on c.id = s.camp_id where s.id = ${sessionId} for update of s skip locked`,
      );
      if (!session) return 0;
      const free = session.capacity - session.spots_taken;
      if (free <= 0) return 0;
      const expiresAt = new Date(now.getTime() + OFFER_HOLD_HOURS * HOUR_MS);
      const next = await tx
        .select({ id: registrations.id })
        .from(registrations)
        .where(and(eq(registrations.sessionId, sessionId), eq(registrations.status, 'waitlisted')))
        .orderBy(asc(registrations.waitlistedAt), asc(registrations.id))
        .limit(free);
      if (next.length === 0) return 0;
      const rows = await placeStatus.moveWhere(
        tx,
        inArray(
          registrations.id,
          next.map((row) => row.id),
        ),
        'waitlisted',
        'offered',
        { offerExpiresAt: expiresAt, updatedAt: now },
      );
      await tx
        .update(campSessions)
        .set({ spotsTaken: sql`${campSessions.spotsTaken} + ${rows.length}` })
        .where(eq(campSessions.id, sessionId));
      const place = await placeOf(tx, sessionId);
      for (const row of rows) {
        const details = await familyOf(tx, row);
        if (details && place) {
          await queueMail(
            tx,
            spotOfferedMail(
              details.email,
              details.firstName,
              {
                campName: placeName(place),
                childName: details.childName,
                // On the camp's clock, as the family reads every other time of the camp.
                expires: formatMoment(expiresAt, {
                  now,
                  timeZone: session.time_zone,
                  weekday: 'long',
                  showTimeZone: true,
                }),
              },
              `${deps.publicUrl}/camps/${session.camp_id}/register?session=${sessionId}`,
            ),
          );
        }
      }
      return rows.length;
    });
  }
  return { expired, offered };
}

/** A session's camp and names, for e-mails. */
async function placeOf(db: Database, sessionId: number) {
  const [row] = await db
    .select({ name: camps.name, sessionName: campSessions.name, sessionCount: camps.sessionCount })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .where(eq(campSessions.id, sessionId));
  return row ?? null;
}

/** The parent to write to about a child's place. */
async function familyOf(db: Database, place: { childId: number; parentId: number }) {
  const [row] = await db
    .select({
      email: users.email,
      firstName: users.firstName,
      childFirst: children.firstName,
      childLast: children.lastName,
    })
    .from(users)
    .innerJoin(children, eq(children.id, place.childId))
    .where(eq(users.id, place.parentId));
  return row
    ? { email: row.email, firstName: row.firstName, childName: `${row.childFirst} ${row.childLast}` }
    : null;
}
