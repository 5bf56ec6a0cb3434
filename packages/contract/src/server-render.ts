/**
 * What the web app's server bundle offers the API server, which serves the public pages as
 * complete HTML: the page's markup and the state the browser hydrates from.
 */
export interface RenderedPage {
  /** The markup that goes inside the page's root element. */
  html: string;
  /** The router's and queries' state as JSON, safe to place inside a script element. */
  stateJson: string;
  /** The status the page answers with: a form's action may refuse what was sent (400). */
  status: number;
}

/** Who the server believes is visiting, from a hint the browser keeps beside its session. */
export type VisitorHint = 'camper' | 'host' | 'admin';

/** The name of the cookie that carries the visitor hint (never a credential). */
export const VISITOR_HINT_COOKIE = 'campwise_visitor';

const VISITOR_HINTS: readonly VisitorHint[] = ['camper', 'host', 'admin'];

/** The visitor hint a Cookie header carries, or null (no hint, or not one we write). */
export function visitorHintFrom(cookieHeader: string | undefined): VisitorHint | null {
  for (const pair of (cookieHeader ?? '').split(';')) {
    const [name, value] = pair.trim().split('=');
    if (name === VISITOR_HINT_COOKIE) {
      return VISITOR_HINTS.find((hint) => hint === value) ?? null;
    }
  }
  return null;
}

export interface PageRequest {
  /** The path and query. */
  url: string;
  /** A form the page sent before its script ran (`application/x-www-form-urlencoded`). */
  form?: string;
  visitor: VisitorHint | null;
}

/** How the server bundle's data calls reach the API: fetch's shape, answered in process. */
export type ApiTransport = (
  path: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<Response>;

export interface PageRenderer {
  /**
   * Renders a URL (path and query), after the page's action when a form was sent; null when
   * the app would redirect rather than show a page.
   */
  renderPage(request: PageRequest, transport: ApiTransport): Promise<RenderedPage | null>;
}

/** The id of the JSON script element that carries RenderedPage.stateJson. */
export const SERVER_STATE_ELEMENT_ID = 'campwise-state';
