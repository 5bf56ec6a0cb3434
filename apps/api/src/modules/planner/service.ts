import { campDay } from '@campwise/contract/camp-clock';
import { ageOn } from '@campwise/contract/children';
import { ACTIVE_PLACE_STATUSES } from '@campwise/contract/life-cycles';
import { messages } from '@campwise/contract/messages';
import {
  openingRange,
  type Planner,
  type PlannerPreferences,
  type PlannerQuery,
  plannerWeeks,
} from '@campwise/contract/planner';
import { timeZoneOfZip } from '@campwise/contract/time-zones';
import { and, asc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children, organizations, registrations, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { zipCentroid } from '../../platform/geo.ts';
import { placeName } from '../../shared/place-name.ts';
import { friendPlacesIn } from '../friends/index.ts';
import { calendarColumns, calendarFile } from '../registrations/index.ts';
import { listMaybes, maybesIn } from './maybes.ts';
import { plannerWarnings } from './warnings.ts';

/**
 * The weeks asked for, or those the planner opens on from today where the family lives (in the
 * zone of its home ZIP, by the rule an organisation's zone is suggested by; UTC without one):
 * the coming school summer, or the weeks of the family's coming places when none is in it.
 */
async function rangeOf(
  db: Database,
  parentId: number,
  query: PlannerQuery,
  now: Date,
  homeZip: string | null,
): Promise<{ from: string; to: string }> {
  if (query.from && query.to) return { from: query.from, to: query.to };
  const today = campDay(now, homeZip ? timeZoneOfZip(homeZip) : 'UTC');
  const places = await db
    .select({ startDate: sql<string>`${campSessions.startDate}`, endDate: campSessions.endDate })
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .where(
      and(
        eq(registrations.parentId, parentId),
        inArray(registrations.status, [...ACTIVE_PLACE_STATUSES]),
        isNotNull(campSessions.startDate),
        sql`coalesce(${campSessions.endDate}, ${campSessions.startDate}) >= ${today}`,
      ),
    );
  return openingRange(today, places);
}

async function homeZipOf(db: Database, parentId: number): Promise<string | null> {
  const [parent] = await db.select({ homeZip: users.homeZip }).from(users).where(eq(users.id, parentId));
  return parent?.homeZip ?? null;
}

/** The family's places, waitlist places and offers that meet in the range, and year-round ones. */
function activePlacesIn(parentId: number, from: string, to: string) {
  return and(
    eq(registrations.parentId, parentId),
    inArray(registrations.status, [...ACTIVE_PLACE_STATUSES]),
    or(
      isNull(campSessions.startDate),
      and(
        lte(campSessions.startDate, to),
        sql`coalesce(${campSessions.endDate}, ${campSessions.startDate}) >= ${from}`,
      ),
    ),
  );
}

/**
 * The family's summer (decision 019): the weeks, the children, every place, waitlist place and
 * offer laid over them, what is paid, and what clashes.
 */
export async function readPlanner(
  db: Database,
  parentId: number,
  query: PlannerQuery,
  now: Date = new Date(),
): Promise<Planner> {
  const [parent] = await db
    .select({ homeZip: users.homeZip, radiusMiles: users.searchRadiusMiles })
    .from(users)
    .where(eq(users.id, parentId));
  if (!parent) throw notFound();
  const { from, to } = await rangeOf(db, parentId, query, now, parent.homeZip);
  const kids = await db
    .select({
      id: children.id,
      firstName: children.firstName,
      lastName: children.lastName,
      birthday: children.birthday,
    })
    .from(children)
    .where(eq(children.parentId, parentId))
    .orderBy(asc(children.firstName), asc(children.id));
  const rows = await db
    .select({
      registrationId: registrations.id,
      childId: registrations.childId,
      childFirstName: children.firstName,
      campId: camps.id,
      campName: camps.name,
      sessionId: campSessions.id,
      sessionName: campSessions.name,
      sessionCount: camps.sessionCount,
      status: registrations.status,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
      startTime: campSessions.startTime,
      endTime: campSessions.endTime,
      weekdays: campSessions.weekdays,
      city: camps.city,
      state: camps.state,
      isVirtual: camps.isVirtual,
      latitude: camps.latitude,
      longitude: camps.longitude,
      amountCents: registrations.amountCents,
      refundedCents: registrations.refundedCents,
      offerExpiresAt: registrations.offerExpiresAt,
    })
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(children, eq(children.id, registrations.childId))
    .where(activePlacesIn(parentId, from, to))
    .orderBy(sql`${campSessions.startDate} asc nulls last`, asc(registrations.id));
  const paid = rows.filter((row) => row.status === 'confirmed');
  const maybes = await listMaybes(db, parentId, maybesIn(from, to));
  return {
    from,
    to,
    weeks: plannerWeeks(from, to),
    children: kids.map(({ birthday, ...kid }) => ({ ...kid, age: ageOn(birthday, from) })),
    entries: rows.map(({ childFirstName, sessionCount, latitude, longitude, offerExpiresAt, ...row }) => ({
      ...row,
      severalSessions: sessionCount > 1,
      offerExpiresAt: offerExpiresAt ? offerExpiresAt.toISOString() : null,
    })),
    maybes,
    totals: {
      paidCents: paid.reduce((sum, row) => sum + row.amountCents - row.refundedCents, 0),
      maybesCents: maybes.reduce((sum, maybe) => sum + (maybe.bookable ? maybe.priceCents : 0), 0),
      places: paid.length + rows.filter((row) => row.status === 'pending_payment').length,
      waitlisted: rows.filter((row) => row.status === 'waitlisted').length,
      offered: rows.filter((row) => row.status === 'offered').length,
    },
    warnings: plannerWarnings(
      rows.map((row) => ({
        registrationId: row.registrationId,
        childId: row.childId,
        childFirstName: row.childFirstName,
        name: placeName({ name: row.campName, sessionName: row.sessionName, sessionCount: row.sessionCount }),
        startDate: row.startDate,
        endDate: row.endDate,
        startTime: row.startTime,
        endTime: row.endTime,
        weekdays: row.weekdays,
        location:
          row.isVirtual || row.latitude === null || row.longitude === null
            ? null
            : { latitude: row.latitude, longitude: row.longitude },
      })),
    ),
    homeZip: parent.homeZip,
    radiusMiles: parent.radiusMiles,
    friendPlaces: await friendPlacesIn(db, parentId, from, to),
  };
}

/** One calendar file of the family's summer: every dated place, waitlist place and offer in the range. */
export async function plannerCalendar(
  db: Database,
  parentId: number,
  query: PlannerQuery,
  publicUrl: string,
  now: Date = new Date(),
): Promise<{ filename: string; body: string }> {
  const { from, to } = await rangeOf(db, parentId, query, now, await homeZipOf(db, parentId));
  const places = await db
    .select(calendarColumns)
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(children, eq(children.id, registrations.childId))
    .where(activePlacesIn(parentId, from, to))
    .orderBy(sql`${campSessions.startDate} asc nulls last`, asc(registrations.id));
  return { filename: `summer-${from.slice(0, 4)}.ics`, body: calendarFile(places, publicUrl, now) };
}

export async function savePlannerPreferences(
  db: Database,
  parentId: number,
  preferences: PlannerPreferences,
): Promise<PlannerPreferences> {
  // A ZIP the search does not know would make every "find camps" search fail.
  if (preferences.homeZip && !zipCentroid(preferences.homeZip)) {
    throw badRequest(messages.unknownZip, { homeZip: messages.unknownZip });
  }
  await db
    .update(users)
    .set({ homeZip: preferences.homeZip, searchRadiusMiles: preferences.radiusMiles, updatedAt: new Date() })
    .where(eq(users.id, parentId));
  return preferences;
}
