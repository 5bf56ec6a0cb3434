import { MONTH_NAMES } from './calendar.ts';

/**
 * How Campwise writes money, dates and times: on screens, in e-mails and in calendar files alike.
 *
 * - Money is whole cents in, US dollars out, with cents only when there are some: "$1,234",
 *   "$1,234.50".
 * - A day is written out in words ("June 15"), with its year only when that is not this year
 *   ("June 15, 2027"). `now` decides what this year is, so a caller (and a test) can fix it.
 * - A range takes an en dash ("June 15 – June 19"); a range of one day is that one day.
 * - Weekdays ("Mon–Fri") and daily times ("9 AM – 3 PM") are added where they are known.
 */

/** Options every date formatter takes. */
export interface DateOptions {
  /** Decides what "this year" is; the current moment when left out. */
  now?: Date;
  /** Adds the weekday: "Monday, June 15" (long) or "Mon, June 15" (short). */
  weekday?: 'long' | 'short';
}

/** Options of a moment in time: dates options plus the time zone it is written in. */
export interface MomentOptions extends DateOptions {
  /** An IANA time zone ("UTC", "America/Chicago"); the runtime's own when left out. */
  timeZone?: string;
  /** Writes the time zone's short name after the time: "4 PM UTC". */
  showTimeZone?: boolean;
  /** "Nov 23, 1:59 PM", where a table column has little room. */
  compact?: boolean;
}

export const EN_DASH = '–';

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

const shortName = (name: string) => name.slice(0, 3);

// ---------------------------------------------------------------------------------------------
// Money.

/**
 * Whole cents as US dollars: "$1,234", "$1,234.50", "-$5"; with `withCents`, always with its
 * cents ("$414.00").
 */
export function formatMoney(cents: number, { withCents = false }: { withCents?: boolean } = {}): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`money is a whole number of cents, not ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const magnitude = Math.abs(cents);
  const dollars = String(Math.floor(magnitude / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const rest = magnitude % 100;
  return `${sign}$${dollars}${rest === 0 && !withCents ? '' : `.${String(rest).padStart(2, '0')}`}`;
}

/**
 * The money format of one view: when any of its amounts has cents, every amount shows them, so
 * "$414.00" sits above "$372.60" rather than "$414"; otherwise whole dollars.
 */
export function moneyFormatFor(amounts: readonly number[]): (cents: number) => string {
  const withCents = amounts.some((cents) => cents % 100 !== 0);
  return (cents) => formatMoney(cents, { withCents });
}

/** A camp's prices across its sessions: "$150", or "$150 – $210" when they differ. */
export function formatPriceRange(lowestCents: number, highestCents: number): string {
  return highestCents > lowestCents
    ? `${formatMoney(lowestCents)} – ${formatMoney(highestCents)}`
    : formatMoney(lowestCents);
}

// ---------------------------------------------------------------------------------------------
// Calendar dates: "2026-06-15", a day with no time zone.

interface Day {
  year: number;
  month: number;
  day: number;
  /** 0 is Sunday. */
  weekday: number;
}

function readDay(date: string): Day {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`not a calendar date: ${date}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const weekday = new Date(Date.UTC(year, month - 1, day)).getUTCDay();
  return { year, month, day, weekday };
}

/**
 * A formatter per time zone, made once: making one costs far more than using it, and a page
 * of camps writes hundreds of dates.
 */
function formatterFor(
  kept: Map<string, Intl.DateTimeFormat>,
  timeZone: string | undefined,
  options: Intl.DateTimeFormatOptions,
): Intl.DateTimeFormat {
  const key = timeZone ?? '';
  let formatter = kept.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
    kept.set(key, formatter);
  }
  return formatter;
}

const yearFormatters = new Map<string, Intl.DateTimeFormat>();
const momentFormatters = new Map<string, Intl.DateTimeFormat>();

