import { messages } from '@campwise/contract/messages';
import type { HostCampSession } from '@campwise/contract/sessions';
import { and, asc, count, eq, inArray, lte } from 'drizzle-orm';
import { campSessions, camps, organizations, registrations } from '../../db/schema.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { listCampSessionsForHost, lockCampSessions } from '../../shared/session-reads.ts';
import { sessionAccess } from '../access/index.ts';
import type { RegistrationDeps } from '../registrations/index.ts';
import { cancelByHost } from '../registrations/index.ts';

/**
 * Cancels a session: it takes no new places at once, then every place in it is cancelled as
 * the host would one by one: paid places refunded in full, waitlist places and offers given up,
 * and each family e-mailed. Refused while a payment for it is in flight, so no place is
 * confirmed in a cancelled session. A place that changed meanwhile (its family cancelled it, or
 * an instalment of it is being charged) is passed over; what a crash, a lost connection or such
 * a place left is finished by reconciliation (finishCancelledSessions), or by a retry.
 */
export async function cancelSession(
  deps: RegistrationDeps,
  hostId: number,
  sessionId: number,
  now: Date = new Date(),
): Promise<HostCampSession> {
  const { db } = deps;
  const session = await sessionAccess(db, hostId, sessionId, 'camps:manage');
  await db.transaction(async (tx) => {
    await lockCampSessions(tx, session.campId);
    const [inFlight] = await tx
      .select({ n: count() })
      .from(registrations)
      .where(and(eq(registrations.sessionId, sessionId), eq(registrations.status, 'pending_payment')));
    if ((inFlight?.n ?? 0) > 0) throw conflict(messages.sessionPaymentsInFlight);
    const changed = await tx
      .update(campSessions)
      .set({ status: 'cancelled', cancelledAt: now, updatedAt: now })
      .where(and(eq(campSessions.id, sessionId), eq(campSessions.status, 'scheduled')))
      .returning({ id: campSessions.id });
    const places = await activePlaces(tx, sessionId);
    if (changed.length === 0 && places.length === 0) throw conflict(messages.sessionAlreadyCancelled);
  });
  for (const { id } of await activePlaces(db, sessionId)) {
    await cancelByHost(deps, hostId, id, now).catch((error: unknown) => {
      if (!(error instanceof AppError && error.statusCode === 409)) throw error;
    });
  }
  const view = (await listCampSessionsForHost(db, session.campId)).find((row) => row.id === sessionId);
  if (!view) throw new Error('the cancelled session is missing');
  return view;
}

/**
 * Finishes the cancellations of sessions cancelled more than `olderThanMs` ago whose places are
 * still held: a server that died, or lost its database connection, in the middle of cancelling
 * a session left them, and the host no longer has a session to cancel. Each is cancelled as the
 * host's cancellation would have (a paid place refunded in full, the family e-mailed); one that
 * cannot be now (an instalment of it being charged) is tried again at the next run. Run by
 * reconciliation; answers how many places it cancelled.
 */
export async function finishCancelledSessions(
  deps: RegistrationDeps,
  now: Date = new Date(),
  olderThanMs = 2 * 60 * 1000,
): Promise<number> {
  const left = await deps.db
    .select({ id: registrations.id, hostId: organizations.hostId })
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(
      and(
        eq(campSessions.status, 'cancelled'),
        lte(campSessions.cancelledAt, new Date(now.getTime() - olderThanMs)),
        inArray(registrations.status, ['confirmed', 'waitlisted', 'offered']),
      ),
    )
    .orderBy(asc(registrations.id))
    .limit(100);
  let cancelled = 0;
  for (const place of left) {
    if (await cancelByHost(deps, place.hostId, place.id, now).catch(() => null)) cancelled += 1;
  }
  return cancelled;
}

function activePlaces(db: RegistrationDeps['db'], sessionId: number) {
  return db
    .select({ id: registrations.id })
    .from(registrations)
    .where(
      and(
        eq(registrations.sessionId, sessionId),
        inArray(registrations.status, ['confirmed', 'waitlisted', 'offered']),
      ),
    )
    .orderBy(asc(registrations.id));
}

/**
 * Deletes a session nobody has registered for. One with registrations (even cancelled ones,
 * which carry payments and refunds) is cancelled instead, and a camp keeps at least one session.
 */
export async function deleteSession(db: RegistrationDeps['db'], hostId: number, sessionId: number) {
  const session = await sessionAccess(db, hostId, sessionId, 'camps:manage');
  await db.transaction(async (tx) => {
    const sessions = await lockCampSessions(tx, session.campId);
    if (sessions.length <= 1) throw conflict(messages.sessionLastOne);
    const [booked] = await tx
      .select({ n: count() })
      .from(registrations)
      .where(eq(registrations.sessionId, sessionId));
    if ((booked?.n ?? 0) > 0) throw conflict(messages.sessionHasRegistrations);
    await tx.delete(campSessions).where(eq(campSessions.id, sessionId));
  });
}
