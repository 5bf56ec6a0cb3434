import { formatDateRange } from '@campwise/contract/format';
import type { FriendPlace } from '@campwise/contract/friends';
import { holdsPaidPlace } from '@campwise/contract/life-cycles';
import type { Planner, PlannerEntry } from '@campwise/contract/planner';
import type { SearchForm } from '@campwise/contract/search-form';
import { shiftDate } from '@campwise/contract/sessions';

export type PlannerWeek = Planner['weeks'][number];
export type PlannerChild = Planner['children'][number];

/** What the planner lays over the weeks: a place, waitlist place or offer, or a maybe. */
type Dated = Pick<PlannerEntry, 'childId' | 'startDate' | 'endDate' | 'weekdays'>;

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * Whether a dated place (or maybe) meets in a week: its dates overlap the week and, when it
 * meets on some days only, one of those days falls in the overlap (Saturdays only does not
 * fill the week of a session that ends on a Friday).
 */
export function meetsInWeek(entry: Dated, week: PlannerWeek): boolean {
  if (!entry.startDate) return false;
  const first = entry.startDate > week.start ? entry.startDate : week.start;
  const end = entry.endDate ?? entry.startDate;
  const last = end < week.end ? end : week.end;
  if (first > last) return false;
  const days = entry.weekdays;
  if (!days || days.length === 0) return true;
  for (let day = first; day <= last; day = shiftDate(day, 1)) {
    if (days.includes(weekdayOf(day))) return true;
  }
  return false;
}

/** What one child has (or has saved) in one week, in the server's order (soonest first). */
export function entriesInWeek<T extends Dated>(
  entries: readonly T[],
  childId: number,
  week: PlannerWeek,
): T[] {
  return entries.filter((entry) => entry.childId === childId && meetsInWeek(entry, week));
}

/** Places and maybes without dates (year-round camps): listed apart from the weeks. */
export function yearRoundEntries<T extends Dated>(entries: readonly T[]): T[] {
  return entries.filter((entry) => entry.startDate === null);
}

/** A place that is the child's for sure: paid, or being paid. Waitlist places and offers are not yet. */
export const holdsPlace = (entry: PlannerEntry) => holdsPaidPlace(entry.status);

/**
 * Dates in the planner's year are written without it ("June 14 – June 20"); the range's own
 * line says the year once.
 */
export const plannerDateOptions = (planner: Pick<Planner, 'from'>) => ({
  now: new Date(`${planner.from}T12:00:00Z`),
});

/** "June 14 – June 20", the week's Monday to Sunday. */
export function weekLabel(week: PlannerWeek, planner: Pick<Planner, 'from'>): string {
  return formatDateRange(week.start, week.end, plannerDateOptions(planner));
}

/** "June 14 – September 5, 2027": the whole range, with its year. */
export function rangeLabel(planner: Pick<Planner, 'weeks'>): string {
  const first = planner.weeks[0];
  const last = planner.weeks.at(-1);
  if (!first || !last) return '';
  // A far-off "now" makes the range always carry its year.
  return formatDateRange(first.start, last.end, { now: new Date(Date.UTC(1970, 0, 1)) });
}

/**
 * The search for a week a child has nothing in: camps for the child's age with a session from
 * the week's Monday to its Friday, near the family's home ZIP when one is saved.
 */
export function gapSearch(
  child: PlannerChild,
  week: PlannerWeek,
  home: Pick<Planner, 'homeZip' | 'radiusMiles'>,
): SearchForm {
  return {
    // Search takes ages from 1: a baby's search goes without one.
    ...(child.age >= 1 ? { age: String(child.age) } : {}),
    startsFrom: week.start,
    endsBy: shiftDate(week.start, 4),
    ...(home.homeZip ? { zip: home.homeZip } : {}),
    ...(home.homeZip && home.radiusMiles ? { radius: String(home.radiusMiles) } : {}),
  };
}

/** The registrations a warning names, so their cards can say they clash. */
export function clashingIds(planner: Pick<Planner, 'warnings'>): ReadonlySet<number> {
  return new Set(planner.warnings.flatMap((warning) => warning.registrationIds));
}

/** The places of friends' shared children that meet in a week (decision 020). */
export function friendPlacesInWeek(planner: Pick<Planner, 'friendPlaces'>, week: PlannerWeek): FriendPlace[] {
  return planner.friendPlaces.filter((place) => meetsInWeek({ ...place, childId: 0, weekdays: null }, week));
}
