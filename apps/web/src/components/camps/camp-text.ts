import { showsAsYearRound } from '@campwise/contract/camp-year-round';
import { type CampSchedule, formatCampDates } from '@campwise/contract/format';

/** The spec's dates line: 'Year Round', or 'Camp runs June 5 – July 10' (see the contract's format). */
export function campDatesText(camp: CampSchedule, categoryIds: readonly number[] = []): string {
  if (showsAsYearRound(categoryIds, camp.startDate)) return 'Year Round';
  return formatCampDates(camp);
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
