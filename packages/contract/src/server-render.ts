/**
 * What the web app's server bundle offers the API server, which serves the public pages as
 * complete HTML: the page's markup and the state the browser hydrates from.
 */
export interface RenderedPage {
  /** The markup that goes inside the page's root element. */
  html: string;
  /** The router's and queries' state as JSON, safe to place inside a script element. */
  stateJson: string;
}

/** How the server bundle's data calls reach the API: fetch's shape, answered in process. */
export type ApiTransport = (
  path: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<Response>;

export interface PageRenderer {
  /** Renders a URL (path and query); null when the app would redirect rather than show a page. */
  renderPage(url: string, transport: ApiTransport): Promise<RenderedPage | null>;
}

/** The id of the JSON script element that carries RenderedPage.stateJson. */
export const SERVER_STATE_ELEMENT_ID = 'campwise-state';
