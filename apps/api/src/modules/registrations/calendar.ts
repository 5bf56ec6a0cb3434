import { campMoment } from '@campwise/contract/camp-clock';
import { formatDateRange } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { type RegistrationStatus, registrationStatusLabels } from '@campwise/contract/registrations';
import { shiftDate } from '@campwise/contract/sessions';
import { tzOffset, tzScan } from '@date-fns/tz';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children, organizations, registrations } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { placeName } from '../../shared/place-name.ts';

/** Text for an iCalendar property: backslashes, separators and line breaks escaped. */
function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n');
}

/** Lines longer than 75 octets are folded, as RFC 5545 asks, between characters (never inside one). */
function foldLine(line: string): string {
  const parts: string[] = [];
  let part = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char);
    if (octets + size > 75) {
      parts.push(part);
      part = ' ';
      octets = 1;
    }
    part += char;
    octets += size;
  }
  parts.push(part);
  return parts.join('\r\n');
}

/** The event's STATUS: a calendar that imported it earlier shows a cancelled place as cancelled. */
function icsStatus(status: RegistrationStatus): 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED' {
  if (status === 'confirmed') return 'CONFIRMED';
  return status === 'waitlisted' || status === 'offered' || status === 'pending_payment'
    ? 'TENTATIVE'
    : 'CANCELLED';
}

