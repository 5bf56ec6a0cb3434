import { type APIRequestContext, expect } from '@playwright/test';

import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './api-schema.d.ts';
import { e2eBaseUrl } from './base-url.ts';

/** Answers that carry no body, which a Response must be made without. */
const WITHOUT_BODY = new Set([101, 204, 205, 304]);

/**
 * openapi-fetch's fetch, sent through Playwright's request context, so the journeys' API calls
 * go where the browser's do (loopback only) and show in the trace.
 */
function throughPlaywright(request: APIRequestContext): typeof fetch {
  return async (input, init) => {
    const asked = input instanceof Request ? input : new Request(input, init);
    const body = asked.body ? Buffer.from(await asked.arrayBuffer()) : undefined;
    const headers: Record<string, string> = {};
    asked.headers.forEach((value, name) => {
      headers[name] = value;
    });
    const answer = await request.fetch(asked.url, { method: asked.method, headers, data: body });
    const status = answer.status();
    return new Response(WITHOUT_BODY.has(status) ? null : new Uint8Array(await answer.body()), {
      status,
      headers: answer.headers(),
    });
  };
}

/**
 * The API as its OpenAPI document types it (api-schema.d.ts, generated from the document and
 * checked against it by the API tests), so a call the API no longer takes fails the type-check.
 */
export function apiClient(request: APIRequestContext, token?: string): Client<paths> {
  return createClient<paths>({
    baseUrl: e2eBaseUrl,
    fetch: throughPlaywright(request),
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** A typed call's data, once its status is the one expected (otherwise the answer is shown). */
export function answered<T>(result: { data?: T; error?: unknown; response: Response }, status: number): T {
  expect(result.response.status, JSON.stringify(result.error ?? result.data ?? null)).toBe(status);
  if (result.data === undefined) throw new Error(`${result.response.url} answered no body`);
  return result.data;
}
