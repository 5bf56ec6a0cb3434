import { formatCampSchedule, formatMoney } from '@campwise/contract/format';
import {
  criteriaToForm,
  DIGEST_MAX_SESSIONS,
  type SavedSearchCriteria,
} from '@campwise/contract/saved-searches';
import { searchFormToParams } from '@campwise/contract/search-form';
import { placeName } from '../../shared/place-name.ts';
import type { DigestSession } from '../mail/index.ts';

/** A digest goes out at most once a week per saved search (decision 022). */
export const DIGEST_INTERVAL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Whether a saved search's digest is due: on, and its last check (or, for a new search, its
 * saving) is a week old or more. The job asks the same of the database.
 */
export function isDigestDue(search: { digest: boolean; digestCheckedAt: Date }, now: Date): boolean {
  return search.digest && search.digestCheckedAt.getTime() <= digestDueBefore(now).getTime();
}

/** Searches checked at or before this moment are due. */
export function digestDueBefore(now: Date): Date {
  return new Date(now.getTime() - DIGEST_INTERVAL_MS);
}

/** A session created since the last digest that matches the search. */
export interface NewSession {
  sessionId: number;
  sessionName: string;
  campId: number;
  campName: string;
  sessionCount: number;
  startDate: string | null;
  endDate: string | null;
  isYearRound: boolean;
  weekdays: number[] | null;
  priceCents: number;
}

/** The results page for a saved search: where "See all results" leads. */
export function resultsUrl(publicUrl: string, criteria: SavedSearchCriteria): string {
  const query = searchFormToParams(criteriaToForm(criteria)).toString();
  return `${publicUrl}/searchresults${query ? `?${query}` : ''}`;
}

/**
 * The lines of a digest: the first sessions (soonest first, as found), each with its camp,
 * dates, price and a link to the camp; past the cap, how many of the `total` are left out.
 */
export function digestLines(
  sessions: NewSession[],
  total: number,
  publicUrl: string,
  now: Date,
): { sessions: DigestSession[]; moreCount: number } {
  return {
    sessions: sessions.slice(0, DIGEST_MAX_SESSIONS).map((session) => ({
      campName: placeName({
        name: session.campName,
        sessionName: session.sessionName,
        sessionCount: session.sessionCount,
      }),
      dates: formatCampSchedule(session, { now }) ?? 'Year round',
      price: formatMoney(session.priceCents),
      url: `${publicUrl}/camps/${session.campId}`,
    })),
    moreCount: Math.max(0, total - Math.min(sessions.length, DIGEST_MAX_SESSIONS)),
  };
}
