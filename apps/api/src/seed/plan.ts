import { type CampData, campKind, newCampBody, VIRTUAL_ADDRESS } from '@campwise/contract/camps';
import { CATEGORY_AFTER_SCHOOL, CATEGORY_VIRTUAL, CATEGORY_YEAR_ROUND } from '@campwise/contract/categories';
import { isoDay } from './common.ts';
import type { SeededRandom } from './random.ts';
import { LOGISTICS, type Theme } from './reference.ts';

export type CampKind = 'dated' | 'yearRound' | 'online';

/** Where and how to reach a camp that meets in person. */
export interface Venue {
  address: string;
  city: string;
  state: string;
  zip: string;
}

export interface CampPlanInput {
  name: string;
  theme: Theme;
  kind: CampKind;
  venue: Venue;
  phone: string;
  email: string;
  today: Date;
  /** Fixed dates for a dated camp (otherwise it starts on an upcoming Monday, or Sunday overnight). */
  dates?: { startDate: string; endDate: string };
}

const roundTo = (value: number, step: number) => Math.round(value / step) * step;

/** The next given weekday (0 Sunday … 6 Saturday) on or after `days` from today. */
function upcomingWeekday(today: Date, days: number, weekday: number): number {
  const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + days));
  return days + ((weekday - day.getUTCDay() + 7) % 7);
}

function describe(random: SeededRandom, theme: Theme, kind: CampKind): string {
  const [first, second] = random.sample(theme.activities, 2);
  const logistics =
    kind === 'online'
      ? LOGISTICS.online
      : kind === 'yearRound'
        ? LOGISTICS.yearRound
        : theme.overnight
          ? LOGISTICS.overnight
          : LOGISTICS.dated;
  return `${first} ${second}\n\n${random.pick(logistics)}`;
}

/**
 * One camp as the add-camp form would send it: dates relative to today (every dated camp is
 * still to come), ages, cost and capacity that suit the kind of camp, and its categories.
 */
export function planCamp(random: SeededRandom, input: CampPlanInput): CampData {
  const { theme, kind, today } = input;
  const [primary, ...related] = theme.categories;
  const categories = new Set<number>([primary]);
  for (const id of related) if (random.chance(0.7)) categories.add(id);
  if (theme.extras.length > 0 && random.chance(0.4)) categories.add(random.pick(theme.extras));

  const minAge = random.int(theme.ages[0], Math.min(theme.ages[0] + 3, theme.ages[1] - 2));
  const maxAge = random.int(minAge + 2, theme.ages[1]);
  let startDate: string | null = null;
  let endDate: string | null = null;
  let cost: number;
  let capacity = random.chance(0.08) ? random.int(3, 6) : random.int(12, 40);

  if (kind === 'yearRound') {
    categories.add(CATEGORY_YEAR_ROUND);
    if (random.chance(0.6)) categories.add(CATEGORY_AFTER_SCHOOL);
    cost = roundTo(random.int(60, 240), 5);
  } else {
    const offset = random.int(7, 280);
    if (kind === 'online') {
      categories.add(CATEGORY_VIRTUAL);
      capacity = random.int(8, 25);
      cost = roundTo(random.int(39, 199), 1);
      const first = upcomingWeekday(today, offset, 1);
      startDate = isoDay(today, first);
      endDate = isoDay(today, first + random.pick([3, 10, 24]));
    } else if (theme.overnight) {
      capacity = random.int(40, 120);
      const weeks = random.pick([1, 1, 2]);
      cost = roundTo(random.int(650, 1200) * weeks, 25);
      const first = upcomingWeekday(today, offset, 0);
      startDate = isoDay(today, first);
      endDate = isoDay(today, first + weeks * 7 - 1);
    } else {
      const length = random.pick([0, 2, 4, 4, 4, 4, 4, 4, 11, 11]);
      const perDay = random.int(35, 95);
      cost = roundTo(length === 0 ? perDay : (perDay * (length + 1) * random.int(80, 100)) / 100, 5);
      const first = upcomingWeekday(today, offset, 1);
      startDate = isoDay(today, first);
      endDate = isoDay(today, first + length);
    }
    if (input.dates) ({ startDate, endDate } = input.dates);
  }

  const online = kind === 'online';
  const data = newCampBody.parse({
    name: input.name,
    description: describe(random, theme, kind),
    address: online ? VIRTUAL_ADDRESS : input.venue.address,
    city: online ? '' : input.venue.city,
    state: online ? '' : input.venue.state,
    zip: online ? '' : input.venue.zip,
    phone: input.phone,
    email: input.email,
    startDate: startDate ?? '',
    endDate: endDate ?? '',
    minAge,
    maxAge,
    cost: Math.max(cost, 1),
    spotsAvailable: capacity,
    allowsWaitlist: random.chance(capacity <= 6 ? 0.8 : 0.35),
    categories: [...categories],
  });
  // The contract's rules decide what a virtual or year-round camp keeps; the plan must agree.
  const planned = campKind(data.categories);
  if (planned.isVirtual !== online || planned.isYearRound !== (kind === 'yearRound')) {
    throw new Error(`camp "${input.name}" does not match its kind`);
  }
  return data;
}
