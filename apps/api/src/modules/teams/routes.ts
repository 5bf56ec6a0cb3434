import {
  backgroundCheckSchema,
  complianceResponse,
  complianceRowResponse,
} from '@campwise/contract/background-checks';
import { idParams } from '@campwise/contract/ids';
import { deletedResponse } from '@campwise/contract/responses';
import {
  memberRoleSchema,
  membershipResponse,
  orgInvitationParams,
  orgMemberParams,
  pendingTeamInvitationResponse,
  sessionStaffParams,
  sessionStaffResponse,
  staffSessionsResponse,
  teamInvitationPreviewResponse,
  teamInvitationSchema,
  teamInvitationTokenSchema,
  teamMemberResponse,
  teamResponse,
} from '@campwise/contract/teams';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../platform/auth.ts';
import { multipartBody, parseFields, readMultipart } from '../../platform/multipart.ts';
import { fileAnswer } from '../../platform/openapi.ts';
import { sendPrivateFile } from '../../platform/private-files.ts';
import { backgroundCheckDocument, readCompliance, recordBackgroundCheck } from './background-checks.ts';
import { changeMemberRole, removeMember } from './change-members.ts';
import {
  acceptTeamInvitation,
  cancelTeamInvitation,
  inviteToTeam,
  previewTeamInvitation,
} from './invitations.ts';
import { readTeam } from './read-team.ts';
import { assignStaff, readSessionStaff, staffSessions, unassignStaff } from './session-staff.ts';

/**
 * An organisation's team (decision 057): the owner invites managers and staff, changes their
 * roles and removes them; a member reads the team and may leave. The invitee, signed in as a
 * host (with or without a subscription of their own), reads and accepts the invitation.
 */
