import { campDay } from '@campwise/contract/camp-clock';
import { type CheckInEntry, PARENT_COLLECTOR, placeHeldOn } from '@campwise/contract/check-in';
import { messages } from '@campwise/contract/messages';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { attendanceEvents, children, pickupAdults, registrations, users } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import {
  type AttendanceMailFacts,
  checkedInMail,
  collectedMail,
  pickupRefusedMail,
  queueMail,
} from '../mail/index.ts';
import {
  assertCheckInDay,
  checkInEntry,
  type HostSession,
  hostSession,
  placeHeldSince,
} from './check-in-sheet.ts';

/** How a check-out names the parent on the account as the one who collected. */
const PARENT_RELATIONSHIP = 'Parent';

export interface AttendanceDeps {
  db: Database;
  storage: FileStorage;
  publicUrl: string;
}

type TapKind =
  | { kind: 'check_in'; childId: number; key: string }
  | { kind: 'check_out'; childId: number; key: string; pickupAdultId: number | typeof PARENT_COLLECTOR }
  | { kind: 'refused'; childId: number; key: string; name: string };
/** One tap of the check-in screen, for its day. */
export type Tap = TapKind & { day: string };
/** A tap as sent: without a day, it is for today where the camp is (decision 047). */
export type SentTap = TapKind & { day?: string };

/**
 * The event a tap's key already recorded, if any. A key sent again for the same thing is a
 * retry (answered as the first time); for anything else it is refused.
 */
async function earlierTap(db: Database, hostId: number, sessionId: number, tap: Tap): Promise<boolean> {
  const [event] = await db
    .select({
      sessionId: attendanceEvents.sessionId,
      childId: attendanceEvents.childId,
      day: attendanceEvents.day,
      kind: attendanceEvents.kind,
    })
    .from(attendanceEvents)
    .where(and(eq(attendanceEvents.hostId, hostId), eq(attendanceEvents.requestKey, tap.key)));
  if (!event) return false;
  const same =
    event.sessionId === sessionId &&
    event.childId === tap.childId &&
    event.day === tap.day &&
    event.kind === tap.kind;
  if (!same) throw conflict(messages.checkInKeyReused);
  return true;
}

const named = (message: string, child: string) => message.replace('{child}', child);

/**
 * Records a tap in one transaction with the parent's e-mail: a check-in (once a day), a
 * check-out to an adult on the child's list (after a check-in, once a day), or a refused pickup
 * (while the child is checked in). The child's place is locked, so taps for one child take turns.
 */
async function writeTap(
  deps: AttendanceDeps,
  hostId: number,
  session: HostSession,
  tap: Tap,
  now: Date,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [place] = await tx
      .select({ id: registrations.id, parentId: registrations.parentId, heldSince: placeHeldSince })
      .from(registrations)
      .where(
        and(
          eq(registrations.sessionId, session.id),
          eq(registrations.childId, tap.childId),
          eq(registrations.status, 'confirmed'),
        ),
      )
      .for('update');
    if (!place) throw notFound(messages.checkInChildNotFound);
    // A retry that raced its first attempt finds it once the lock is free.
    if (await earlierTap(tx, hostId, session.id, tap)) return;
    const [family] = await tx
      .select({
        childFirstName: children.firstName,
        parentFirstName: users.firstName,
        parentLastName: users.lastName,
        parentEmail: users.email,
      })
      .from(children)
      .innerJoin(users, eq(users.id, children.parentId))
      .where(eq(children.id, tap.childId));
    if (!family) throw notFound(messages.checkInChildNotFound);
    const child = family.childFirstName;
    // The person who tapped, by name: a team member, not the organisation (decision 057).
    const [staff] = await tx
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, hostId));
    if (!placeHeldOn(place.heldSince, tap.day, session.timeZone)) {
      const refusal = named(messages.checkInBeforePlace, child).replace('{day}', tap.day);
      throw badRequest(refusal, { day: refusal });
    }
    const kinds = (
      await tx
        .select({ kind: attendanceEvents.kind })
        .from(attendanceEvents)
        .where(
          and(
            eq(attendanceEvents.sessionId, session.id),
            eq(attendanceEvents.childId, tap.childId),
            eq(attendanceEvents.day, tap.day),
          ),
        )
    ).map((event) => event.kind);
    const checkedIn = kinds.includes('check_in');
    const checkedOut = kinds.includes('check_out');
    const facts: AttendanceMailFacts = {
      to: family.parentEmail,
      parentFirstName: family.parentFirstName,
      childFirstName: child,
      campName: session.campName,
      sessionName: session.name,
      day: tap.day,
      childUrl: `${deps.publicUrl}/camper/child/${tap.childId}`,
      staffName: staff ? `${staff.firstName} ${staff.lastName}` : 'the camp staff',
    };
    const event = {
      sessionId: session.id,
      childId: tap.childId,
      day: tap.day,
      kind: tap.kind,
      at: now,
      hostId,
      requestKey: tap.key,
    };
    if (tap.kind === 'check_in') {
      if (checkedIn) throw conflict(named(messages.checkInAlready, child));
      await tx.insert(attendanceEvents).values(event);
      await queueMail(tx, checkedInMail(facts));
    } else if (tap.kind === 'check_out') {
      if (checkedOut) throw conflict(named(messages.checkOutAlready, child));
      if (!checkedIn) throw conflict(named(messages.checkOutNotCheckedIn, child));
      // The parent on the child's account always may collect; anyone else must be on the list.
      const [adult] =
        tap.pickupAdultId === PARENT_COLLECTOR
          ? [
              {
                id: null,
                name: `${family.parentFirstName} ${family.parentLastName}`,
                relationship: PARENT_RELATIONSHIP,
              },
            ]
          : await tx
              .select({
                id: pickupAdults.id,
                name: pickupAdults.name,
                relationship: pickupAdults.relationship,
              })
              .from(pickupAdults)
              .where(and(eq(pickupAdults.id, tap.pickupAdultId), eq(pickupAdults.childId, tap.childId)));
      if (!adult) {
        const refusal = named(messages.checkOutAdultNotAuthorised, child);
        throw badRequest(refusal, { pickupAdultId: refusal });
      }
      await tx.insert(attendanceEvents).values({
        ...event,
        pickupAdultId: adult.id,
        personName: adult.name,
        relationship: adult.relationship,
      });
      await queueMail(tx, collectedMail(facts, adult));
    } else {
      if (checkedOut) throw conflict(named(messages.checkOutAlready, child));
      if (!checkedIn) throw conflict(named(messages.refusalNotCheckedIn, child));
      await tx.insert(attendanceEvents).values({ ...event, personName: tap.name });
      await queueMail(tx, pickupRefusedMail(facts, tap.name));
    }
  });
}

/**
 * Records a tap for the host's session (or answers the same again for a retried one), for the
 * day it names or, naming none, today where the camp is.
 */
export async function recordAttendance(
  deps: AttendanceDeps,
  hostId: number,
  sessionId: number,
  sent: SentTap,
  now: Date = new Date(),
): Promise<CheckInEntry> {
  const session = await hostSession(deps.db, hostId, sessionId);
  const tap: Tap = { ...sent, day: sent.day ?? campDay(now, session.timeZone) };
  if (!(await earlierTap(deps.db, hostId, sessionId, tap))) {
    assertCheckInDay(session, tap.day, now);
    await writeTap(deps, hostId, session, tap, now);
  }
  return checkInEntry(deps.db, deps.storage, session, tap.day, tap.childId);
}
