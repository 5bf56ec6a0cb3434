import { z } from 'zod';
import { campListItemSchema } from './camps.ts';
import { categoryIds } from './categories.ts';
import { dateField } from './dates.ts';
import { messages } from './messages.ts';
import { SEARCH_DEFAULT_RADIUS_MILES, SEARCH_SORTS } from './search-form.ts';

export { SEARCH_DEFAULT_RADIUS_MILES };

import { noControlCharacters } from './text.ts';

export const SEARCH_DEFAULT_LIMIT = 20;
export const SEARCH_MAX_LIMIT = 50;
export const SEARCH_TERM_MAX = 200;
/**
 * Matches are counted exactly up to this many; past it the answer says "more than" instead of
 * counting every camp in the country (docs/decisions/036).
 */
export const SEARCH_TOTAL_CAP = 1000;

/** Empty inputs ('' or null, as the search form sends them) mean "no filter". */
const emptyToUndefined = (value: unknown) =>
  value === '' || value === null || (typeof value === 'string' && value.trim() === '')
    ? undefined
    : typeof value === 'string'
      ? value.trim()
      : value;

/** A whole number given as a number or as digits (the form's inputs are digits-only text). */
function wholeNumber(min: number, max: number, message: string) {
  return z.preprocess(
    emptyToUndefined,
    z
      .union([z.number(), z.string().regex(/^\d+$/, message).transform(Number)], { error: message })
      .pipe(z.number({ error: message }).int(message).min(min, message).max(max, message))
      .optional(),
  );
}

export const searchFiltersSchema = z
  .object({
    zip: z.preprocess(
      emptyToUndefined,
      z
        .string({ error: messages.zipFormat })
        .regex(/^\d{5}$/, messages.zipFormat)
        .optional(),
    ),
    age: wholeNumber(1, 99, messages.searchAgeInvalid),
    month: wholeNumber(1, 12, messages.searchMonthInvalid),
    cost: wholeNumber(0, 1_000_000, messages.searchCostInvalid),
    radius: wholeNumber(1, 500, messages.searchRadiusInvalid),
    /** A session starting on or after this day (yyyy-mm-dd). */
    startsFrom: z.preprocess(emptyToUndefined, dateField.optional()),
    /** A session ending on or before this day. */
    endsBy: z.preprocess(emptyToUndefined, dateField.optional()),
    /** Only camps with a session that has a place left now. */
    hasPlaces: z.preprocess(
      (value) => (value === 'true' ? true : value === 'false' || value === '' ? false : value),
      z.boolean().optional(),
    ),
  })
  .strict()
  .refine((filters) => !filters.startsFrom || !filters.endsBy || filters.startsFrom <= filters.endsBy, {
    message: messages.searchDatesInverted,
    path: ['endsBy'],
  });

export const searchBodySchema = z
  .object({
    type: z.literal('camp').default('camp'),
    term: z.preprocess(
      (value) => (value === null ? undefined : value),
      z
        .string()
        .max(SEARCH_TERM_MAX, messages.searchTermTooLong)
        .refine(noControlCharacters, messages.invalidInput)
        .transform((term) => term.trim())
        .optional(),
    ),
    filters: searchFiltersSchema.default({}),
    categories: z
      .array(
        z.coerce
          .number()
          .int()
          .refine((id) => categoryIds.has(id), messages.unknownCategory),
      )
      .max(30, messages.searchCategoriesTooMany)
      .default([]),
    sort: z.preprocess(
      emptyToUndefined,
      z.enum(SEARCH_SORTS, { error: messages.searchSortInvalid }).optional(),
    ),
    limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
    cursor: z.string().max(200).nullish(),
  })
  .strict()
  .refine((body) => body.sort !== 'distance' || Boolean(body.filters.zip), {
    message: messages.searchSortNeedsZip,
    path: ['sort'],
  });
export type SearchBody = z.input<typeof searchBodySchema>;
export type SearchQuery = z.output<typeof searchBodySchema>;

export const searchResultSchema = campListItemSchema.extend({
  orgName: z.string(),
  /** The highest session price (costCents is the lowest), for a price range. */
  maxPriceCents: z.number().int(),
  /** Miles from the searched ZIP's centre; null without a ZIP and for virtual camps. */
  distanceMiles: z.number().nullable(),
  /** Places not yet taken (never below zero). */
  spotsLeft: z.number().int(),
  allowsWaitlist: z.boolean(),
  /** Where the map puts it; null for virtual camps. */
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  /**
   * The soonest session that matched, which a heart on the card saves as a maybe: its name is
   * the camp's, with the session's after it when the camp has several. `count` says how many
   * sessions matched (with more than one, the parent picks on the camp page). Null when none is
   * still to come.
   */
  matchingSession: z.object({ id: z.number().int(), name: z.string(), count: z.number().int() }).nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchResponse = z.object({
  data: z.array(searchResultSchema),
  nextCursor: z.string().nullable(),
  /** Camps that match, counted up to SEARCH_TOTAL_CAP. */
  total: z.number().int(),
  /** More camps match than `total` says: it stopped counting at SEARCH_TOTAL_CAP. */
  totalCapped: z.boolean(),
});
export type SearchResponse = z.infer<typeof searchResponse>;

/**
 * Where families book most (decision 068): the ZIP, city and state of the place with the most
 * confirmed places in the last year, for a visitor the home page knows nothing of; null when
 * nobody has booked yet.
 */
export const popularPlaceSchema = z.object({ zip: z.string(), city: z.string(), state: z.string() });
export type PopularPlace = z.infer<typeof popularPlaceSchema>;
export const popularPlaceResponse = z.object({ data: popularPlaceSchema.nullable() });
