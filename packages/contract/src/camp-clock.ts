import { TZDateMini } from '@date-fns/tz';

/**
 * Each camp runs on its own clock (docs/decisions/047): instants are instants, and the days a
 * camp has (its dates, today, the day a place was taken) are days where the camp is, in its
 * organisation's IANA time zone. The arithmetic is @date-fns/tz's, never a written offset.
 */

const pad = (value: number) => String(value).padStart(2, '0');

/** The day (yyyy-MM-dd) it is at `moment` in the time zone: a Seattle camp's 5 PM is still today. */
export function campDay(moment: Date, timeZone: string): string {
  const local = new TZDateMini(moment.getTime(), timeZone);
  return `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}`;
}

/** The wall clock at `moment` in the time zone, as a datetime-local field holds it: "2027-05-01T09:00". */
export function campWallClock(moment: Date, timeZone: string): string {
  const local = new TZDateMini(moment.getTime(), timeZone);
  return `${campDay(moment, timeZone)}T${pad(local.getHours())}:${pad(local.getMinutes())}`;
}

/** The instant a wall-clock time (HH:mm) on a day (yyyy-MM-dd) is in the time zone. */
export function campMoment(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return new Date(new TZDateMini(year, month - 1, date, hours, minutes, timeZone).getTime());
}
