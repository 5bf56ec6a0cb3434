import { campWallClock } from './camp-clock.ts';
import {
  type DateOptions,
  formatDateRange,
  formatMoment,
  formatMomentDay,
  formatTimeRange,
  formatWeekdays,
} from './format.ts';
import { messages } from './messages.ts';
import { registrationWindow } from './session-window.ts';
import type { CampSession } from './sessions.ts';

type SessionDates = Pick<CampSession, 'startDate' | 'endDate'>;
type SessionTimes = Pick<CampSession, 'startTime' | 'endTime'>;
type SessionWindow = Pick<CampSession, 'registrationOpensAt' | 'registrationClosesAt' | 'timeZone'>;

/** "June 22 – June 26", or 'Year round' for a session without dates. */
export function sessionDatesText(session: SessionDates, options: DateOptions = {}): string {
  return session.startDate ? formatDateRange(session.startDate, session.endDate, options) : 'Year round';
}

/** "Mon–Fri", "Tue, Thu", or null for a session that meets every day of its dates. */
export function sessionDaysText(session: Partial<Pick<CampSession, 'weekdays'>>): string | null {
  return session.weekdays && session.weekdays.length > 0 ? formatWeekdays(session.weekdays) : null;
}

/** "9 AM – 3 PM", or null when the session keeps no daily hours. */
export function sessionTimesText(session: SessionTimes): string | null {
  return session.startTime && session.endTime ? formatTimeRange(session.startTime, session.endTime) : null;
}

/** The daily hours as the contract's camp schedule takes them (see formatCampSchedule). */
export function dailyTimesOf(session: SessionTimes): { start: string; end: string } | null {
  return session.startTime && session.endTime ? { start: session.startTime, end: session.endTime } : null;
}

/**
 * A registration moment on the camp's clock, where hosts enter the window (decision 047): the
 * day alone when it is midnight there, "May 1 at 9 AM PDT" otherwise.
 */
export function windowMomentText(at: string, timeZone: string): string {
  return campWallClock(new Date(at), timeZone).endsWith('T00:00')
    ? formatMomentDay(at, { timeZone })
    : formatMoment(at, { timeZone, showTimeZone: true });
}

/** 'Registration opens May 1.' before the window, 'Registration … has closed.' after it, null while open. */
export function windowNotice(session: SessionWindow, now: Date = new Date()): string | null {
  const state = registrationWindow(session, now);
  if (state === 'not_open' && session.registrationOpensAt) {
    return messages.registrationNotOpen.replace(
      '{date}',
      windowMomentText(session.registrationOpensAt, session.timeZone),
    );
  }
  return state === 'closed' ? messages.registrationClosed : null;
}

/**
 * Why a session cannot be registered for now: its camp's host cannot be paid yet ('Registration
 * opens soon.'), or its window; null while it is open.
 */
export function sessionNotice(
  camp: { takesRegistrations: boolean },
  session: SessionWindow,
  now: Date = new Date(),
): string | null {
  return camp.takesRegistrations ? windowNotice(session, now) : messages.registrationOpensSoon;
}

/** 'Waitlist' or 'Full' once no spot is left, '3 spots left' before (the camp's own word). */
export function spotsLeftText(session: Pick<CampSession, 'spotsLeft' | 'allowsWaitlist'>): string {
  if (session.spotsLeft > 0) return `${session.spotsLeft} ${session.spotsLeft === 1 ? 'spot' : 'spots'} left`;
  return session.allowsWaitlist ? 'Waitlist' : 'Full';
}

/** Cents as the price field takes them: "250", "249.50". */
export function priceFieldText(cents: number): string {
  const dollars = Math.floor(cents / 100);
  const rest = cents % 100;
  return rest === 0 ? String(dollars) : `${dollars}.${String(rest).padStart(2, '0')}`;
}
