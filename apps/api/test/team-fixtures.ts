import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { bearer, mailTo, registerHost, type TestUser, uniqueEmail } from './fixtures.ts';

/** The token in the newest team invitation mailed to the address. */
export async function mailedTeamToken(db: Database, email: string): Promise<string> {
  const text = (await mailTo(db, email)).at(-1)?.textBody ?? '';
  const match = /\/host\/team\/accept\?token=([\w-]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no invitation link in:\n${text}`);
  return match[1];
}

export interface Member extends TestUser {
  userId: number;
}

/** Invites the host to the owner's organisation with the role and accepts through the mailed link. */
export async function joinTeam(
  app: FastifyInstance,
  db: Database,
  org: { token: string; orgId: number },
  person: { email: string; token: string },
  role: 'manager' | 'staff',
): Promise<void> {
  const invited = await app.inject({
    method: 'POST',
    url: `/host/orgs/${org.orgId}/team/invitations`,
    headers: bearer(org.token),
    payload: { email: person.email, role },
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await app.inject({
    method: 'POST',
    url: '/host/team/invitation/accept',
    headers: bearer(person.token),
    payload: { token: await mailedTeamToken(db, person.email) },
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

/** A new host account, invited by the owner with the role and joined through the mailed link. */
export async function joinedMember(
  app: FastifyInstance,
  db: Database,
  org: { token: string; orgId: number },
  role: 'manager' | 'staff',
  names: { firstName?: string; lastName?: string } = {},
): Promise<Member> {
  const person = await registerHost(app, { email: uniqueEmail(role), ...names });
  await joinTeam(app, db, org, person, role);
  return { ...person, userId: person.id };
}
