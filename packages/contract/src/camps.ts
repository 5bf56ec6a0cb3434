import { z } from 'zod';
import { CATEGORY_VIRTUAL, CATEGORY_YEAR_ROUND, categoryIds } from './categories.ts';
import { dateField } from './dates.ts';
import { emailField } from './email.ts';
import { messages } from './messages.ts';
import { stateField, zipField } from './orgs.ts';
import { phoneField } from './phone.ts';
import { refundPolicySchema } from './refund-policy-schema.ts';
import { campSessionSchema } from './sessions.ts';
import { noControlCharacters, normalizeLineBreaks, onlyLineBreaks } from './text.ts';

export const CAMP_DESCRIPTION_MAX = 5000;
export const VIRTUAL_ADDRESS = 'Virtual';

/** What the chosen categories mean for the form (docs/product-spec.md, sections 4 and 5). */
export function campKind(categories: readonly number[]) {
  const isVirtual = categories.includes(CATEGORY_VIRTUAL);
  const isYearRound = categories.includes(CATEGORY_YEAR_ROUND);
  return {
    isVirtual,
    isYearRound,
    // With both chosen the spec's observed outcome is: address required, dates not.
    needsAddress: !isVirtual || isYearRound,
    needsDates: !isYearRound,
  };
}

const wholeNumber = z.coerce
  .number({ error: messages.wholeNumberRequired })
  .int(messages.wholeNumberRequired)
  .min(1, messages.wholeNumberRequired)
  .max(1_000_000, messages.wholeNumberRequired);

export { dateField };

// PostgreSQL text cannot hold NUL, so without these checks such text failed in the database
// with a 500. One-line fields take no control characters; a description keeps its line breaks.

const optionalTextInput = z
  .string()
  .trim()
  .max(200, messages.textTooLong)
  .refine(noControlCharacters, messages.invalidInput)
  .optional();

/** Categories as an array, or (from a multipart form) as a JSON array or a comma list. */
export const categoriesField = z.preprocess(
  (value) => {
    // A form with no category chosen may leave the field out: that is no category, not a bad one.
    if (value === undefined) return [];
    if (typeof value !== 'string') return value;
    const text = value.trim();
    if (text.startsWith('[')) {
      try {
        return JSON.parse(text);
      } catch {
        return value;
      }
    }
    return text === '' ? [] : text.split(',').map((part) => Number(part.trim()));
  },
  z
    .array(z.number({ error: messages.unknownCategory }).int(), { error: messages.unknownCategory })
    .max(30, messages.unknownCategory)
    .refine((ids) => ids.every((id) => categoryIds.has(id)), messages.unknownCategory)
    .transform((ids) => [...new Set(ids)]),
);

const booleanField = z.preprocess(
  (value) => (value === 'true' ? true : value === 'false' || value === '' ? false : value),
  z.boolean(),
);

/** The fields of a camp as a form or multipart body sends them, before the category rules. */
const campInput = z.object({
  name: z
    .string({ error: messages.requiredFields })
    .trim()
    .max(200, messages.textTooLong)
    .refine(noControlCharacters, messages.invalidInput),
  description: z
    .string({ error: messages.requiredFields })
    .trim()
    .transform(normalizeLineBreaks)
    .pipe(
      z
        .string()
        .max(CAMP_DESCRIPTION_MAX, messages.textTooLong)
        .refine(onlyLineBreaks, messages.invalidInput),
    ),
  address: optionalTextInput,
  city: optionalTextInput,
  state: z.string().trim().optional(),
  zip: z.string().trim().optional(),
  phone: z.string({ error: messages.requiredFields }).trim(),
  email: z.string().trim().max(254).optional(),
  startDate: z.string().trim().optional(),
  endDate: z.string().trim().optional(),
  minAge: z.union([z.string(), z.number()], { error: messages.requiredFields }),
  maxAge: z.union([z.string(), z.number()], { error: messages.requiredFields }),
  cost: z.union([z.string(), z.number()], { error: messages.requiredFields }),
  spotsAvailable: z.union([z.string(), z.number()], { error: messages.requiredFields }),
  allowsWaitlist: booleanField.optional().default(false),
  categories: categoriesField,
});

export interface CampData {
  name: string;
  description: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  phone: string;
  email: string | null;
  startDate: string | null;
  endDate: string | null;
  minAge: number;
  maxAge: number;
  /** Whole dollars as typed; the server stores cents. */
  cost: number;
  spotsAvailable: number;
  allowsWaitlist: boolean;
  categories: number[];
}

/**
 * Applies every camp rule and reports each problem on its field: required fields (except the
 * ones the categories exclude), at least one category, whole numbers, ages and dates in order.
 * Virtual clears the address (sent as 'Virtual'); year round clears the dates.
 */