function yearOf(moment: Date, timeZone?: string): number {
  // The device's own zone needs no formatter: the first one made loads the time zone data, a
  // tenth of a second of a phone's main thread while a page comes to life.
  if (timeZone === undefined) return moment.getFullYear();
  return Number(formatterFor(yearFormatters, timeZone, { year: 'numeric' }).format(moment));
}

function monthName(month: number, compact: boolean): string {
  const name = MONTH_NAMES[month - 1] ?? '';
  return compact ? shortName(name) : name;
}

function writeDay(day: Day, withYear: boolean, options: { weekday?: 'long' | 'short'; compact?: boolean }) {
  const weekdayName = WEEKDAY_NAMES[day.weekday] ?? '';
  const weekday =
    options.weekday === undefined
      ? ''
      : `${options.weekday === 'long' ? weekdayName : shortName(weekdayName)}, `;
  return `${weekday}${monthName(day.month, options.compact ?? false)} ${day.day}${withYear ? `, ${day.year}` : ''}`;
}

/** "June 15", "June 15, 2027", "Monday, June 15". */
export function formatDate(date: string, options: DateOptions = {}): string {
  const day = readDay(date);
  return writeDay(day, day.year !== yearOf(options.now ?? new Date()), options);
}

/** A birthday, always with its year (a child born this year is still born in one): "April 9, 2016". */
export function formatBirthday(date: string): string {
  return writeDay(readDay(date), true, {});
}

/**
 * "June 15 – July 10", "June 15 – July 10, 2027", "December 28, 2026 – January 3, 2027", or one
 * day ("June 15") when the range starts and ends on it or has no end.
 */
export function formatDateRange(start: string, end: string | null, options: DateOptions = {}): string {
  if (end === null || end === start) return formatDate(start, options);
  const first = readDay(start);
  const last = readDay(end);
  const thisYear = yearOf(options.now ?? new Date());
  if (first.year === last.year) {
    const range = `${writeDay(first, false, options)} ${EN_DASH} ${writeDay(last, false, options)}`;
    return first.year === thisYear ? range : `${range}, ${first.year}`;
  }
  return `${writeDay(first, true, options)} ${EN_DASH} ${writeDay(last, true, options)}`;
}

/** Monday first: the order a week is read in. */
const WEEK_ORDER: readonly number[] = [1, 2, 3, 4, 5, 6, 0];

/**
 * The days of the week something runs (0 is Sunday): "Mon–Fri", "Mon, Wed, Fri", "Sat, Sun",
 * "Every day". Three or more days in a row are written as a range.
 */
export function formatWeekdays(days: readonly number[]): string {
  const chosen = WEEK_ORDER.filter((day) => days.includes(day));
  if (chosen.length === 7) return 'Every day';
  const runs: number[][] = [];
  for (const day of chosen) {
    const run = runs.at(-1);
    const previous = run?.at(-1);
    if (run && previous !== undefined && WEEK_ORDER.indexOf(previous) + 1 === WEEK_ORDER.indexOf(day)) {
      run.push(day);
    } else {
      runs.push([day]);
    }
  }
  const name = (day: number) => shortName(WEEKDAY_NAMES[day] ?? '');
  return runs
    .flatMap((run) =>
      run.length >= 3 ? [`${name(run[0] ?? 0)}${EN_DASH}${name(run.at(-1) ?? 0)}`] : run.map(name),
    )
    .join(', ');
}

// ---------------------------------------------------------------------------------------------
// Times of day.

function writeTime(hours: number, minutes: number): string {
  const meridiem = hours < 12 ? 'AM' : 'PM';
  const hour = hours % 12 === 0 ? 12 : hours % 12;
  return minutes === 0 ? `${hour} ${meridiem}` : `${hour}:${String(minutes).padStart(2, '0')} ${meridiem}`;
}

/** "9 AM", "9:30 AM", "12 PM" from "09:00", "09:30", "12:00" (seconds are ignored). */
export function formatTime(time: string): string {
  const match = /^(\d{2}):(\d{2})(?::\d{2})?$/.exec(time);
  const hours = Number(match?.[1]);
  const minutes = Number(match?.[2]);
  if (!match || hours > 23 || minutes > 59) throw new RangeError(`not a time of day: ${time}`);
  return writeTime(hours, minutes);
}

