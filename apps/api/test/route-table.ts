import type { TeamRight } from '@campwise/contract/team-roles';
import type { RouteOptions } from 'fastify';
import { z } from 'zod';
import type { RouteAccess } from '../src/platform/route-access.ts';
import { buildTestApp, type TestApp } from './helper.ts';

/** One method and address the app answers, as Fastify registered it. */
export interface LiveRoute {
  method: string;
  url: string;
  /** `METHOD /url`, the name the suites use for a route. */
  key: string;
  /** The route's own validators, which decide whether an input passes. */
  validators: { params?: Validator; querystring?: Validator; body?: Validator };
  /** Content types the route declares beyond JSON (multipart uploads). */
  consumes: string[];
  /** Who the route admits, as it declares on itself (`config.access`). */
  access: RouteAccess | undefined;
  /** The team right a `subscribedHost` route's use case checks (`config.right`); none across teams. */
  right: TeamRight | undefined;
}

const declaredSchema = z.looseObject({
  params: z.unknown().optional(),
  querystring: z.unknown().optional(),
  body: z.unknown().optional(),
  consumes: z.array(z.string()).optional(),
});

/** A route's zod schema, as far as the suites use it (the contract package brings its own zod). */
export interface Validator {
  safeParse(value: unknown): { success: boolean };
}

function isValidator(value: unknown): value is Validator {
  return (
    typeof value === 'object' &&
    value !== null &&
    'safeParse' in value &&
    typeof value.safeParse === 'function'
  );
}

const zodOf = (value: unknown) => (isValidator(value) ? value : undefined);

export const routeKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Addresses that are not the API, left out of the route suites on purpose: files served as they
 * are and the API's own documentation. Everything else Fastify knows must be covered.
 */
export const NOT_API: readonly { pattern: RegExp; what: string }[] = [
  { pattern: /^\/docs(\/|$)/, what: 'the OpenAPI document and Swagger UI with its assets' },
  { pattern: /^\/uploads\/\*$/, what: 'uploaded images, served as static files' },
];

/** A live route with what it declares; every API route declares its access, or the app does not start. */
export function declaredOf(
  routes: readonly LiveRoute[],
  key: string,
): { access: RouteAccess; right: TeamRight | undefined } {
  const route = routes.find((candidate) => candidate.key === key);
  if (!route?.access) throw new Error(`${key} is not a live route with a declared access`);
  return { access: route.access, right: route.right };
}

/** Who a live route admits. */
export const accessOf = (routes: readonly LiveRoute[], key: string): RouteAccess =>
  declaredOf(routes, key).access;

export const isApiRoute = (url: string) => !NOT_API.some(({ pattern }) => pattern.test(url));

/** Collects every route Fastify registers, as it registers it (so nothing added later is missed). */
function routeCollector() {
  const routes: LiveRoute[] = [];
  const onRoute = (route: RouteOptions) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const schema = declaredSchema.safeParse(route.schema ?? {});
    const declared = schema.success
      ? schema.data
      : { params: undefined, querystring: undefined, body: undefined };
    const validators = {
      params: zodOf(declared.params),
      querystring: zodOf(declared.querystring),
      body: zodOf(declared.body),
    };
    const consumes = schema.success ? (schema.data.consumes ?? []) : [];
    for (const method of methods) {
      routes.push({
        method,
        url: route.url,
        key: routeKey(method, route.url),
        validators,
        consumes,
        access: route.config?.access,
        right: route.config?.right,
      });
    }
  };
  return { routes, onRoute };
}

export interface AppWithRoutes extends TestApp {
  /** Every API route of the live app (the NOT_API ones left out), sorted by key. */
  routes: LiveRoute[];
}

/** Builds the test app and reads its route table while it is built. */
export async function buildAppWithRoutes(env: Record<string, string>): Promise<AppWithRoutes> {
  const collector = routeCollector();
  const testApp = await buildTestApp(env, { onRoute: collector.onRoute });
  const routes = collector.routes
    .filter((route) => isApiRoute(route.url))
    .sort((a, b) => a.key.localeCompare(b.key));
  return { ...testApp, routes };
}

/** Readable names for the routes a table does not cover, one per line. */
export function uncovered(routes: LiveRoute[], covered: (route: LiveRoute) => boolean): string {
  return routes
    .filter((route) => !covered(route))
    .map((route) => `  ${route.key}`)
    .join('\n');
}
