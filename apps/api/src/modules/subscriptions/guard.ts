import { messages } from '@campwise/contract/messages';
import { LIVE_SUBSCRIPTION_STATUSES } from '@campwise/contract/subscriptions';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hostSubscriptions, organizations, orgMembers } from '../../db/schema.ts';
import { currentUser, requireUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';

const signedInHost = requireUser('host');

/**
 * Host calls that manage organizations and camps: a signed-in host with a live subscription of
 * their own, or on the team of an organisation whose owner has one (decision 057); 402
 * otherwise. Which organisation they may touch is the access module's question.
 */
export async function requireSubscribedHost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await signedInHost(request, reply);
  const personId = currentUser(request).id;
  const [row] = await request.server.db
    .select({ hostId: hostSubscriptions.hostId })
    .from(hostSubscriptions)
    .where(
      and(
        inArray(hostSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
        or(
          eq(hostSubscriptions.hostId, personId),
          inArray(
            hostSubscriptions.hostId,
            request.server.db
              .select({ hostId: organizations.hostId })
              .from(orgMembers)
              .innerJoin(organizations, eq(organizations.id, orgMembers.orgId))
              .where(eq(orgMembers.userId, personId)),
          ),
        ),
      ),
    )
    .limit(1);
  if (!row) throw new AppError(402, 'SUBSCRIPTION_REQUIRED', messages.subscriptionRequired);
}