export const compactDate = (date: string) => date.replaceAll('-', '');
/** A wall-clock time at the camp, "20260706T090000", for a property with the camp's TZID. */
export const localStamp = (date: string, time: string) => `${compactDate(date)}T${time.replace(':', '')}00`;
/** An instant in UTC, "20260710T160000Z". */
const utcStamp = (at: Date) => `${at.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

const ICS_DAYS = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'] as const;
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The session's first day it meets: its start date, or the next of its weekdays. */
export function firstMeeting(startDate: string, weekdays: readonly number[] | null): string {
  let day = startDate;
  for (let step = 0; step < 7 && weekdays !== null && !weekdays.includes(weekdayOf(day)); step += 1) {
    day = shiftDate(day, 1);
  }
  return day;
}

/** "-0700" for -420 minutes. */
function icsOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const whole = Math.abs(minutes);
  return `${sign}${String(Math.floor(whole / 60)).padStart(2, '0')}${String(whole % 60).padStart(2, '0')}`;
}

/** The wall-clock moment just before a change, in the offset it changes from: "20260308T020000". */
function onsetStamp(at: Date, offsetFrom: number): string {
  return new Date(at.getTime() + offsetFrom * 60_000).toISOString().replace(/[-:]/g, '').slice(0, 15);
}

/**
 * The VTIMEZONE of a zone over the years `from`–`to` (RFC 5545 asks one for each TZID used): the
 * offset it starts those years in, then each change in them, read from the zone's rules by
 * @date-fns/tz. A zone without daylight saving (Arizona, Hawaii) has one observance.
 */
function timeZoneBlock(timeZone: string, fromYear: number, toYear: number): string[] {
  const start = new Date(Date.UTC(fromYear, 0, 1));
  const changes = tzScan(timeZone, { start, end: new Date(Date.UTC(toYear + 1, 0, 1)) });
  const first = tzOffset(timeZone, start);
  const observance = (kind: 'STANDARD' | 'DAYLIGHT', onset: string, from: number, to: number) => [
    `BEGIN:${kind}`,
    `DTSTART:${onset}`,
    `TZOFFSETFROM:${icsOffset(from)}`,
    `TZOFFSETTO:${icsOffset(to)}`,
    `END:${kind}`,
  ];
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  // The offset in force when the years begin, from well before them.
  lines.push(...observance('STANDARD', '19700101T000000', first, first));
  for (const change of changes) {
    const from = change.offset - change.change;
    lines.push(
      ...observance(
        change.change > 0 ? 'DAYLIGHT' : 'STANDARD',
        onsetStamp(change.date, from),
        from,
        change.offset,
      ),
    );
  }
  lines.push('END:VTIMEZONE');
  return lines;
}

/**
 * When the event happens. A session with daily hours is a timed event on its first meeting day,
 * in the camp's zone (TZID), repeated on its weekdays (every day without any) until its last day;
 * a session without hours is one all-day block from its first to its last day.
 */
function eventTimes(place: EventWhen): string[] {
  const lastDay = place.endDate ?? place.startDate;
  if (place.startTime === null || place.endTime === null) {
    return [
      `DTSTART;VALUE=DATE:${compactDate(place.startDate)}`,
      `DTEND;VALUE=DATE:${compactDate(shiftDate(lastDay, 1))}`,
    ];
  }
  const first = firstMeeting(place.startDate, place.weekdays);
  const zone = `TZID=${place.timeZone}`;
  const lines = [
    `DTSTART;${zone}:${localStamp(first, place.startTime)}`,
    `DTEND;${zone}:${localStamp(first, place.endTime)}`,
  ];
  const rule = recurrence({ ...place, startTime: place.startTime }, first);
  return rule ? [...lines, rule] : lines;
}

/**
 * A timed session's repetition after its first meeting day, "RRULE:…", until its last day's start
 * in the camp's zone (UNTIL is in UTC when DTSTART has a zone, RFC 5545); null when it meets once.
 */
export function recurrence(
  place: Pick<EventWhen, 'startDate' | 'endDate' | 'weekdays' | 'timeZone'> & { startTime: string },
  first: string,
): string | null {
  const lastDay = place.endDate ?? place.startDate;
  if (lastDay <= first) return null;
  const until = utcStamp(campMoment(lastDay, place.startTime, place.timeZone));
  return place.weekdays === null
    ? `RRULE:FREQ=DAILY;UNTIL=${until}`
    : `RRULE:FREQ=WEEKLY;BYDAY=${place.weekdays.map((day) => ICS_DAYS[day]).join(',')};UNTIL=${until}`;
}

/** Where a camp meets, as `campLocation` reads it. */
export const campPlaceColumns = {
  address: camps.address,
  city: camps.city,
  state: camps.state,
  zip: camps.zip,
  isVirtual: camps.isVirtual,
};

/** What a calendar event of a place is made from (select with `calendarColumns`). */
export const calendarColumns = {
  id: registrations.id,
  campId: camps.id,
  campName: camps.name,
  orgName: organizations.name,
  ...campPlaceColumns,
  startDate: campSessions.startDate,
  endDate: campSessions.endDate,
  startTime: campSessions.startTime,
  endTime: campSessions.endTime,
  weekdays: campSessions.weekdays,
  timeZone: camps.timeZone,
  sessionName: campSessions.name,
  sessionCount: camps.sessionCount,
  childFirstName: children.firstName,
  status: registrations.status,
  /** Seconds from the place's making to its last change: grows with each change (a move, a cancellation). */
  sequence: sql<number>`floor(extract(epoch from (${registrations.updatedAt} - ${registrations.createdAt})))::int`,
};
export type CalendarPlace = {
  id: number;
  campId: number;
  campName: string;
  orgName: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  isVirtual: boolean;
  startDate: string | null;
  endDate: string | null;
  /** Daily hours, wall-clock HH:MM at the camp; null for a session without hours. */
  startTime: string | null;
  endTime: string | null;
  /** The days of the week it meets (0 is Sunday); null: every day. */
  weekdays: number[] | null;
  /** The camp's IANA zone, its organisation's. */
  timeZone: string;
  sessionName: string;
  sessionCount: number;
  childFirstName: string;
  status: RegistrationStatus;
  /** RFC 5545's SEQUENCE: a subscribed calendar replaces its copy of the event when it grows. */
  sequence: number;
};

/** What a place's event says, whatever carries it. */
export type EventPlace = Omit<CalendarPlace, 'id' | 'sequence'> & { startDate: string };

/** A place's event in words: its title, where it is and what it is, for a file or a calendar's link. */
export function placeEventText(place: EventPlace, now: Date) {
  return {
    title: `${placeName({ name: place.campName, ...place })} (${place.childFirstName})`,
    location: campLocation(place),
    description: `${place.campName} by ${place.orgName}, ${formatDateRange(place.startDate, place.endDate, { now })}. Status: ${registrationStatusLabels[place.status]}.`,
  };
}

/** Where a camp meets, as one line: its address, or "Virtual". */
export const campLocation = (
  camp: Pick<CalendarPlace, 'isVirtual' | 'address' | 'city' | 'state' | 'zip'>,
) =>
  camp.isVirtual
    ? 'Virtual'
    : [camp.address, camp.city, [camp.state, camp.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** When an event happens: a session's days and daily hours, in its camp's zone. */
export type EventWhen = Pick<CalendarPlace, 'endDate' | 'startTime' | 'endTime' | 'weekdays' | 'timeZone'> & {
  startDate: string;
};

/** One event of a calendar file. Its UID stays the same, so a calendar updates it; it names the site's own host. */
export interface IcsEvent extends EventWhen {
  uid: string;
  /** RFC 5545's SEQUENCE: a subscribed calendar replaces its copy of the event when it grows. */
  sequence: number;
  status: 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';
  title: string;
  location: string;
  description: string;
  url: string;
}

function eventLines(event: IcsEvent, stamp: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${stamp}`,
    `SEQUENCE:${Math.max(0, event.sequence)}`,
    ...eventTimes(event),
    `STATUS:${event.status}`,
    `SUMMARY:${icsText(event.title)}`,
    `LOCATION:${icsText(event.location)}`,
    `DESCRIPTION:${icsText(event.description)}`,
    `URL:${event.url}`,
    'END:VEVENT',
  ];
}

