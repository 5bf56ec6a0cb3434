import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { messages } from '@campwise/contract/messages';
import {
  type ApiTransport,
  type PageRenderer,
  SERVER_STATE_ELEMENT_ID,
  visitorHintFrom,
} from '@campwise/contract/server-render';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/** Paths the SPA never owns: a browser opening one of these gets the API's answer. */
const serverOwnedPrefixes = [
  '/api/',
  '/data/',
  '/docs',
  '/healthz',
  '/uploads/',
  '/dev/',
  '/assets/',
  '/sitemaps/',
  // The booking widget: its own page, drawn on the server, framed by hosts' sites (decision 075).
  '/widget/',
];

/** Answers smaller than this go uncompressed: the saving would not pay for the work. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * The coding a page goes in for this Accept-Encoding header: brotli (smaller) unless the client
 * prefers gzip, gzip, or none. A coding is taken by name, or as any coding, with a quality above 0.
 */
function pageCoding(header: string | undefined): 'br' | 'gzip' | null {
  const codings = parseWeighted(header ?? '');
  const quality = (name: string) =>
    (codings.find((coding) => coding.type === name) ?? codings.find((coding) => coding.type === '*'))?.q ?? 0;
  const br = quality('br');
  const gzip = quality('gzip');
  if (br > 0 && br >= gzip) return 'br';
  return gzip > 0 ? 'gzip' : null;
}

/** The moments each render stamps its data with: the same page rendered twice differs there only. */
const RENDER_MOMENTS = /"(?:dataUpdatedAt|errorUpdatedAt|dehydratedAt)":\d+/g;

/**
 * A page's validator: weak, as the page is the same whichever coding carries it, and a hash of
 * its markup and state less the moments of its render, so an unchanged page answers 304 however
 * often, and by whichever server, it is rendered.
 */
export function pageTag(html: string): string {
  const content = html.replaceAll(RENDER_MOMENTS, '');
  return `W/"${createHash('sha256').update(content).digest('base64url').slice(0, 32)}"`;
}

/** Whether If-None-Match names the tag (weak comparison, RFC 9110 section 13.1.2) or is `*`. */
function matchesTag(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (value: string) => value.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((value) => value.trim() === '*' || opaque(value) === opaque(tag));
}

/**
 * Brotli at quality 5: measured on a rendered camp page (96 KB), 1.0 ms and 10.3 KB against
 * gzip's default 1.5 ms and 12.4 KB; on a page of results (224 KB), 1.7 ms and 14.2 KB against
 * 1.3 ms and 19.2 KB. Its best quality (11) takes 66 to 123 ms a page for another tenth.
 */
const brotliOptions = (html: string) => ({
  params: {
    [zlib.BROTLI_PARAM_QUALITY]: 5,
    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
    [zlib.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
  },
});

interface MediaPreference {
  /** The quality the client gave the type, 0 to 1; 0 when no range matches. */
  q: number;
  /** How closely the range named it: 2 the type itself, 1 any subtype of it, 0 any type. */
  specificity: number;
}

/** How much an Accept header wants one media type (RFC 9110, section 12.5.1). */
function preferenceFor(ranges: { type: string; q: number }[], mediaType: string): MediaPreference {
  const [major] = mediaType.split('/');
  let best: MediaPreference = { q: 0, specificity: -1 };
  for (const range of ranges) {
    const specificity =
      range.type === mediaType ? 2 : range.type === `${major}/*` ? 1 : range.type === '*/*' ? 0 : -1;
    if (specificity > best.specificity) best = { q: range.q, specificity };
  }
  return best;
}

/** The values of a weighted header (Accept, Accept-Encoding) with their qualities, 0 to 1. */
function parseWeighted(header: string): { type: string; q: number }[] {
  return header.split(',').flatMap((part) => {
    const [type, ...parameters] = part.split(';').map((piece) => piece.trim().toLowerCase());
    if (!type) return [];
    const qParameter = parameters.find((parameter) => parameter.startsWith('q='));
    const q = qParameter ? Number(qParameter.slice(2)) : 1;
    return [{ type, q: Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0 }];
  });
}

/**
 * Whether a client that sent this Accept header takes the page rather than JSON: it allows
 * HTML (text/html, any text type, any type at all, or no header, as curl, uptime checks and
 * link checkers send) and does not prefer JSON, by quality or by naming it more exactly.
 */
export function prefersHtml(accept: string | undefined): boolean {
  if (!accept?.trim()) return true;
  const ranges = parseWeighted(accept);
  const html = preferenceFor(ranges, 'text/html');
  const json = preferenceFor(ranges, 'application/json');
  if (html.q <= 0) return false;
  return html.q > json.q || (html.q === json.q && html.specificity >= json.specificity);
}

/**
 * Whether a client names HTML itself (`text/html`, as every browser navigation does) and
 * prefers it, rather than taking any type (a script's or a tool's `*\/*`, or no header).
 */
export function namesHtml(accept: string | undefined): boolean {
  if (!accept?.trim()) return false;
  return preferenceFor(parseWeighted(accept), 'text/html').specificity === 2 && prefersHtml(accept);
}

/**
 * Some spec paths are both a screen and a call (`/camper/campers`, `/host/org/{id}/camps`).
 * A browser navigation carries no bearer token and names HTML; the web app's client always
 * sends its token and asks for JSON. So a GET without a token, outside the server-owned
 * prefixes and not naming a file, is the SPA's when it names HTML; a page that is no call
 * (`/`, `/camps/12`) is also the SPA's for a client that takes any type, as curl, uptime checks
 * and link checkers do, while on a call's path that client gets the call's answer (decision 001).
 */
export function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!mayBePage(request)) return false;
  return isCallPath(request) ? namesHtml(request.headers.accept) : prefersHtml(request.headers.accept);
}

