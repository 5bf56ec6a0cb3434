import { campDay } from '@campwise/contract/camp-clock';
import {
  HOST_WEEK_DAYS,
  type HostToday,
  MONEY_DUE_DAYS,
  type MoneyDue,
  nextMeeting,
  type TodaySession,
} from '@campwise/contract/host-today';
import { and, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  children,
  instalments,
  organizations,
  paymentPlans,
  registrations,
} from '../../db/schema.ts';
import { memberOf } from '../access/index.ts';
import { placesMissingForms } from '../camp-forms/index.ts';

/** How many of the week's new places the home lists by name. */
const LATEST_PLACES = 5;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The sessions a host (or a team member who checks children in) works today and later this
 * week, each with its places and today's check-ins, today's first.
 */
async function weekSessions(db: Database, personId: number, now: Date): Promise<TodaySession[]> {
  // A day either side of the server's: each camp's own day is decided below, in its zone.
  const serverDay = now.toISOString().slice(0, 10);
  const rows = await db
    .select({
      sessionId: campSessions.id,
      sessionName: campSessions.name,
      campId: camps.id,
      campName: camps.name,
      orgName: organizations.name,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
      weekdays: campSessions.weekdays,
      timeZone: camps.timeZone,
      places: sql<number>`(select count(*)::int from registrations r
        where r.session_id = ${campSessions.id} and r.status = 'confirmed')`,
      checkedInByDay: sql<Record<string, number> | null>`(select json_object_agg(day, n) from (
        select e.day::text as day, count(*)::int as n from attendance_events e
        where e.session_id = ${campSessions.id} and e.kind = 'check_in'
          and e.day >= ${serverDay}::date - 1 and e.day <= ${serverDay}::date + 1
        group by e.day) d)`,
    })
    .from(campSessions)
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(
      and(
        eq(campSessions.status, 'scheduled'),
        sql`(${campSessions.endDate} is null or ${campSessions.endDate} >= ${serverDay}::date - 1)`,
        sql`(${campSessions.startDate} is null or ${campSessions.startDate} <= ${serverDay}::date + ${HOST_WEEK_DAYS}::int)`,
        memberOf(camps.orgId, personId, 'check-in', campSessions.id),
      ),
    );
  const week: Omit<TodaySession, 'formsMissing'>[] = [];
  for (const { startDate, endDate, weekdays, timeZone, checkedInByDay, ...row } of rows) {
    const today = campDay(now, timeZone);
    const meetsOn = nextMeeting({ startDate, endDate, weekdays }, today);
    if (meetsOn === null) continue;
    const checkedIn = meetsOn === today ? (checkedInByDay?.[today] ?? 0) : 0;
    week.push({ ...row, today, meetsOn, checkedIn });
  }
  const missing = await formsMissingBySession(
    db,
    week.map((session) => session.sessionId),
  );
  return week
    .map((session) => ({ ...session, formsMissing: missing.get(session.sessionId) ?? 0 }))
    .sort(
      (a, b) =>
        Number(b.meetsOn === b.today) - Number(a.meetsOn === a.today) ||
        a.meetsOn.localeCompare(b.meetsOn) ||
        a.campName.localeCompare(b.campName) ||
        a.sessionId - b.sessionId,
    );
}

/** Per session, its confirmed places whose family still owes the camp's forms something. */
async function formsMissingBySession(db: Database, sessionIds: number[]): Promise<Map<number, number>> {
  const counts = new Map<number, number>();
  if (sessionIds.length === 0) return counts;
  const places = await db
    .select({
      sessionId: registrations.sessionId,
      campId: registrations.campId,
      parentId: registrations.parentId,
      childId: registrations.childId,
    })
    .from(registrations)
    .where(and(inArray(registrations.sessionId, sessionIds), eq(registrations.status, 'confirmed')));
  for (const campId of new Set(places.map((place) => place.campId))) {
    const own = places.filter((place) => place.campId === campId);
    const owing = await placesMissingForms(db, campId, own);
    for (const place of own) {
      if (owing.has(`${place.parentId}:${place.childId}`)) {
        counts.set(place.sessionId, (counts.get(place.sessionId) ?? 0) + 1);
      }
    }
  }
  return counts;
}

/**
 * Instalments of the organisations whose money the person sees: those due within the next
 * MONEY_DUE_DAYS, and those that failed; null when they see no organisation's money.
 */
async function moneyDue(db: Database, personId: number, now: Date): Promise<MoneyDue | null> {
  const [seen] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(organizations)
    .where(memberOf(organizations.id, personId, 'money'));
  if (!seen?.count) return null;
  const until = new Date(now.getTime() + MONEY_DUE_DAYS * DAY_MS).toISOString().slice(0, 10);
  const [row] = await db
    .select({
      dueSoonCents: sql<number>`coalesce(sum(${instalments.amountCents}) filter (where ${instalments.status} = 'scheduled' and ${instalments.dueDate} <= ${until}), 0)::int`,
      dueSoonCount: sql<number>`(count(*) filter (where ${instalments.status} = 'scheduled' and ${instalments.dueDate} <= ${until}))::int`,
      failedCents: sql<number>`coalesce(sum(${instalments.amountCents}) filter (where ${instalments.status} = 'failed'), 0)::int`,
      failedCount: sql<number>`(count(*) filter (where ${instalments.status} = 'failed'))::int`,
    })
    .from(instalments)
    .innerJoin(paymentPlans, eq(paymentPlans.id, instalments.planId))
    .innerJoin(camps, eq(camps.id, paymentPlans.campId))
    .where(
      and(inArray(instalments.status, ['scheduled', 'failed']), memberOf(camps.orgId, personId, 'money')),
    );
  return row ?? { dueSoonCents: 0, dueSoonCount: 0, failedCents: 0, failedCount: 0 };
}

/** Places confirmed in the last seven days in the organisations whose rosters the person reads. */
async function newPlaces(db: Database, personId: number, now: Date): Promise<HostToday['newPlaces']> {
  const since = new Date(now.getTime() - HOST_WEEK_DAYS * DAY_MS);
  const lately = and(
    eq(registrations.status, 'confirmed'),
    gte(registrations.createdAt, since),
    memberOf(camps.orgId, personId, 'roster'),
  );
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(registrations)
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .where(lately);
  const latest = await db
    .select({
      registrationId: registrations.id,
      childFirstName: children.firstName,
      campId: camps.id,
      campName: camps.name,
      sessionName: campSessions.name,
      at: registrations.createdAt,
    })
    .from(registrations)
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(children, eq(children.id, registrations.childId))
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .where(lately)
    .orderBy(desc(registrations.createdAt), desc(registrations.id))
    .limit(LATEST_PLACES);
  return {
    count: total?.count ?? 0,
    latest: latest.map((place) => ({ ...place, at: place.at.toISOString() })),
  };
}

/** A host's home: what happens today and this week, and who booked lately. */
export async function hostToday(db: Database, personId: number, now = new Date()): Promise<HostToday> {
  const [sessions, places, money] = await Promise.all([
    weekSessions(db, personId, now),
    newPlaces(db, personId, now),
    moneyDue(db, personId, now),
  ]);
  return { sessions, newPlaces: places, moneyDue: money };
}
