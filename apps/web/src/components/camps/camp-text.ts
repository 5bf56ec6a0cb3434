import { MONTH_NAMES } from '@campwise/contract/calendar';
import { showsAsYearRound } from '@campwise/contract/camps';

/** "June 5" from "2026-06-05", read as written: a calendar date has no time zone to shift it. */
function monthDay(date: string): string {
  const [, month, day] = date.split('-');
  return `${MONTH_NAMES[Number(month) - 1] ?? ''} ${Number(day)}`;
}

interface CampDates {
  startDate: string | null;
  endDate: string | null;
  isYearRound: boolean;
}

/** The spec's dates line: 'Year Round', or 'Camp runs June 5 - July 10'. */
export function campDatesText(camp: CampDates, categoryIds: readonly number[] = []): string {
  if (camp.isYearRound || showsAsYearRound(categoryIds, camp.startDate) || camp.startDate === null) {
    return 'Year Round';
  }
  return `Camp runs ${monthDay(camp.startDate)} - ${monthDay(camp.endDate ?? camp.startDate)}`;
}

interface CampPlace {
  isVirtual: boolean;
  city: string | null;
  state: string | null;
}

/** "Austin, TX" on cards, or 'Virtual' for a camp without a place. */
export function campPlaceText(camp: CampPlace): string {
  if (!camp.city || !camp.state) return 'Virtual';
  return `${camp.city}, ${camp.state}`;
}

/** The full address on a profile, or 'Virtual'. */
export function campAddressText(camp: CampPlace & { address: string | null; zip: string | null }): string {
  if (!camp.city || !camp.state || !camp.address) return 'Virtual';
  return `${camp.address}, ${camp.city}, ${camp.state} ${camp.zip ?? ''}`.trim();
}

export const agesText = (camp: { minAge: number; maxAge: number }) => `Ages ${camp.minAge} to ${camp.maxAge}`;
