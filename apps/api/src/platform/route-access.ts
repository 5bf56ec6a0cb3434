import type { UserType } from '@campwise/contract/accounts';
import type { TeamRight } from '@campwise/contract/team-roles';
import type { FastifyContextConfig, FastifyInstance, preHandlerHookHandler, RouteOptions } from 'fastify';
import { requireUser } from './auth.ts';

/**
 * Who a route admits before it looks at any resource (docs/design.md, section 4: role, then
 * ownership). Every API route declares one as `config: { access }`, and a `subscribedHost` route
 * also the team right its use case checks (`right`); which organisation, camp or session the
 * caller may then act on is the access module's answer (decision 059).
 */
export type RouteAccess =
  /** Anyone, signed in or not: a bearer token, whoever's it is, changes nothing. */
  | 'public'
  /** Any signed-in user, about their own account. */
  | 'user'
  /** A host, with or without a subscription. */
  | 'host'
  /** A host with a live subscription, or on the team of an organisation whose owner has one. */
  | 'subscribedHost'
  /** A host who pays for a subscription of their own (adding an organisation). */
  | 'ownSubscription'
  | 'camper'
  | 'admin';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * A `subscribedHost` route's team right (decision 057): what its use case asks the access
     * module for on the organisation, camp or session it acts on. Written on the route so the
     * right can be read where the route is; the service still checks it.
     */
    right?: TeamRight;
    /**
     * Instead of a right, for a `subscribedHost` route that acts on no one organisation: it
     * answers the caller's own across every team they are on (their organisations, their
     * conversations, the sessions they work, their camps like a new one), each row filtered by the
     * access module, so no one organisation's right applies.
     */
    acrossTeams?: true;
  }
}

/** The user types each guarded access admits; the subscription accesses also check the plan. */
export const ADMITTED: Record<Exclude<RouteAccess, 'public'>, readonly UserType[]> = {
  user: ['host', 'camper', 'admin'],
  host: ['host'],
  subscribedHost: ['host'],
  ownSubscription: ['host'],
  camper: ['camper'],
  admin: ['admin'],
};

/** The guards of the accesses that depend on a subscription, which the subscriptions module owns. */
export type SubscriptionGuards = Record<'subscribedHost' | 'ownSubscription', preHandlerHookHandler>;

function guardOf(access: RouteAccess, subscriptions: SubscriptionGuards): preHandlerHookHandler | null {
  if (access === 'public') return null;
  if (access === 'subscribedHost' || access === 'ownSubscription') return subscriptions[access];
  return requireUser(...ADMITTED[access]);
}

const asList = <T>(value: T | T[] | undefined): T[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/** What is wrong with a route's team right: every subscribedHost route has one, no other route does. */
function teamRightProblem({ access, right, acrossTeams }: FastifyContextConfig): string | null {
  const declared = right !== undefined || acrossTeams === true;
  if (access !== 'subscribedHost') {
    return declared ? 'declares a team right, which only a subscribedHost route has' : null;
  }
  if (right !== undefined && acrossTeams) return 'declares both a team right and acrossTeams';
  return declared ? null : 'declares no team right (config.right, or acrossTeams: true)';
}

/**
 * The one hook that keeps every route's declared access: a route registered in `scope` without
 * one fails the start, as does a `subscribedHost` route without its team right, and each
 * guarded route gets its guard ahead of its own preHandlers (the rate limits keyed by the
 * signed-in account run after it).
 */
export function enforceRouteAccess(scope: FastifyInstance, subscriptions: SubscriptionGuards): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    const where = `${String(route.method)} ${route.url}`;
    const access = route.config?.access;
    if (!access) throw new Error(`${where} declares no access (config.access)`);
    const problem = teamRightProblem(route.config ?? {});
    if (problem) throw new Error(`${where} ${problem}`);
    const guard = guardOf(access, subscriptions);
    if (guard) route.preHandler = [guard, ...asList(route.preHandler)];
  });
}
