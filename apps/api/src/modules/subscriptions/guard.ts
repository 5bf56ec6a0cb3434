import { messages } from '@campwise/contract/messages';
import { LIVE_SUBSCRIPTION_STATUSES } from '@campwise/contract/subscriptions';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client.ts';
import { hostSubscriptions } from '../../db/schema.ts';
import { currentUser, requireUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';
import { onSubscribedTeam } from '../access/index.ts';

const signedInHost = requireUser('host');
const subscriptionRequired = () => new AppError(402, 'SUBSCRIPTION_REQUIRED', messages.subscriptionRequired);

async function hasLiveSubscription(db: Database, hostId: number): Promise<boolean> {
  const [row] = await db
    .select({ hostId: hostSubscriptions.hostId })
    .from(hostSubscriptions)
    .where(
      and(
        eq(hostSubscriptions.hostId, hostId),
        inArray(hostSubscriptions.status, [...LIVE_SUBSCRIPTION_STATUSES]),
      ),
    );
  return row !== undefined;
}

/**
 * Host calls that manage organizations and camps: a signed-in host with a live subscription of
 * their own, or on the team of an organisation whose owner has one (decision 057); 402
 * otherwise. Which organisation they may touch is the access module's question.
 */
export async function requireSubscribedHost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await signedInHost(request, reply);
  const { db } = request.server;
  const personId = currentUser(request).id;
  if (!(await hasLiveSubscription(db, personId)) && !(await onSubscribedTeam(db, personId))) {
    throw subscriptionRequired();
  }
}

/** Adding an organisation of one's own: only a host who pays for their own subscription. */
export async function requireOwnSubscription(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await signedInHost(request, reply);
  if (!(await hasLiveSubscription(request.server.db, currentUser(request).id))) throw subscriptionRequired();
}
