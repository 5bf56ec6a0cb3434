import { formatDate } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import type { PlannerWarning } from '@campwise/contract/planner';
import { shiftDate } from '@campwise/contract/sessions';
import { type Coordinates, distanceMiles } from '../../platform/geo.ts';

/** Farther apart than this, two drop-offs at the same time cannot be made by one adult. */
export const DROP_OFF_MILES = 10;
/** Drop-offs this close in time count as "at the same time". */
const DROP_OFF_MINUTES = 30;

export interface PlannedPlace {
  registrationId: number;
  childId: number;
  childFirstName: string;
  /** What the place is called ("Soccer Camp (Week 2)"). */
  name: string;
  startDate: string | null;
  endDate: string | null;
  startTime: string | null;
  endTime: string | null;
  weekdays: readonly number[] | null;
  location: Coordinates | null;
}

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The first date both places meet on, or null when they never meet on the same day. */
function firstSharedDay(a: PlannedPlace, b: PlannedPlace): string | null {
  if (!a.startDate || !b.startDate) return null;
  const from = a.startDate > b.startDate ? a.startDate : b.startDate;
  const endA = a.endDate ?? a.startDate;
  const endB = b.endDate ?? b.startDate;
  const to = endA < endB ? endA : endB;
  for (let day = from; day <= to; day = shiftDate(day, 1)) {
    const weekday = weekdayOf(day);
    if ((a.weekdays ?? [weekday]).includes(weekday) && (b.weekdays ?? [weekday]).includes(weekday))
      return day;
  }
  return null;
}

/**
 * What the planner warns about: one child in two places that meet on the same day at overlapping
 * hours (a waitlist place beside a place, say), and two children whose camps start within half
 * an hour of each other on the same day more than 10 miles apart (one adult cannot do both
 * drop-offs). Virtual camps and places without times or places never clash on the road.
 */
export function plannerWarnings(places: readonly PlannedPlace[]): PlannerWarning[] {
  const warnings: PlannerWarning[] = [];
  for (const [index, a] of places.entries()) {
    for (const b of places.slice(index + 1)) {
      const day = firstSharedDay(a, b);
      if (!day) continue;
      if (a.childId === b.childId) {
        const hoursApart =
          a.startTime &&
          a.endTime &&
          b.startTime &&
          b.endTime &&
          (a.endTime <= b.startTime || b.endTime <= a.startTime);
        if (hoursApart) continue;
        warnings.push({
          kind: 'overlap',
          registrationIds: [a.registrationId, b.registrationId],
          message: messages.plannerOverlap
            .replace('{child}', a.childFirstName)
            .replace('{first}', a.name)
            .replace('{second}', b.name),
        });
        continue;
      }
      if (!a.startTime || !b.startTime || !a.location || !b.location) continue;
      if (Math.abs(minutesOf(a.startTime) - minutesOf(b.startTime)) > DROP_OFF_MINUTES) continue;
      const miles = distanceMiles(a.location, b.location);
      if (miles <= DROP_OFF_MILES) continue;
      warnings.push({
        kind: 'drop_off',
        registrationIds: [a.registrationId, b.registrationId],
        message: messages.plannerDropOff
          .replace('{day}', formatDate(day, { weekday: 'short' }))
          .replace('{first}', `${a.childFirstName} at ${a.name}`)
          .replace('{second}', `${b.childFirstName} at ${b.name}`)
          .replace('{miles}', String(Math.round(miles))),
      });
    }
  }
  return warnings;
}
