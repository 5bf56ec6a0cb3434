import type { UserType } from '@campwise/contract/accounts';
import type { FastifyInstance, preHandlerHookHandler, RouteOptions } from 'fastify';
import { requireUser } from './auth.ts';

/**
 * Who a route admits before it looks at any resource (docs/design.md, section 4: role, then
 * ownership). Every API route declares one as `config: { access }`; which organisation, camp or
 * session the caller may then act on is the access module's answer (decision 059).
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

/**
 * The one hook that keeps every route's declared access: a route registered in `scope` without
 * one fails the start, and each guarded route gets its guard ahead of its own preHandlers (the
 * rate limits keyed by the signed-in account run after it).
 */
export function enforceRouteAccess(scope: FastifyInstance, subscriptions: SubscriptionGuards): void {
  scope.addHook('onRoute', (route: RouteOptions) => {
    const access = route.config?.access;
    if (!access) throw new Error(`${String(route.method)} ${route.url} declares no access (config.access)`);
    const guard = guardOf(access, subscriptions);
    if (guard) route.preHandler = [guard, ...asList(route.preHandler)];
  });
}