/** A daily time span: "9 AM – 3 PM". */
export function formatTimeRange(start: string, end: string): string {
  return `${formatTime(start)} ${EN_DASH} ${formatTime(end)}`;
}

// ---------------------------------------------------------------------------------------------
// Camps.

export interface CampSchedule {
  startDate: string | null;
  endDate: string | null;
  isYearRound: boolean;
  /** The days of the week it meets (0 is Sunday), when known. */
  weekdays?: readonly number[] | null;
  /** The hours it runs each day ("09:00" to "15:00"), when known. */
  dailyTimes?: { start: string; end: string } | null;
}

/**
 * When a camp runs, without the spec's "Camp runs" in front: "June 15 – June 19 · Mon–Fri ·
 * 9 AM – 3 PM", "Saturday, June 20" for a one-day camp, or null for a camp that runs all year.
 */
export function formatCampSchedule(camp: CampSchedule, options: DateOptions = {}): string | null {
  if (camp.isYearRound || camp.startDate === null) return null;
  const oneDay = camp.endDate === null || camp.endDate === camp.startDate;
  const parts = [
    oneDay
      ? formatDate(camp.startDate, { weekday: 'long', ...options })
      : formatDateRange(camp.startDate, camp.endDate, options),
  ];
  if (!oneDay && camp.weekdays && camp.weekdays.length > 0) parts.push(formatWeekdays(camp.weekdays));
  if (camp.dailyTimes) parts.push(formatTimeRange(camp.dailyTimes.start, camp.dailyTimes.end));
  return parts.join(' · ');
}

/** The spec's dates line: 'Year Round', or 'Camp runs June 15 – July 10'. */
export function formatCampDates(camp: CampSchedule, options: DateOptions = {}): string {
  const schedule = formatCampSchedule(camp, options);
  return schedule === null ? 'Year Round' : `Camp runs ${schedule}`;
}

// ---------------------------------------------------------------------------------------------
// Moments: an instant, written in a time zone.

interface Moment extends Day {
  hours: number;
  minutes: number;
  zone: string;
}

function readMoment(at: Date | string, timeZone: string | undefined): Moment {
  const moment = typeof at === 'string' ? new Date(at) : at;
  if (Number.isNaN(moment.getTime())) throw new RangeError(`not a moment: ${String(at)}`);
  const parts = formatterFor(momentFormatters, timeZone, {
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
    timeZoneName: 'short',
  }).formatToParts(moment);
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((candidate) => candidate.type === type)?.value ?? '';
  const [year, month, day] = [Number(part('year')), Number(part('month')), Number(part('day'))];
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    hours: Number(part('hour')) % 24,
    minutes: Number(part('minute')),
    zone: part('timeZoneName'),
  };
}

/** The day of a moment: "June 3", "June 3, 2027". */
export function formatMomentDay(at: Date | string, options: MomentOptions = {}): string {
  const moment = readMoment(at, options.timeZone);
  return writeDay(moment, moment.year !== yearOf(options.now ?? new Date(), options.timeZone), options);
}

/**
 * A moment with its time: "June 3 at 4 PM", "Wednesday, June 3, 2027 at 4:30 PM UTC", or
 * compact "Jun 3, 4:30 PM".
 */
export function formatMoment(at: Date | string, options: MomentOptions = {}): string {
  const moment = readMoment(at, options.timeZone);
  const day = writeDay(moment, moment.year !== yearOf(options.now ?? new Date(), options.timeZone), options);
  const time = `${writeTime(moment.hours, moment.minutes)}${options.showTimeZone ? ` ${moment.zone}` : ''}`;
  return options.compact ? `${day}, ${time}` : `${day} at ${time}`;
}

/** A camp's ages as its pages show them: "Ages 6 to 10". */
export const agesText = (camp: { minAge: number; maxAge: number }) => `Ages ${camp.minAge} to ${camp.maxAge}`;
