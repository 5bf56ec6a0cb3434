import { z } from 'zod';
import { passwordField, USER_TYPES } from './accounts.ts';
import { campFormsExportSchema } from './camp-forms.ts';
import { GENDERS, SHIRT_SIZES } from './children.ts';
import { healthProfileDataSchema, healthProfileSchema } from './health-profiles.ts';
import { ORG_STATUSES } from './orgs.ts';
import { payoutAccountStatuses, payoutSchema } from './payouts.ts';
import { registrationStatusSchema } from './registrations.ts';
import { savedSearchCriteriaSchema } from './saved-searches.ts';
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
  /** What the host was shown: the old notes, the health profile, or only the allergy badges. */
  what: z.enum(['medical_notes', 'health_profile', 'allergy_badges']),
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
  /** A host's payout account as the provider last told us, and the payouts to their bank. */
  payoutAccount: z
    .object({
      status: z.enum(payoutAccountStatuses),
      bankLast4: z.string().nullable(),
      payouts: z.array(payoutSchema),
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
      gender: z.enum(GENDERS).nullable(),
      shirtSize: z.enum(SHIRT_SIZES),
      medical: z.string().nullable(),
      birthday: z.string(),
      createdAt: z.string(),
    }),
  ),
  /** Each child's health profile, and the copy stored with each place (decision 028). */
  healthProfiles: z.array(healthProfileSchema.omit({ otherNotes: true })),
  registrationHealth: z.array(
    z.object({
      registrationId: z.number().int(),
      version: z.number().int(),
      reviewedAt: z.string(),
      profile: healthProfileDataSchema,
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
  /** The parent's reviews of sessions, hidden ones too, with the host's reply. */
  campReviews: z.array(
    z.object({
      campName: z.string(),
      sessionName: z.string(),
      rating: z.number().int(),
      text: z.string(),
      reply: z.string().nullable(),
      hiddenReason: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  /** Saved searches and whether each sends a weekly e-mail (decision 022). */
  savedSearches: z.array(
    z.object({
      name: z.string(),
      criteria: savedSearchCriteriaSchema,
      digest: z.boolean(),
      createdAt: z.string(),
      lastDigestSentAt: z.string().nullable(),
    }),
  ),
  auditEvents: z.array(auditEntrySchema),
  /** Friend families (decision 020). */
  friends: z.array(z.object({ firstName: z.string(), lastName: z.string(), since: z.string() })),
  /** Invitations the parent sent: the address (null for a link), and whether one was accepted. */
  friendInvitations: z.array(
    z.object({
      email: z.string().nullable(),
      createdAt: z.string(),
      expiresAt: z.string(),
      acceptedAt: z.string().nullable(),
    }),
  ),
  /** The parent's children whose sessions are shared with a friend family. */
  friendShares: z.array(
    z.object({
      childId: z.number().int(),
      friendFirstName: z.string(),
      friendLastName: z.string(),
      since: z.string(),
    }),
  ),
  /** Adults allowed to collect the parent's children, and each day of camp (decision 030). */
  pickupAdults: z.array(
    z.object({
      childId: z.number().int(),
      name: z.string(),
      relationship: z.string(),
      phone: z.string(),
      photoUrl: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
  attendance: z.array(
    z.object({
      childId: z.number().int(),
      campName: z.string(),
      sessionName: z.string(),
      day: z.string(),
      kind: z.enum(['check_in', 'check_out', 'refused']),
      at: z.string(),
      personName: z.string().nullable(),
    }),
  ),
  /** Answers to camps' questions and signed waivers (decision 029). */
  campForms: campFormsExportSchema,
  /** The family's conversations with hosts, every message in them, and announcements sent to it (decision 031). */
  conversations: z.array(
    z.object({
      orgName: z.string(),
      campName: z.string().nullable(),
      status: z.string(),
      createdAt: z.string(),
      messages: z.array(
        z.object({
          from: z.string(),
          body: z.string(),
          attachmentName: z.string().nullable(),
          createdAt: z.string(),
        }),
      ),
    }),
  ),
  announcements: z.array(
    z.object({
      orgName: z.string(),
      campName: z.string(),
      subject: z.string(),
      body: z.string(),
      deliveredAt: z.string().nullable(),
      readAt: z.string().nullable(),
    }),
  ),
  /** Reminders e-mailed before the parent's sessions (decision 032): which, and when. */
  sessionReminders: z.array(
    z.object({
      campName: z.string(),
      sessionName: z.string(),
      kind: z.enum(['week', 'day']),
      sentAt: z.string(),
    }),
  ),
});
export type AccountExport = z.infer<typeof accountExportSchema>;
