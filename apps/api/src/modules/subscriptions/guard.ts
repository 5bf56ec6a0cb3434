import { messages } from '@campwise/contract/messages';
import { isSubscribedStatus } from '@campwise/contract/subscriptions';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { hostSubscriptions } from '../../db/schema.ts';
import { currentUser, requireUser } from '../../platform/auth.ts';
import { AppError } from '../../platform/errors.ts';

const signedInHost = requireUser('host');

/** Host calls that manage organizations and camps: a signed-in host with a live subscription (402 otherwise). */
export async function requireSubscribedHost(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  await signedInHost(request, reply);
  const [row] = await request.server.db
    .select({ status: hostSubscriptions.status })
    .from(hostSubscriptions)
    .where(eq(hostSubscriptions.hostId, currentUser(request).id));
  if (!isSubscribedStatus(row?.status ?? null)) {
    throw new AppError(402, 'SUBSCRIPTION_REQUIRED', messages.subscriptionRequired);
  }
}
