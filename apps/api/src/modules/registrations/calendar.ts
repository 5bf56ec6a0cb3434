import { formatDateRange } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { type RegistrationStatus, registrationStatusLabels } from '@campwise/contract/registrations';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children, organizations, registrations } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { dayOf } from './lifecycle.ts';
import { placeName } from './place-name.ts';

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

const compactDate = (date: string) => date.replaceAll('-', '');

function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return dayOf(next);
}

/** What a calendar event of a place is made from (select with `calendarColumns`). */
export const calendarColumns = {
  id: registrations.id,
  campId: camps.id,
  campName: camps.name,
  orgName: organizations.name,
  address: camps.address,
  city: camps.city,
  state: camps.state,
  zip: camps.zip,
  isVirtual: camps.isVirtual,
  startDate: campSessions.startDate,
  endDate: campSessions.endDate,
  sessionName: campSessions.name,
  sessionCount: camps.sessionCount,
  childFirstName: children.firstName,
  status: registrations.status,
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
  sessionName: string;
  sessionCount: number;
  childFirstName: string;
  status: RegistrationStatus;
};

/** One all-day event per dated place; a place's UID stays the same, so a calendar updates it. */
function placeEvent(
  place: CalendarPlace & { startDate: string },
  publicUrl: string,
  stamp: string,
  now: Date,
) {
  const location = place.isVirtual
    ? 'Virtual'
    : [place.address, place.city, [place.state, place.zip].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', ');
  return [
    'BEGIN:VEVENT',
    `UID:registration-${place.id}@campwise`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compactDate(place.startDate)}`,
    `DTEND;VALUE=DATE:${compactDate(dayAfter(place.endDate ?? place.startDate))}`,
    `STATUS:${icsStatus(place.status)}`,
    `SUMMARY:${icsText(`${placeName({ name: place.campName, ...place })} (${place.childFirstName})`)}`,
    `LOCATION:${icsText(location)}`,
    `DESCRIPTION:${icsText(`${place.campName} by ${place.orgName}, ${formatDateRange(place.startDate, place.endDate, { now })}. Status: ${registrationStatusLabels[place.status]}.`)}`,
    `URL:${publicUrl}/camps/${place.campId}`,
    'END:VEVENT',
  ];
}

/** An iCalendar file of the dated places (year-round ones have no dates to add). */
export function calendarFile(places: readonly CalendarPlace[], publicUrl: string, now: Date): string {
  const stamp = `${now.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Campwise//Registrations//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...places.flatMap((place) =>
      place.startDate ? placeEvent({ ...place, startDate: place.startDate }, publicUrl, stamp, now) : [],
    ),
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** An all-day calendar event for one of the parent's registrations (dated camps only). */
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
