import type { UserType } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { users } from '../db/schema.ts';
import { AppError, forbidden } from './errors.ts';

export interface AuthenticatedUser {
  id: number;
  userType: UserType;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by requireUser; null on public routes. */
    user: AuthenticatedUser | null;
  }
}

export const unauthenticated = () => new AppError(401, 'UNAUTHENTICATED', messages.authFailed);

/**
 * A preHandler that admits only a signed-in user of one of the given types. The token must
 * be valid and unexpired, and its version must match the user's current one, so changing the
 * password or e-mail revokes every older token.
 */
export function requireUser(...allowed: UserType[]) {
  return async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : null;
    if (!token) throw unauthenticated();
    const claims = await request.server.tokens.verify(token);
    if (!claims) throw unauthenticated();
    const [user] = await request.server.db
      .select({ id: users.id, userType: users.userType, tokenVersion: users.tokenVersion })
      .from(users)
      .where(eq(users.id, claims.userId));
    if (!user || user.tokenVersion !== claims.tokenVersion || user.userType !== claims.userType) {
      throw unauthenticated();
    }
    if (allowed.length > 0 && !allowed.includes(user.userType)) throw forbidden();
    request.user = { id: user.id, userType: user.userType };
  };
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): AuthenticatedUser {
  if (!request.user) throw unauthenticated();
  return request.user;
}
