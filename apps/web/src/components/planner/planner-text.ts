import { type DateOptions, formatMoment, formatMoney } from '@campwise/contract/format';
import type { Maybe, PlannerEntry } from '@campwise/contract/planner';
import {
  sessionDatesText,
  sessionDaysText,
  sessionTimesText,
  spotsLeftText,
} from '@campwise/contract/session-text';
import { maybeTitle, NO_LONGER_AVAILABLE } from '../maybes/maybe-text.ts';

/** The planner's own words (the warnings' come from the server, as they are). */
export const plannerText = {
  description: 'Every child’s camps week by week, and the weeks still open.',
  gap: 'Nothing booked',
  findCamps: 'Find camps for this week',
  noPlaces:
    'Nothing booked in these weeks yet. Each open week links to camps for that child’s age and dates.',
  warningsTitle: 'Worth a second look',
  yearRoundTitle: 'Year-round camps',
  maybe: 'Maybe',
  searchFromTitle: 'Where we search from',
  searchFromHelp: 'Open weeks link to camps near this ZIP code. Leave it empty to search everywhere.',
  rangeTitle: 'Weeks to plan',
  rangeHelp: 'Any day in the first and last week, up to 26 weeks.',
  loading: 'Loading your summer planner',
  loadError: 'We could not load your summer planner.',
  clash: 'Clash',
} as const;

/** "Held until Monday, December 1 at 3 PM": how long an offered spot waits for payment. */
export function offerText(entry: Pick<PlannerEntry, 'offerExpiresAt'>): string | null {
  return entry.offerExpiresAt
    ? `Held until ${formatMoment(entry.offerExpiresAt, { weekday: 'long' })}`
    : null;
}

/** "We search within 25 miles of 60614.", or everywhere without a ZIP. */
export function searchFromSaved(homeZip: string | null, radiusMiles: number | null, defaultMiles: number) {
  return homeZip
    ? `Saved. Camps for an open week are searched within ${radiusMiles ?? defaultMiles} miles of ${homeZip}.`
    : 'Saved. Camps for an open week are searched everywhere.';
}

/**
 * Under the Maybes total: "2 saved sessions", or "None saved"; and how many of them the total
 * leaves out since they can no longer be booked ("2 saved sessions, 1 no longer available").
 */
export function maybesCountText(maybes: readonly Pick<Maybe, 'bookable'>[]): string {
  if (maybes.length === 0) return 'None saved';
  const saved = `${maybes.length} saved ${maybes.length === 1 ? 'session' : 'sessions'}`;
  const gone = maybes.filter((maybe) => !maybe.bookable).length;
  return gone === 0 ? saved : `${saved}, ${gone} ${NO_LONGER_AVAILABLE.toLowerCase()}`;
}

/**
 * A maybe on paper, one line without buttons: "Maybe: Lakeside Days · Week 2, June 21 – June 25
 * · Mon–Fri · 9 AM – 3 PM, $450, 4 spots left".
 */
export function maybePrintText(maybe: Maybe, dateOptions: DateOptions): string {
  const when = [sessionDatesText(maybe, dateOptions), sessionDaysText(maybe), sessionTimesText(maybe)]
    .filter(Boolean)
    .join(' · ');
  const now = maybe.bookable
    ? `${formatMoney(maybe.priceCents)}, ${spotsLeftText(maybe)}`
    : NO_LONGER_AVAILABLE;
  return `${plannerText.maybe}: ${maybeTitle(maybe)}, ${when}, ${now}`;
}
