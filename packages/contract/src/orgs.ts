import { z } from 'zod';
import { emailField } from './email.ts';
import { idFromText } from './ids.ts';
import { messages } from './messages.ts';
import { optionalPhoneField, phoneField } from './phone.ts';
import { TEAM_ROLES } from './team-roles.ts';
import { noControlCharacters, normalizeLineBreaks, onlyLineBreaks } from './text.ts';
import { timeZoneField } from './time-zones.ts';
import { US_STATE_CODES } from './us-states.ts';

export const ORG_STATUSES = ['pending', 'approved', 'denied'] as const;
export type OrgStatus = (typeof ORG_STATUSES)[number];

/** The version of the background-check consent text the host approves. */
export const CONSENT_VERSION = '2026-11-01';

const required = (max: number) =>
  z
    .string({ error: messages.requiredFields })
    .trim()
    .min(1, messages.requiredFields)
    .max(max, messages.textTooLong)
    .refine(noControlCharacters, messages.invalidInput);

const optionalText = (max: number) =>
  z
    .string({ error: messages.textTooLong })
    .trim()
    .transform(normalizeLineBreaks)
    .pipe(z.string().max(max, messages.textTooLong).refine(onlyLineBreaks, messages.invalidInput))
    .optional()
    .transform((value) => (value ? value : null));

export const stateField = z.enum(US_STATE_CODES, { error: messages.invalidState });
export const zipField = z
  .string({ error: messages.invalidZip })
  .trim()
  .regex(/^\d{5}$/, messages.invalidZip);

