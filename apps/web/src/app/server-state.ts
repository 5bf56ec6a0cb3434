import type { VisitorHint } from '@campwise/contract/server-render';
import type { DehydratedState } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';

/** What a server-rendered page was rendered from: the browser starts where the server ended. */
export interface ServerState {
  router: HydrationState;
  queries: DehydratedState;
  /** The visitor the page was rendered for, whom the browser hydrates it for too. */
  visitor: VisitorHint | null;
}

/**
 * JSON for a script element: `<` is escaped so that no text in the data (a camp's description)
 * can close the element, and the two line separators JavaScript once rejected are escaped too.
 */
export function serverStateJson(state: ServerState): string {
  return JSON.stringify(state)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
