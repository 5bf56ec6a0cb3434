import { z } from 'zod';
import { messages } from './messages.ts';
import { addDays } from './payment-plans.ts';
import { normalizeUsPhone, phoneField } from './phone.ts';
import { noControlCharacters } from './text.ts';

/**
 * A child's health profile (docs/decisions/028): kept once by the parent, reviewed at each
 * registration, read by the hosts of a paid session until 30 days after it ends.
 */

export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe', 'life_threatening'] as const;
export type AllergySeverity = (typeof ALLERGY_SEVERITIES)[number];
export const allergySeverityLabels: Record<AllergySeverity, string> = {
  mild: 'Mild',
  moderate: 'Moderate',
  severe: 'Severe',
  life_threatening: 'Life-threatening',
};

export const MEDICATION_GIVERS = ['camp_staff', 'camp_nurse', 'camper'] as const;
export type MedicationGiver = (typeof MEDICATION_GIVERS)[number];
export const medicationGiverLabels: Record<MedicationGiver, string> = {
  camp_staff: 'Camp staff',
  camp_nurse: 'Camp nurse',
  camper: 'The camper, unaided',
};

export const HEALTH_ENTRY_MAX_LENGTH = 200;
export const HEALTH_LIST_MAX = 20;
export const EMERGENCY_CONTACTS_MAX = 5;
/** How long after a session ends its hosts may still read the health profile. */
export const HEALTH_ACCESS_DAYS_AFTER_END = 30;

const entry = z
  .string({ error: messages.requiredFields })
  .trim()
  .min(1, messages.requiredFields)
  .max(HEALTH_ENTRY_MAX_LENGTH, messages.healthEntryTooLong)
  .refine(noControlCharacters, messages.invalidInput);

/** Optional short text: blank means none. */
const optionalEntry = z
  .union([z.string(), z.null()], { error: messages.invalidInput })
  .optional()
  .transform((value) => (value ?? '').trim())
  .pipe(
    z
      .string()
      .max(HEALTH_ENTRY_MAX_LENGTH, messages.healthEntryTooLong)
      .refine(noControlCharacters, messages.invalidInput)
      .transform((value) => (value === '' ? null : value)),
  );

const list = <T extends z.ZodType>(item: T) =>
  z.array(item, { error: messages.invalidInput }).max(HEALTH_LIST_MAX, messages.healthListTooLong);

export const allergySchema = z.object({
  name: entry,
  severity: z.enum(ALLERGY_SEVERITIES, { error: messages.healthSeverityRequired }),
  /** What happens and what to do, e.g. "hives; give the EpiPen". */
  reaction: optionalEntry,
});
export const medicationSchema = z.object({
  name: entry,
  dose: entry,
  schedule: entry,
  givenBy: z.enum(MEDICATION_GIVERS, { error: messages.healthGiverRequired }),
});
export const emergencyContactSchema = z.object({
  name: entry,
  relationship: entry,
  phone: phoneField,
});

/** The profile as the parent's form sends it. */
export const healthProfileBody = z.object({
  allergies: list(allergySchema),
  medications: list(medicationSchema),
  conditions: list(entry),
  dietaryNeeds: list(entry),
  doctor: z.object({ name: entry, phone: phoneField }).nullable(),
  insurance: z.object({ provider: entry, policyNumber: entry }).nullable(),
  emergencyContacts: z
    .array(emergencyContactSchema, { error: messages.healthEmergencyContactRequired })
    .min(1, messages.healthEmergencyContactRequired)
    .max(EMERGENCY_CONTACTS_MAX, messages.healthListTooLong),
  mediaConsent: z.boolean({ error: messages.healthMediaConsentRequired }),
});
export type HealthProfileInput = z.input<typeof healthProfileBody>;
export type HealthProfileData = z.output<typeof healthProfileBody>;

/** The profile as it is stored and read back (the body's output, without its transforms). */
export const healthProfileDataSchema = z.object({
  allergies: z.array(
    z.object({ name: z.string(), severity: z.enum(ALLERGY_SEVERITIES), reaction: z.string().nullable() }),
  ),
  medications: z.array(
    z.object({
      name: z.string(),
      dose: z.string(),
      schedule: z.string(),
      givenBy: z.enum(MEDICATION_GIVERS),
    }),
  ),
  conditions: z.array(z.string()),
  dietaryNeeds: z.array(z.string()),
  doctor: z.object({ name: z.string(), phone: z.string() }).nullable(),
  insurance: z.object({ provider: z.string(), policyNumber: z.string() }).nullable(),
  emergencyContacts: z.array(z.object({ name: z.string(), relationship: z.string(), phone: z.string() })),
  mediaConsent: z.boolean(),
});

/** The profile as it is read back: the old free-text medical notes come along as "other notes". */
export const healthProfileSchema = healthProfileDataSchema.extend({
  childId: z.number().int(),
  /** Goes up by one with every save; a registration names the version the parent reviewed. */
  version: z.number().int(),
  updatedAt: z.string(),
  otherNotes: z.string().nullable(),
});
export type HealthProfile = z.infer<typeof healthProfileSchema>;
/** Null: the parent has not filled the profile in yet. */
export const healthProfileResponse = z.object({ data: healthProfileSchema.nullable() });

/** The reviewed versions a registration sends: "still correct?" answered for each child. */
export const healthReviewsField = z
  .array(z.object({ childId: z.number().int().positive(), version: z.number().int().min(1) }), {
    error: messages.invalidInput,
  })
  .max(HEALTH_LIST_MAX, messages.invalidInput);

/** What a host is shown of one child: the version stored with the registration. */
export const rosterHealthSchema = healthProfileDataSchema.extend({
  version: z.number().int(),
  reviewedAt: z.string(),
});
export type RosterHealth = z.infer<typeof rosterHealthSchema>;

export const allergyBadgeSchema = z.object({ name: z.string(), severity: z.enum(ALLERGY_SEVERITIES) });
export type AllergyBadge = z.infer<typeof allergyBadgeSchema>;

const normalName = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * An emergency contact is someone to call when the parent cannot be reached, so it is never
 * the parent: not their name, not their phone number.
 */
export function emergencyContactIsParent(
  contact: { name: string; phone: string },
  parent: { firstName: string; lastName: string; phone: string | null },
): boolean {
  return (
    normalName(contact.name) === normalName(`${parent.firstName} ${parent.lastName}`) ||
    (parent.phone !== null && normalizeUsPhone(contact.phone) === normalizeUsPhone(parent.phone))
  );
}

/**
 * Whether the hosts of a session may read a child's health profile through this place: only a
 * paid place, and only until 30 days after the session's last day (a session without an end,
 * year-round, while the place lasts).
 */
export function hostMayReadHealth(place: { status: string; endDate: string | null }, today: string): boolean {
  if (place.status !== 'confirmed') return false;
  return place.endDate === null || today <= addDays(place.endDate, HEALTH_ACCESS_DAYS_AFTER_END);
}

/** The most severe first, then by name: the badge a host must not miss comes first. */
export function allergyBadges(allergies: { name: string; severity: AllergySeverity }[]): AllergyBadge[] {
  return allergies
    .map(({ name, severity }) => ({ name, severity }))
    .sort(
      (a, b) =>
        ALLERGY_SEVERITIES.indexOf(b.severity) - ALLERGY_SEVERITIES.indexOf(a.severity) ||
        a.name.localeCompare(b.name),
    );
}