function campSchema(requiredMessage: string, categoryMessage: string) {
  return campInput.transform((input, ctx): CampData => {
    const kind = campKind(input.categories);
    const fail = (path: string, message: string) => {
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    if (input.categories.length === 0) fail('categories', categoryMessage);
    if (input.name === '') fail('name', requiredMessage);
    if (input.description === '') fail('description', requiredMessage);

    let address: string | null = VIRTUAL_ADDRESS;
    let city: string | null = null;
    let state: string | null = null;
    let zip: string | null = null;
    if (kind.needsAddress) {
      address = input.address ?? '';
      city = input.city ?? '';
      if (address === '') fail('address', requiredMessage);
      if (city === '') fail('city', requiredMessage);
      const parsedState = stateField.safeParse(input.state);
      if (!parsedState.success) fail('state', input.state ? messages.invalidState : requiredMessage);
      else state = parsedState.data;
      const parsedZip = zipField.safeParse(input.zip ?? '');
      if (!parsedZip.success) fail('zip', input.zip ? messages.invalidZip : requiredMessage);
      else zip = parsedZip.data;
    }

    const phone = phoneField.safeParse(input.phone);
    if (!phone.success) fail('phone', input.phone ? messages.invalidPhone : requiredMessage);
    let email: string | null = null;
    if (input.email) {
      const parsedEmail = emailField.safeParse(input.email);
      if (parsedEmail.success) email = parsedEmail.data;
      else fail('email', messages.invalidEmail);
    }

    let startDate: string | null = null;
    let endDate: string | null = null;
    if (kind.needsDates) {
      const start = dateField.safeParse(input.startDate ?? '');
      const end = dateField.safeParse(input.endDate ?? '');
      if (!start.success) fail('startDate', input.startDate ? messages.invalidDate : requiredMessage);
      if (!end.success) fail('endDate', input.endDate ? messages.invalidDate : requiredMessage);
      if (start.success && end.success) {
        startDate = start.data;
        endDate = end.data;
        if (endDate < startDate) fail('endDate', messages.endBeforeStart);
      }
    }

    const numbers = {} as Record<'minAge' | 'maxAge' | 'cost' | 'spotsAvailable', number>;
    for (const field of ['minAge', 'maxAge', 'cost', 'spotsAvailable'] as const) {
      const raw = input[field];
      const parsed = wholeNumber.safeParse(raw);
      if (parsed.success) numbers[field] = parsed.data;
      else fail(field, raw === '' ? requiredMessage : messages.wholeNumberRequired);
    }
    if (numbers.minAge !== undefined && numbers.maxAge !== undefined && numbers.minAge > numbers.maxAge) {
      fail('minAge', messages.minAgeOverMax);
    }

    return {
      name: input.name,
      description: input.description,
      address,
      city,
      state,
      zip,
      phone: phone.success ? phone.data : '',
      email,
      startDate,
      endDate,
      minAge: numbers.minAge,
      maxAge: numbers.maxAge,
      cost: numbers.cost,
      spotsAvailable: numbers.spotsAvailable,
      allowsWaitlist: input.allowsWaitlist,
      categories: input.categories,
    };
  });
}

/** New camp (multipart fields, or the form). */
export const newCampBody = campSchema(messages.campRequiredFields, messages.campRequiredFields);
/** Camp update (spec's payload: `spots` is accepted for spotsAvailable). */
export const campUpdateBody = z.preprocess(
  (value) => {
    if (typeof value === 'object' && value !== null && 'spots' in value && !('spotsAvailable' in value)) {
      const { spots, ...rest } = value as Record<string, unknown>;
      return { ...rest, spotsAvailable: spots };
    }
    return value;
  },
  campSchema(messages.requiredFields, messages.campCategoryRequired),
);
export type CampInput = z.input<typeof campInput>;

export const imageSchema = z.object({ id: z.number().int(), url: z.string(), smallUrl: z.string() });

/** Camp, list form (docs/product-spec.md, section 3), plus what cards show. */
export const campListItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  thumbnail: z.object({ url: z.string(), smallUrl: z.string() }).nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  isVirtual: z.boolean(),
  isYearRound: z.boolean(),
  costCents: z.number().int(),
  minAge: z.number().int(),
  maxAge: z.number().int(),
  description: z.string(),
});
export type CampListItem = z.infer<typeof campListItemSchema>;

/** A camp on its host's list: with how full it is, which only the host sees. */
export const hostCampListItemSchema = campListItemSchema.extend({
  capacity: z.number().int(),
  /** Confirmed places, places being paid and spots held for a waitlisted family. */
  spotsTaken: z.number().int(),
});
export type HostCampListItem = z.infer<typeof hostCampListItemSchema>;
export const hostCampListResponse = z.object({ data: z.array(hostCampListItemSchema) });

/** Camp, detail form (docs/product-spec.md, section 3). */
export const campDetailSchema = campListItemSchema.extend({
  orgId: z.number().int(),
  orgName: z.string(),
  address: z.string().nullable(),
  zip: z.string().nullable(),
  phone: z.string(),
  email: z.string().nullable(),
  spotsAvailable: z.number().int(),
  /** Capacity less confirmed registrations, registrations being paid and held offers. */
  spotsLeft: z.number().int(),
  allowsWaitlist: z.boolean(),
  categories: z.array(z.object({ id: z.number().int(), text: z.string() })),
  images: z.array(imageSchema.extend({ slot: z.number().int() })),
  /** Its sessions, first first: scheduled ones publicly, cancelled ones too for its host. */
  sessions: z.array(campSessionSchema),
  /** What a family gets back when it cancels (docs/decisions/018). */
  refundPolicy: refundPolicySchema,
  /** Whether its host's payout account can take charges; until then registration opens soon. */
  takesRegistrations: z.boolean(),
});
export type CampDetail = z.infer<typeof campDetailSchema>;

export const campListResponse = z.object({ data: z.array(campListItemSchema) });
export const campDetailResponse = z.object({ data: campDetailSchema });
export const createCampResponse = z.object({
  data: z.object({
    id: z.number().int(),
    campImages: z.array(imageSchema.extend({ slot: z.number().int() })),
  }),
});
export const duplicateCampBody = z.object({
  name: z.string().trim().min(1).max(200).refine(noControlCharacters, messages.invalidInput),
  phone: z.string().trim().min(1).max(20),
});
export const duplicateCampResponse = z.object({ data: z.array(z.object({ id: z.number().int() })) });
export const addCategoryBody = z.object({
  categoryId: z.coerce
    .number()
    .int()
    .refine((id) => categoryIds.has(id), messages.unknownCategory),
  campId: z.coerce.number().int().positive().optional(),
});