export const teamRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['teams'];
  const publicUrl = app.config.publicUrl;

  app.get(
    '/host/orgs/:id/team',
    {
      schema: { tags, summary: "The organization's team", params: idParams, response: { 200: teamResponse } },
      config: { access: 'subscribedHost', right: 'org:view' },
    },
    async (request) => ({ data: await readTeam(app.db, currentUser(request).id, request.params.id) }),
  );

  app.post(
    '/host/orgs/:id/team/invitations',
    {
      schema: {
        tags,
        summary: 'Invite someone by e-mail to the team as a manager or staff member',
        params: idParams,
        body: teamInvitationSchema,
        response: { 201: pendingTeamInvitationResponse },
      },
      config: { access: 'subscribedHost', right: 'team' },
    },
    async (request, reply) => {
      const invitation = await inviteToTeam(
        app.db,
        publicUrl,
        currentUser(request).id,
        request.params.id,
        request.body,
      );
      return reply.status(201).send({ data: invitation });
    },
  );

  app.delete(
    '/host/orgs/:id/team/invitations/:invitationId',
    {
      schema: {
        tags,
        summary: 'Cancel an open invitation',
        params: orgInvitationParams,
        response: { 200: deletedResponse },
      },
      config: { access: 'subscribedHost', right: 'team' },
    },
    async (request) => {
      const { id, invitationId } = request.params;
      await cancelTeamInvitation(app.db, currentUser(request).id, id, invitationId);
      return { data: { deleted: true as const } };
    },
  );

  app.put(
    '/host/orgs/:id/team/members/:userId',
    {
      schema: {
        tags,
        summary: "Change a member's role",
        params: orgMemberParams,
        body: memberRoleSchema,
        response: { 200: teamMemberResponse },
      },
      config: { access: 'subscribedHost', right: 'team' },
    },
    async (request) => {
      const { id, userId } = request.params;
      return { data: await changeMemberRole(app.db, currentUser(request).id, id, userId, request.body.role) };
    },
  );

  app.delete(
    '/host/orgs/:id/team/members/:userId',
    {
      schema: {
        tags,
        summary: 'Remove a member, or leave the team (your own user id)',
        params: orgMemberParams,
        response: { 200: deletedResponse },
      },
      config: { access: 'subscribedHost', right: 'team' },
    },
    async (request) => {
      const { id, userId } = request.params;
      await removeMember(app.db, currentUser(request).id, id, userId);
      return { data: { deleted: true as const } };
    },
  );

  app.post(
    '/host/team/invitation',
    {
      schema: {
        tags,
        summary: 'Which organization an invitation is from, if the signed-in host can accept it',
        body: teamInvitationTokenSchema,
        response: { 200: teamInvitationPreviewResponse },
      },
      config: { access: 'host' },
    },
    async (request) => ({
      data: await previewTeamInvitation(app.db, currentUser(request).id, request.body.token),
    }),
  );

  app.post(
    '/host/team/invitation/accept',
    {
      schema: {
        tags,
        summary: 'Accept an invitation and join the team',
        body: teamInvitationTokenSchema,
        response: { 200: membershipResponse },
      },
      config: { access: 'host' },
    },
    async (request) => ({
      data: await acceptTeamInvitation(app.db, publicUrl, currentUser(request).id, request.body.token),
    }),
  );

  app.get(
    '/host/sessions/:id/staff',
    {
      schema: {
        tags,
        summary: 'The staff who work a session, and the others who could',
        params: idParams,
        response: { 200: sessionStaffResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => ({ data: await readSessionStaff(app.db, currentUser(request).id, request.params.id) }),
  );

  app.put(
    '/host/sessions/:id/staff/:userId',
    {
      schema: {
        tags,
        summary: 'Assign a staff member to a session',
        params: sessionStaffParams,
        response: { 200: sessionStaffResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => {
      const { id, userId } = request.params;
      return { data: await assignStaff(app.db, currentUser(request).id, id, userId) };
    },
  );

  app.delete(
    '/host/sessions/:id/staff/:userId',
    {
      schema: {
        tags,
        summary: 'Take a staff member off a session',
        params: sessionStaffParams,
        response: { 200: sessionStaffResponse },
      },
      config: { access: 'subscribedHost', right: 'camps:manage' },
    },
    async (request) => {
      const { id, userId } = request.params;
      return { data: await unassignStaff(app.db, currentUser(request).id, id, userId) };
    },
  );

  app.get(
    '/host/team/sessions',
    {
      schema: {
        tags,
        summary: "The sessions the signed-in staff member works that have not ended, today's first",
        response: { 200: staffSessionsResponse },
      },
      config: { access: 'subscribedHost', acrossTeams: true },
    },
    async (request) => ({ data: await staffSessions(app.db, currentUser(request).id) }),
  );

  app.get(
    '/host/orgs/:id/compliance',
    {
      schema: {
        tags,
        summary: "Every member's background check: who is clear, who expires within 30 days, who has none",
        params: idParams,
        response: { 200: complianceResponse },
      },
      config: { access: 'subscribedHost', right: 'team' },
    },
    async (request, reply) => {
      const compliance = await readCompliance(app.db, currentUser(request).id, request.params.id);
      return reply.header('cache-control', 'no-store').send({ data: compliance });
    },
  );

  app.post(
    '/host/orgs/:id/team/members/:userId/background-checks',
    {
      schema: {
        tags,
        summary:
          "Record a member's background check (multipart: checkedBy, checkedOn, result, expiresOn, optional document: a PDF or an image)",
        params: orgMemberParams,
        ...multipartBody,
        response: { 201: complianceRowResponse },
      },
      config: { access: 'subscribedHost', right: 'team' },
    },
    async (request, reply) => {
      const form = await readMultipart(request, ['document']);
      const input = parseFields(backgroundCheckSchema, form.fields);
      const bytes = form.files.document;
      const row = await recordBackgroundCheck(
        app.db,
        currentUser(request).id,
        request.params.id,
        request.params.userId,
        input,
        bytes ? { bytes, name: form.fileNames.document } : undefined,
      );
      return reply.status(201).send({ data: row });
    },
  );

  app.get(
    '/host/background-checks/:id/document',
    {
      schema: {
        ...fileAnswer('application/pdf', 'image/webp'),
        tags,
        summary: "A background check's document (PDF or image)",
        params: idParams,
      },
      config: { access: 'subscribedHost', right: 'team' },
    },
    async (request, reply) =>
      sendPrivateFile(
        reply,
        await backgroundCheckDocument(app.db, currentUser(request).id, request.params.id),
      ),
  );
};
