import { z } from 'zod';
import { passwordField, USER_TYPES } from './accounts.ts';
import { GENDERS, SHIRT_SIZES } from './children.ts';
import { ORG_STATUSES } from './orgs.ts';
import { registrationStatusSchema } from './registrations.ts';
import { SUBSCRIPTION_STATUSES } from './subscriptions.ts';
import { secondFactorCodeField } from './two-factor.ts';

/** Deleting an account: the password, and a code when two-factor sign-in is on. */
export const deleteAccountBody = z.object({
  password: passwordField,
  code: secondFactorCodeField.optional(),
});
export type DeleteAccountBody = z.input<typeof deleteAccountBody>;
export const deleteAccountResponse = z.object({ data: z.object({ deleted: z.literal(true) }) });

/** One host view of a child's medical notes, as the parent sees it. */
export const medicalViewSchema = z.object({
  id: z.number().int(),
  hostName: z.string(),
  campName: z.string(),
  orgName: z.string().nullable(),
  viewedAt: z.string(),
});
export type MedicalView = z.infer<typeof medicalViewSchema>;
export const medicalViewListResponse = z.object({ data: z.array(medicalViewSchema) });

const auditEntrySchema = z.object({
  action: z.string(),
  actorRole: z.enum(USER_TYPES),
  actorName: z.string().nullable(),
  subjectType: z.string(),
  subjectId: z.number().int(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});

/**
 * Everything Campwise keeps about the signed-in user (GET /api/account/export): the right of
 * access and of portability. Sections that do not apply to the user's role are empty.
 */
export const accountExportSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    id: z.number().int(),
    userType: z.enum(USER_TYPES),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    /** Where the planner searches from (a parent's choice). */
    homeZip: z.string().nullable(),
    searchRadiusMiles: z.number().int().nullable(),
    createdAt: z.string(),
    twoFactorEnabled: z.boolean(),
  }),
  subscription: z
    .object({
      status: z.enum(SUBSCRIPTION_STATUSES),
      currentPeriodEnd: z.string().nullable(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
  organizations: z.array(
    z.object({
      id: z.number().int(),
      status: z.enum(ORG_STATUSES),
      name: z.string(),
      address: z.string(),
      city: z.string(),
      state: z.string(),
      zip: z.string(),
      phone: z.string(),
      website: z.string().nullable(),
      bio: z.string().nullable(),
      contactName: z.string().nullable(),
      contactPhone: z.string().nullable(),
      contactEmail: z.string().nullable(),
      createdAt: z.string(),
      consents: z.array(
        z.object({
          consentVersion: z.string(),
          ipAddress: z.string(),
          userAgent: z.string().nullable(),
          consentedAt: z.string(),
        }),
      ),
      camps: z.array(
        z.object({
          id: z.number().int(),
          name: z.string(),
          startDate: z.string().nullable(),
          endDate: z.string().nullable(),
          costCents: z.number().int(),
          capacity: z.number().int(),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
  children: z.array(
    z.object({
      id: z.number().int(),
      firstName: z.string(),
      lastName: z.string(),
      gender: z.enum(GENDERS),
      shirtSize: z.enum(SHIRT_SIZES),
      medical: z.string().nullable(),
      birthday: z.string(),
      createdAt: z.string(),
    }),
  ),
  cards: z.array(
    z.object({
      brand: z.string(),
      last4: z.string(),
      expMonth: z.number().int(),
      expYear: z.number().int(),
      holderName: z.string(),
      createdAt: z.string(),
    }),
  ),
  registrations: z.array(
    z.object({
      id: z.number().int(),
      childId: z.number().int(),
      campId: z.number().int(),
      campName: z.string(),
      status: registrationStatusSchema,
      amountCents: z.number().int(),
      refundedCents: z.number().int(),
      createdAt: z.string(),
      cancelledAt: z.string().nullable(),
    }),
  ),
  payments: z.array(
    z.object({
      id: z.number().int(),
      campName: z.string().nullable(),
      amountCents: z.number().int(),
      refundedCents: z.number().int(),
      status: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Sessions saved as maybes in the planner. */
  maybes: z.array(
    z.object({
      childId: z.number().int(),
      campName: z.string(),
      sessionName: z.string(),
      createdAt: z.string(),
    }),
  ),
  auditEvents: z.array(auditEntrySchema),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
