import { z } from 'zod';
import { emailField } from './email.ts';
import { idFromText } from './ids.ts';
import { messages } from './messages.ts';
import { MEMBER_ROLES, TEAM_ROLES } from './team-roles.ts';

const memberRoleField = z.enum(MEMBER_ROLES, { error: messages.teamRoleInvalid });

export const teamInvitationSchema = z.object({
  email: emailField,
  role: memberRoleField,
});
export type TeamInvitationInput = z.infer<typeof teamInvitationSchema>;

export const memberRoleSchema = z.object({ role: memberRoleField });
export type MemberRoleInput = z.infer<typeof memberRoleSchema>;

export const orgMemberParams = z.object({ id: idFromText, userId: idFromText });
export const orgInvitationParams = z.object({ id: idFromText, invitationId: idFromText });

export const teamInvitationTokenSchema = z.object({
  token: z
    .string({ error: messages.teamInvitationNotFound })
    .trim()
    .min(1, messages.teamInvitationNotFound)
    .max(200),
});

export const teamMemberSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  joinedAt: z.iso.datetime(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const pendingTeamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
});
export type PendingTeamInvitation = z.infer<typeof pendingTeamInvitationSchema>;

export const teamSchema = z.object({
  orgId: z.number().int(),
  orgName: z.string(),
  /** The signed-in person's own role in it. */
  myRole: z.enum(TEAM_ROLES),
  members: z.array(teamMemberSchema),
  /** Open invitations; only the owner sees them. */
  invitations: z.array(pendingTeamInvitationSchema),
});
export type Team = z.infer<typeof teamSchema>;

/** What the invitee reads before accepting. */
export const teamInvitationPreviewSchema = z.object({
  orgName: z.string(),
  role: z.enum(MEMBER_ROLES),
  email: z.string(),
  invitedBy: z.string(),
  expiresAt: z.iso.datetime(),
});
export type TeamInvitationPreview = z.infer<typeof teamInvitationPreviewSchema>;

/** An organisation the signed-in host belongs to, with their role there. */
export const membershipSchema = z.object({
  orgId: z.number().int(),
  orgName: z.string(),
  role: z.enum(TEAM_ROLES),
});
export type Membership = z.infer<typeof membershipSchema>;

export const teamResponse = z.object({ data: teamSchema });
export const teamMemberResponse = z.object({ data: teamMemberSchema });
export const pendingTeamInvitationResponse = z.object({ data: pendingTeamInvitationSchema });
export const teamInvitationPreviewResponse = z.object({ data: teamInvitationPreviewSchema });
export const membershipResponse = z.object({ data: membershipSchema });

/** A staff member as a session's staffing lists them. */
export const sessionStaffMemberSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type SessionStaffMember = z.infer<typeof sessionStaffMemberSchema>;

/** Who works a session, and the organisation's other staff who could. */
export const sessionStaffSchema = z.object({
  sessionId: z.number().int(),
  assigned: z.array(sessionStaffMemberSchema),
  available: z.array(sessionStaffMemberSchema),
});
export type SessionStaff = z.infer<typeof sessionStaffSchema>;
export const sessionStaffResponse = z.object({ data: sessionStaffSchema });
export const sessionStaffParams = z.object({ id: idFromText, userId: idFromText });

/** A session a staff member works, as their home lists it: today's first. */
export const staffSessionSchema = z.object({
  sessionId: z.number().int(),
  sessionName: z.string().nullable(),
  campId: z.number().int(),
  campName: z.string(),
  orgName: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  /** The camp's own day (decision 047), for the check-in sheet. */
  today: z.string(),
  runsToday: z.boolean(),
});
export type StaffSession = z.infer<typeof staffSessionSchema>;
export const staffSessionsResponse = z.object({ data: z.array(staffSessionSchema) });
