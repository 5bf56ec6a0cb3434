import '@fontsource/nunito/latin-700.css';
import '@fontsource/nunito/latin-800.css';
import './app/mantine-styles.ts';
import '@mantine/notifications/styles.css';
import './app/theme-variables.css';
import './app/global.css';
import { SERVER_STATE_ELEMENT_ID } from '@campwise/contract/server-render';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers.tsx';
import { appRoutes, loadScreensFor } from './app/router.tsx';
import type { ServerState } from './app/server-state.ts';
import { removeStaleServiceWorkers } from './app/service-workers.ts';
import { readSession, setRenderedVisitorReader, writeVisitorHint } from './app/session.ts';

removeStaleServiceWorkers();
// A session begun before the hint existed, or ended while the app was closed, brings it up to date.
writeVisitorHint(readSession()?.userType ?? null);

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

// A public page arrives rendered, with the state it was rendered from; the rest start empty.
const stateElement = document.getElementById(SERVER_STATE_ELEMENT_ID);
const serverState = stateElement?.textContent ? (JSON.parse(stateElement.textContent) as ServerState) : null;
setRenderedVisitorReader(() => serverState?.visitor ?? null);

/**
 * Not a top-level await: a screen's code may import from this module's chunk, and would wait
 * on it forever while this module waited on the screen.
 */
async function start(root: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  if (serverState) {
    hydrate(queryClient, serverState.queries);
    await loadScreensFor(window.location.pathname);
  }
  const router = createBrowserRouter(appRoutes, serverState ? { hydrationData: serverState.router } : {});
  const app = (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
  // Hydrating as a transition lets React yield to the browser between pieces of the page, so a
  // slow phone stays responsive while the app takes the page over.
  if (serverState) {
    startTransition(() => {
      hydrateRoot(root, app);
    });
  } else {
    createRoot(root).render(app);
  }
}

void start(root);
