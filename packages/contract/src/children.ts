import { z } from 'zod';
import { NAME_MAX_LENGTH } from './accounts.ts';
import { dateField } from './camps.ts';
import { messages } from './messages.ts';
import { noControlCharacters, normalizeLineBreaks, onlyLineBreaks } from './text.ts';

/** A child's gender, which a parent may leave unsaid (null); nothing is chosen for them. */
export const GENDERS = ['female', 'male', 'nonbinary'] as const;
export type Gender = (typeof GENDERS)[number];
export const GENDER_LABELS: Record<Gender, string> = {
  female: 'Female',
  male: 'Male',
  nonbinary: 'Non-binary',
};

/** Shirt sizes children and grown-up campers wear: youth sizes first, then adult sizes. */
export const SHIRT_SIZES = [
  'youth_xs',
  'youth_s',
  'youth_m',
  'youth_l',
  'youth_xl',
  'adult_xs',
  'adult_s',
  'adult_m',
  'adult_l',
  'adult_xl',
] as const;
export type ShirtSize = (typeof SHIRT_SIZES)[number];
export const SHIRT_SIZE_LABELS: Record<ShirtSize, string> = {
  youth_xs: 'Youth XS',
  youth_s: 'Youth S',
  youth_m: 'Youth M',
  youth_l: 'Youth L',
  youth_xl: 'Youth XL',
  adult_xs: 'Adult XS',
  adult_s: 'Adult S',
  adult_m: 'Adult M',
  adult_l: 'Adult L',
  adult_xl: 'Adult XL',
};

export const MEDICAL_MAX_LENGTH = 2000;
/** A birthday this many years ago or more is a typing mistake, not a camper. */
export const MAX_AGE_YEARS = 100;

/**
 * Today's date where the day began first (UTC+14). A birthday after it has not happened
 * anywhere yet; one on it may be today for a parent far east of the server.
 */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

/** Today in UTC, yyyy-MM-dd: the server's calendar day. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whole years from a birthday (yyyy-MM-dd) to a day (yyyy-MM-dd); 29 February counts from 1 March. */
export function ageOn(birthday: string, on: string): number {
  const [birthYear, birthMonth, birthDay] = birthday.split('-').map(Number) as [number, number, number];
  const [year, month, day] = on.split('-').map(Number) as [number, number, number];
  const hadBirthday = month > birthMonth || (month === birthMonth && day >= birthDay);
  return Math.max(0, year - birthYear - (hadBirthday ? 0 : 1));
}

const nameField = z
  .string({ error: messages.requiredFields })
  .trim()
  .min(1, messages.requiredFields)
  .max(NAME_MAX_LENGTH, messages.nameTooLong)
  .refine(noControlCharacters, messages.invalidInput);

/** Allergies and medical information: optional plain text; blank means none. */
const medicalField = z
  .union([z.string(), z.null()], { error: messages.invalidInput })
  .optional()
  .transform((value) => normalizeLineBreaks(value ?? '').trim())
  .pipe(
    z
      .string()
      .max(MEDICAL_MAX_LENGTH, messages.medicalTooLong)
      .refine(onlyLineBreaks, messages.invalidInput)
      .transform((value) => (value === '' ? null : value)),
  );

const birthdayField = z
  .string({ error: messages.requiredFields })
  .trim()
  .min(1, messages.requiredFields)
  .pipe(dateField)
  .refine((birthday) => birthday <= latestToday(), messages.birthdayInFuture)
  .refine((birthday) => ageOn(birthday, utcToday()) < MAX_AGE_YEARS, messages.birthdayTooOld);

/**
 * A child as the New Camper dialog and the edit form send it (docs/product-spec.md, section 5): first name,
 * last name, shirt size and birthday required; gender and medical optional (decision 063).
 */
export const childBody = z.object({
  firstName: nameField,
  lastName: nameField,
  gender: z
    .enum(GENDERS, { error: messages.invalidInput })
    .nullable()
    .optional()
    .transform((gender) => gender ?? null),
  shirtSize: z.enum(SHIRT_SIZES, { error: messages.requiredFields }),
  medical: medicalField,
  birthday: birthdayField,
});
export type ChildInput = z.input<typeof childBody>;
export type ChildData = z.output<typeof childBody>;

/** A child as the parent sees it; `age` is in whole years today. */
export const childSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  gender: z.enum(GENDERS).nullable(),
  shirtSize: z.enum(SHIRT_SIZES),
  medical: z.string().nullable(),
  birthday: z.string(),
  age: z.number().int(),
});
export type Child = z.infer<typeof childSchema>;

export const childResponse = z.object({ data: childSchema });
export const childListResponse = z.object({ data: z.array(childSchema) });
