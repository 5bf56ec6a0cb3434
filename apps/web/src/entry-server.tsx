import { AsyncLocalStorage } from 'node:async_hooks';
import type {
  ApiTransport,
  PageRenderer,
  PageRequest,
  RenderedPage,
  VisitorHint,
} from '@campwise/contract/server-render';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { setApiTransport } from './api/client.ts';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { appRoutes } from './app/router.tsx';
import { serverStateJson } from './app/server-state.ts';
import { setRenderedVisitorReader } from './app/session.ts';

/**
 * Screens read their data with queries as they render. A render on the server only registers
 * them; they are then fetched and the page rendered again, until a render asks for nothing
 * new (a query that needs another's answer asks on the next round).
 */
const MAX_RENDERS = 4;

// Each page's calls go through the transport its request brought, and its links follow the
// visitor its request names, even with renders interleaved.
const pageContext = new AsyncLocalStorage<{ transport: ApiTransport; visitor: VisitorHint | null }>();
setApiTransport((path, init) => {
  const context = pageContext.getStore();
  if (!context) throw new Error('A call made outside a server render');
  return context.transport(path, init);
});
setRenderedVisitorReader(() => pageContext.getStore()?.visitor ?? null);

const handler = createStaticHandler(appRoutes);

function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

/** Queries a render registered and nobody has asked the server for yet. */
function unasked(queryClient: QueryClient, failed: Set<string>): Query[] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter(
      (query) =>
        query.state.status === 'pending' &&
        query.state.fetchStatus === 'idle' &&
        !failed.has(query.queryHash) &&
        isEnabled(query),
    );
}

// The static handler wants a whole URL; the origin plays no part in matching.
const ORIGIN = 'http://campwise.invalid';

function routerRequest({ url, form }: PageRequest): Request {
  if (form === undefined) return new Request(ORIGIN + url);
  return new Request(ORIGIN + url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
  });
}

async function render(request: PageRequest): Promise<RenderedPage | null> {
  const context = await handler.query(routerRequest(request));
  if (context instanceof Response) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const queryClient = createQueryClient({ onServer: true });
  const page = () =>
    renderToString(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </AppProviders>
      </StrictMode>,
    );

  // A failed call is asked again in the browser, which shows its error; the server shows it loading.
  const failed = new Set<string>();
  let html = page();
  for (let round = 1; round < MAX_RENDERS; round += 1) {
    const waiting = unasked(queryClient, failed);
    if (waiting.length === 0) break;
    // A failure stays in the query's state, read just below.
    await Promise.all(waiting.map((query) => query.fetch().catch(() => undefined)));
    for (const query of waiting.filter(({ state }) => state.status === 'error')) {
      failed.add(query.queryHash);
      queryClient.getQueryCache().remove(query);
    }
    html = page();
  }

  const stateJson = serverStateJson({
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    queries: dehydrate(queryClient),
    visitor: request.visitor,
  });
  queryClient.clear();
  return { html, stateJson, status: context.statusCode };
}

export const renderer: PageRenderer = {
  renderPage: (request, transport) =>
    pageContext.run({ transport, visitor: request.visitor }, () => render(request)),
};
