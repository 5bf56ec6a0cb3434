import { messages } from '@campwise/contract/messages';
import type { RegistrationStatus } from '@campwise/contract/registrations';
import { shiftDate } from '@campwise/contract/sessions';

/** A year-round session has no end: its families may review it after this many days of a place. */
export const YEAR_ROUND_REVIEW_AFTER_DAYS = 14;

/** One of the parent's places at the session, with the session's dates. */
export interface PlaceAtSession {
  status: RegistrationStatus;
  startDate: string | null;
  endDate: string | null;
  isYearRound: boolean;
  /** The day the place was taken (yyyy-mm-dd). */
  takenOn: string;
}

/**
 * Whether a place's session is over for reviewing: a dated session once its last day is past;
 * a year-round one (or one without an end) once the place has run for two weeks.
 */
export function placeIsOver(place: PlaceAtSession, today: string): boolean {
  if (place.isYearRound || place.endDate === null) {
    return shiftDate(place.takenOn, YEAR_ROUND_REVIEW_AFTER_DAYS) <= today;
  }
  return place.endDate < today;
}

/**
 * Why the parent may not review the session, or null when they may: one of their children must
 * have held a confirmed place (attendance until there is a check-in) at a session that is over.
 */
export function reviewRefusal(places: PlaceAtSession[], today: string): string | null {
  const attended = places.filter((place) => place.status === 'confirmed');
  if (attended.length === 0) return messages.campReviewNotAttended;
  if (!attended.some((place) => placeIsOver(place, today))) return messages.campReviewSessionNotOver;
  return null;
}

/** "Dana K.": a reviewer's first name and last initial. */
export function authorNameOf(firstName: string, lastName: string): string {
  const initial = lastName.trim().charAt(0).toUpperCase();
  return initial ? `${firstName.trim()} ${initial}.` : firstName.trim();
}