/** http(s) only; a bare domain gets https:// in front, anything with another scheme is refused. */
export const websiteField = z
  .string({ error: messages.invalidWebsite })
  .trim()
  .max(300, messages.invalidWebsite)
  .optional()
  .transform((value) => {
    if (!value) return null;
    return /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value}`;
  })
  .refine((value) => {
    if (value === null) return true;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, messages.invalidWebsite);

/** New organization (docs/product-spec.md, section 5): the required fields, optional website, bio and thumbnail. */
export const newOrgFields = z.object({
  name: required(200),
  address: required(200),
  city: required(100),
  state: stateField,
  zip: zipField,
  phone: phoneField,
  website: websiteField,
  bio: optionalText(5000),
  contactName: required(200),
  contactNumber: phoneField,
  contactEmail: emailField,
  /** The zone its camps run on; without one, the zone its ZIP most likely keeps (decision 047). */
  timeZone: timeZoneField.optional(),
});
export type NewOrgFields = z.input<typeof newOrgFields>;
export type NewOrgData = z.output<typeof newOrgFields>;

/** The multipart body of POST /host/orgs: the fields plus the consent the host gave. */
export const newOrgBody = newOrgFields.extend({
  consent: z.literal('true', { error: messages.consentRequired }),
  consentVersion: z.literal(CONSENT_VERSION, { error: messages.consentRequired }),
});

/** Editing (docs/product-spec.md, section 5): the address block and phone required; contact details optional. */
export const orgUpdateBody = z.object({
  name: required(200),
  address: required(200),
  city: required(100),
  state: stateField,
  zip: zipField,
  phone: phoneField,
  website: websiteField,
  bio: optionalText(5000),
  contactName: optionalText(200),
  contactPhone: optionalPhoneField,
  contactEmail: z
    .union([emailField, z.literal('')])
    .optional()
    .transform((value) => (value ? value : null)),
  /**
   * The zone its camps run on, changed at once: it is how the organisation keeps time, not a
   * detail families read, so it is not reviewed. Left out, it stays as it is.
   */
  timeZone: timeZoneField.optional(),
});
export type OrgUpdate = z.input<typeof orgUpdateBody>;
export type OrgUpdateData = z.output<typeof orgUpdateBody>;

/** The fields a reviewer compares between live details and a revision. */
export const ORG_REVIEW_FIELDS = [
  'name',
  'address',
  'city',
  'state',
  'zip',
  'phone',
  'website',
  'bio',
  'contactName',
  'contactPhone',
  'contactEmail',
] as const;
export type OrgReviewField = (typeof ORG_REVIEW_FIELDS)[number];

export const orgDetailsSchema = z.object({
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
});
export type OrgDetails = z.infer<typeof orgDetailsSchema>;

export const imageUrlsSchema = z.object({ url: z.string(), smallUrl: z.string() }).nullable();

/** An organization as its host sees it. */
export const hostOrgSchema = orgDetailsSchema.extend({
  id: z.number().int(),
  /** The IANA zone its camps run on (decision 047). */
  timeZone: z.string(),
  status: z.enum(ORG_STATUSES),
  denyReason: z.string().nullable(),
  thumbnail: imageUrlsSchema,
  /** Changes to an approved organization waiting for review (or turned down). */
  revision: z
    .object({
      status: z.enum(['pending', 'denied']),
      denyReason: z.string().nullable(),
      details: orgDetailsSchema,
    })
    .nullable(),
  createdAt: z.iso.datetime(),
  /** When it was last sent for review (a resubmission moves it). */
  submittedAt: z.iso.datetime(),
  /** The signed-in person's role on its team (decision 057). */
  myRole: z.enum(TEAM_ROLES),
});
export type HostOrg = z.infer<typeof hostOrgSchema>;

export const hostOrgListResponse = z.object({ data: z.array(hostOrgSchema) });
export const hostOrgResponse = z.object({ data: hostOrgSchema });

/** What PUT /host/orgs/{id} did: updated in place (and re-submitted), or a revision for review. */
export const orgUpdateResponse = z.object({
  data: z.object({ org: hostOrgSchema, inReview: z.boolean() }),
});

export const createdResponse = z.object({ data: z.object({ id: z.number().int() }) });

/** An approved organization on its public profile. */
export const publicOrgSchema = orgDetailsSchema.extend({
  id: z.number().int(),
  thumbnail: imageUrlsSchema,
});
export type PublicOrg = z.infer<typeof publicOrgSchema>;
export const publicOrgResponse = z.object({ data: publicOrgSchema });

export const reviewQueueItemSchema = z.object({
  orgId: z.number().int(),
  kind: z.enum(['new', 'revision']),
  name: z.string(),
  hostName: z.string(),
  hostEmail: z.string(),
  submittedAt: z.iso.datetime(),
});
export type ReviewQueueItem = z.infer<typeof reviewQueueItemSchema>;
export const reviewQueueResponse = z.object({
  data: z.array(reviewQueueItemSchema),
  counts: z.object({ new: z.number().int(), revision: z.number().int() }),
});

export const reviewChangeSchema = z.object({
  field: z.enum(ORG_REVIEW_FIELDS),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

/** ORGANIZATION REVIEW: the organization, and for a revision what changed. */
export const orgReviewSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['new', 'revision']).nullable(),
  status: z.enum(ORG_STATUSES),
  details: orgDetailsSchema,
  thumbnail: imageUrlsSchema,
  hostName: z.string(),
  hostEmail: z.string(),
  changes: z.array(reviewChangeSchema),
  history: z.array(
    z.object({
      approved: z.boolean(),
      kind: z.enum(['new', 'revision']),
      textResponse: z.string().nullable(),
      decidedBy: z.string(),
      decidedAt: z.iso.datetime(),
    }),
  ),
});
export type OrgReview = z.infer<typeof orgReviewSchema>;
export const orgReviewResponse = z.object({ data: orgReviewSchema });

/** The spec's body, word for word; a denial needs a reason. */
export const approvalResponseBody = z.object({
  orgApprovalResponse: z
    .object({
      OrganizationID: idFromText,
      Approved: z.boolean(),
      TextResponse: z.string().trim().max(2000, messages.textTooLong).optional(),
    })
    .refine((value) => value.Approved || Boolean(value.TextResponse), {
      message: messages.denyReasonRequired,
      path: ['TextResponse'],
    }),
});
export const approvalResultResponse = z.object({
  data: z.object({ status: z.enum(ORG_STATUSES), kind: z.enum(['new', 'revision']) }),
});
