import { z } from 'zod';
import { MONTH_NAMES } from './calendar.ts';
import { CATEGORIES } from './categories.ts';
import { formatDate } from './format.ts';
import { messages } from './messages.ts';
import { SEARCH_DEFAULT_RADIUS_MILES, type SearchQuery, searchBodySchema } from './search.ts';
import { SEARCH_SORTS, type SearchForm } from './search-form.ts';
import { noControlCharacters } from './text.ts';

/** A parent keeps at most this many saved searches (decision 022). */
export const SAVED_SEARCH_LIMIT = 20;
export const SAVED_SEARCH_NAME_MAX = 80;
/** A digest lists at most this many new sessions; the rest are a link to the results away. */
export const DIGEST_MAX_SESSIONS = 20;

/** What a saved search remembers: the search's words, filters, categories and order. */
export const savedSearchCriteriaSchema = z.object({
  term: z.string().optional(),
  filters: z.object({
    zip: z.string().optional(),
    age: z.number().int().optional(),
    month: z.number().int().optional(),
    cost: z.number().int().optional(),
    radius: z.number().int().optional(),
    startsFrom: z.string().optional(),
    endsBy: z.string().optional(),
    hasPlaces: z.boolean().optional(),
  }),
  categories: z.array(z.number().int()),
  sort: z.enum(SEARCH_SORTS).optional(),
});
export type SavedSearchCriteria = z.infer<typeof savedSearchCriteriaSchema>;

/**
 * The criteria of a validated search, in one canonical shape: empty filters left out,
 * categories sorted and unique, the term trimmed. Paging is not part of a search.
 */
export function searchCriteria(query: SearchQuery): SavedSearchCriteria {
  const filters: SavedSearchCriteria['filters'] = {};
  for (const [key, value] of Object.entries(query.filters)) {
    if (value !== undefined && value !== false) Object.assign(filters, { [key]: value });
  }
  const term = query.term?.trim();
  return {
    ...(term ? { term } : {}),
    filters,
    categories: [...new Set(query.categories)].sort((a, b) => a - b),
    ...(query.sort ? { sort: query.sort } : {}),
  };
}

/** The same search, whatever order it was written in: what tells two saved searches apart. */
export function criteriaKey(criteria: SavedSearchCriteria): string {
  const filters = Object.fromEntries(
    Object.entries(criteria.filters)
      .filter(([, value]) => value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
  return JSON.stringify([criteria.term?.toLowerCase() ?? '', filters, criteria.categories]);
}

const categoryName = new Map<number, string>(CATEGORIES.map((category) => [category.id, category.text]));

/** "soccer · within 25 miles of 94110 · age 9 · July · up to $500 · Sports"; "All camps" without filters. */
export function describeSearch(criteria: SavedSearchCriteria): string {
  const { filters } = criteria;
  const parts: string[] = [];
  if (criteria.term) parts.push(criteria.term);
  if (filters.zip)
    parts.push(`within ${filters.radius ?? SEARCH_DEFAULT_RADIUS_MILES} miles of ${filters.zip}`);
  if (filters.age !== undefined) parts.push(`age ${filters.age}`);
  if (filters.month !== undefined) parts.push(MONTH_NAMES[filters.month - 1] ?? '');
  if (filters.startsFrom && filters.endsBy) {
    parts.push(`${formatDate(filters.startsFrom)} – ${formatDate(filters.endsBy)}`);
  } else if (filters.startsFrom) {
    parts.push(`from ${formatDate(filters.startsFrom)}`);
  } else if (filters.endsBy) {
    parts.push(`until ${formatDate(filters.endsBy)}`);
  }
  if (filters.cost !== undefined) parts.push(`up to $${filters.cost.toLocaleString('en-US')}`);
  if (filters.hasPlaces) parts.push('places left');
  const names = criteria.categories.map((id) => categoryName.get(id)).filter(Boolean);
  if (names.length > 0) parts.push(names.join(', '));
  const description = parts.filter(Boolean).join(' · ');
  if (!description) return 'All camps';
  return description.length > SAVED_SEARCH_NAME_MAX
    ? `${description.slice(0, SAVED_SEARCH_NAME_MAX - 1).trimEnd()}…`
    : description;
}

/** The results page's form for a saved search (what "Open" runs). */
export function criteriaToForm(criteria: SavedSearchCriteria): SearchForm {
  const { filters } = criteria;
  const text = (value: number | undefined) => (value === undefined ? undefined : String(value));
  const form: SearchForm = {
    term: criteria.term,
    zip: filters.zip,
    age: text(filters.age),
    month: text(filters.month),
    cost: text(filters.cost),
    radius: text(filters.radius),
    startsFrom: filters.startsFrom,
    endsBy: filters.endsBy,
    hasPlaces: filters.hasPlaces,
    categories: criteria.categories,
    sort: criteria.sort,
  };
  return Object.fromEntries(Object.entries(form).filter(([, value]) => value !== undefined)) as SearchForm;
}

/** POST /camper/saved-searches: the search as the results page sends it, and an optional name. */
export const saveSearchBody = z
  .object({
    name: z.preprocess(
      (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
      z
        .string({ error: messages.savedSearchNameInvalid })
        .trim()
        .max(SAVED_SEARCH_NAME_MAX, messages.savedSearchNameTooLong)
        .refine(noControlCharacters, messages.invalidInput)
        .optional(),
    ),
    search: searchBodySchema,
  })
  .strict();
export type SaveSearchBody = z.input<typeof saveSearchBody>;

/** PATCH /camper/saved-searches/:id: turn the weekly digest on or off. */
export const updateSavedSearchBody = z
  .object({ digest: z.boolean({ error: messages.savedSearchDigestInvalid }) })
  .strict();
export type UpdateSavedSearchBody = z.infer<typeof updateSavedSearchBody>;

export const savedSearchSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The filters in words. */
  description: z.string(),
  criteria: savedSearchCriteriaSchema,
  /** Whether a weekly e-mail lists new sessions that match. */
  digest: z.boolean(),
  createdAt: z.string(),
  /** When a digest last went out (null: none yet). */
  lastDigestSentAt: z.string().nullable(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;
export const savedSearchResponse = z.object({ data: savedSearchSchema });
export const savedSearchListResponse = z.object({ data: z.array(savedSearchSchema) });

/** What an unsubscribe link is for (decision 022). */
export const UNSUBSCRIBE_KINDS = ['digest', 'place', 'opening'] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

export const unsubscribeParams = z.object({ token: z.string().min(1).max(200) }).strict();

export const unsubscribeResponse = z.object({
  data: z.object({
    kind: z.enum(UNSUBSCRIBE_KINDS),
    /** "the weekly digest of your saved search “Soccer near 94110”". */
    subject: z.string(),
    /** Nothing more will be sent for it (before an unsubscribe: it was already stopped). */
    unsubscribed: z.boolean(),
  }),
});
export type UnsubscribeState = z.infer<typeof unsubscribeResponse>['data'];