/** A path the SPA may own (no server-owned prefix, no file name), asked for without a token. */
function mayBePage(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  if (serverOwnedPrefixes.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix))) {
    return false;
  }
  if (/\.[a-z0-9]+$/i.test(path)) return false;
  return request.headers.authorization === undefined;
}

/**
 * A form a public page sends before its script has run (the newsletter): the browser posts its
 * fields to the page's own address and shows the page the server renders after its action. The
 * app's scripts always send JSON with a token, so they never take this way.
 */
export function isPageForm(request: FastifyRequest): boolean {
  return (
    request.method === 'POST' &&
    mayBePage(request) &&
    (request.headers['content-type'] ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded') &&
    namesHtml(request.headers.accept)
  );
}

/** A page's form holds a field or two; anything much longer is not one of ours. */
const PAGE_FORM_LIMIT_BYTES = 16 * 1024;

/** The form's fields as sent, or null when they run past the limit. */
async function readPageForm(request: FastifyRequest): Promise<string | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request.raw) {
    const piece = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += piece.length;
    if (size > PAGE_FORM_LIMIT_BYTES) return null;
    chunks.push(piece);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Whether the form came from one of our own pages, so another site's page posting into ours (in
 * a visitor's name) is refused. Browsers say where a request comes from in `Sec-Fetch-Site`;
 * older ones name the page's origin, which our no-referrer policy turns into `null`, and then
 * only a matching origin is taken.
 */
function postedFromOurPage(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

/**
 * Whether a route answers this path: one matched and every parameter of its path is an id, as
 * every call's is (`/host/:id` also matches the screen `/host/dashboard`).
 */
function isCallPath(request: FastifyRequest): boolean {
  if (request.routeOptions.url === undefined) return false;
  return Object.values(request.params as Record<string, string>).every((value) => /^\d+$/.test(value));
}

/** A public page's status and the tags that take the place of index.html's title and description. */
export interface PageHeadHtml {
  status: number;
  head: string;
}

/** Finds a navigation's head by path; null keeps index.html's own. */
export type PageHeadReader = (path: string) => Promise<PageHeadHtml | null>;

const TITLE_AND_DESCRIPTION = /<title>[^<]*<\/title>\s*|<meta name="description"[^>]*>\s*/g;
const EMPTY_ROOT = '<div id="root"></div>';

/** The web app's server bundle, built beside its browser files (`dist-server` next to `dist`). */
async function loadRenderer(app: FastifyInstance, distDir: string): Promise<PageRenderer | null> {
  const entry = join(distDir, '..', 'dist-server', 'entry-server.js');
  if (!existsSync(entry)) {
    app.log.warn({ entry }, 'web app server bundle not built; public pages render in the browser');
    return null;
  }
  const module = (await import(pathToFileURL(entry).href)) as { renderer: PageRenderer };
  return module.renderer;
}

/**
 * The rendering page's calls answered in process, as the visitor's own: a search counts
 * against the visitor's rate limit, not against the server's.
 */
function transportFor(app: FastifyInstance, request: FastifyRequest): ApiTransport {
  return async (path, init) => {
    const answer = await app.inject({
      method: init.method as 'GET',
      url: path,
      headers: init.headers,
      payload: init.body,
      remoteAddress: request.ip,
    });
    const contentType = answer.headers['content-type'];
    return new Response(answer.statusCode === 204 ? null : answer.body, {
      status: answer.statusCode,
      headers: typeof contentType === 'string' ? { 'content-type': contentType } : {},
    });
  };
}

/**
 * Serves the built SPA: hashed assets cached for a year, HTML never cached, history fallback.
 * Public pages arrive rendered, with their own title, description, preview tags and structured
 * data, for phones that should see the page before its script runs and for crawlers and link
 * previews that run no script; the browser hydrates them from the state sent beside them.
 */
export async function registerWebApp(
  app: FastifyInstance,
  distDir: string,
  readHead: PageHeadReader = async () => null,
): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built; serving the API only');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const [beforeHeadEnd = '', afterHeadEnd = ''] = indexHtml
    .replace(TITLE_AND_DESCRIPTION, '')
    .split(/(?=<\/head>)/);
  const renderer = await loadRenderer(app, distDir);

  /**
   * The page's body, rendered with its state (after the page's action when a form was sent), or
   * empty for the browser to fill; with the status its action chose.
   */
  async function bodyFor(
    request: FastifyRequest,
    form: string | undefined,
  ): Promise<{ body: string; status: number }> {
    if (!renderer) return { body: afterHeadEnd, status: 200 };
    try {
      const page = await renderer.renderPage(
        { url: request.url, form, visitor: visitorHintFrom(request.headers.cookie) },
        transportFor(app, request),
      );
      if (!page) return { body: afterHeadEnd, status: 200 };
      // A function, so that a `$` in a camp's text is not read as a replacement pattern.
      const body = afterHeadEnd.replace(
        EMPTY_ROOT,
        () =>
          `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${page.stateJson}</script>`,
      );
      return { body, status: page.status };
    } catch (error) {
      // The browser renders the page itself, as it does every signed-in screen.
      request.log.error({ err: error }, 'could not render a public page');
      return { body: afterHeadEnd, status: 200 };
    }
  }

  async function pageFor(request: FastifyRequest, form?: string): Promise<{ status: number; html: string }> {
    try {
      const page = await readHead(request.url.split('?')[0] ?? '/');
      if (page) {
        const { body, status } = await bodyFor(request, form);
        return {
          status: page.status === 200 ? status : page.status,
          html: `${beforeHeadEnd}  ${page.head}\n  ${body}`,
        };
      }
    } catch (error) {
      // The page still works without its head; the app reads its data itself.
      request.log.error({ err: error }, 'could not read the head of a public page');
    }
    return { status: 200, html: indexHtml };
  }

  app.addHook('onRequest', async (request, reply) => {
    const sentForm = isPageForm(request) && renderer !== null;
    if (!sentForm && !isAppNavigation(request)) return;
    let form: string | undefined;
    if (sentForm) {
      if (!postedFromOurPage(request)) throw new AppError(403, 'FORBIDDEN', messages.forbidden);
      const fields = await readPageForm(request);
      if (fields === null) throw new AppError(413, 'PAYLOAD_TOO_LARGE', messages.pageFormTooLarge);
      form = fields;
    }
    const page = await pageFor(request, form);
    // The page is rendered for the visitor its hint names (a parent's links differ from a guest's).
    reply.header('vary', 'accept-encoding, cookie');
    if (form !== undefined) {
      // The answer to a form is not a page to keep: sending the form again decides afresh.
      reply.header('cache-control', 'no-store');
    } else {
      const tag = pageTag(page.html);
      reply.header('cache-control', 'no-cache').header('etag', tag);
      // A page the browser already holds is not sent again (`no-cache` has it ask every time).
      if (page.status === 200 && matchesTag(request.headers['if-none-match'], tag)) {
        return reply.status(304).send();
      }
    }
    reply.status(page.status).type('text/html; charset=utf-8');
    // Answered before any route, so the routes' compression never sees the page: a rendered
    // camp page is 90 KB of markup and state, a tenth of that compressed.
    const coding =
      Buffer.byteLength(page.html) < COMPRESSION_THRESHOLD_BYTES
        ? null
        : pageCoding(request.headers['accept-encoding']);
    if (coding === 'br') {
      return reply
        .header('content-encoding', 'br')
        .send(brotliCompressSync(page.html, brotliOptions(page.html)));
    }
    if (coding === 'gzip') return reply.header('content-encoding', 'gzip').send(gzipSync(page.html));
    return reply.send(page.html);
  });

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    // The build writes each file's brotli and gzip copies beside it (apps/web/vite.config.ts).
    preCompressed: true,
    setHeaders(res, filePath) {
      if (filePath.includes(`${join(distDir, 'assets')}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else if (filePath.startsWith(`${join(distDir, 'widget')}/`)) {
        // The booking widget's scripts run on hosts' own sites (decision 075), under a name that
        // stays, so a change reaches them within the hour.
        res.header('cross-origin-resource-policy', 'cross-origin');
        res.header('cache-control', 'public, max-age=3600');
      } else if (filePath.endsWith('.html')) {
        res.header('cache-control', 'no-cache');
      } else {
        res.header('cache-control', 'public, max-age=86400');
      }
    },
  });
}