/**
 * An iCalendar file of events, timed in their camps' zones when they have hours (else all day),
 * with a VTIMEZONE for each zone a timed event names, covering the years its events fall in.
 */
export function icsFile(events: readonly IcsEvent[], now: Date): string {
  const years = new Map<string, { from: number; to: number }>();
  for (const event of events) {
    if (event.startTime === null || event.endTime === null) continue;
    const from = Number(event.startDate.slice(0, 4));
    const to = Number((event.endDate ?? event.startDate).slice(0, 4));
    const seen = years.get(event.timeZone);
    years.set(event.timeZone, {
      from: Math.min(from, seen?.from ?? from),
      to: Math.max(to, seen?.to ?? to),
    });
  }
  const stamp = utcStamp(now);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Campwise//Registrations//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...[...years].flatMap(([zone, span]) => timeZoneBlock(zone, span.from, span.to)),
    ...events.flatMap((event) => eventLines(event, stamp)),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** A calendar file of the dated places (year-round ones have no dates to add), one event each. */
export function calendarFile(places: readonly CalendarPlace[], publicUrl: string, now: Date): string {
  const events = places.flatMap((place): IcsEvent[] => {
    if (!place.startDate) return [];
    const dated = { ...place, startDate: place.startDate };
    return [
      {
        ...dated,
        ...placeEventText(dated, now),
        uid: `registration-${place.id}@${new URL(publicUrl).hostname}`,
        status: icsStatus(place.status),
        url: `${publicUrl}/camps/${place.campId}`,
      },
    ];
  });
  return icsFile(events, now);
}

/** A calendar event for one of the parent's registrations (dated camps only). */
export async function registrationCalendar(
  db: Database,
  parentId: number,
  registrationId: number,
  publicUrl: string,
  now: Date = new Date(),
): Promise<{ filename: string; body: string }> {
  const [row] = await db
    .select(calendarColumns)
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(children, eq(children.id, registrations.childId))
    .where(and(eq(registrations.id, registrationId), eq(registrations.parentId, parentId)));
  if (!row) throw notFound(messages.registrationNotFound);
  if (!row.startDate) throw conflict(messages.calendarNoDates);
  const slug =
    row.campName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'camp';
  return {
    filename: `${slug}-${row.childFirstName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.ics`,
    body: calendarFile([row], publicUrl, now),
  };
}
