import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

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
];

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

function parseAccept(header: string): { type: string; q: number }[] {
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
  const ranges = parseAccept(accept);
  const html = preferenceFor(ranges, 'text/html');
  const json = preferenceFor(ranges, 'application/json');
  if (html.q <= 0) return false;
  return html.q > json.q || (html.q === json.q && html.specificity >= json.specificity);
}

/**
 * Some spec paths are both a screen and a call (`/camper/campers`, `/host/org/{id}/camps`).
 * A browser navigation carries no bearer token and allows HTML; the web app's client always
 * sends its token and asks for JSON. So a GET without a token that takes HTML, outside the
 * server-owned prefixes and not naming a file, is the SPA's.
 */
export function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (serverOwnedPrefixes.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix))) {
    return false;
  }
  if (/\.[a-z0-9]+$/i.test(path)) return false;
  if (request.headers.authorization !== undefined) return false;
  return prefersHtml(request.headers.accept);
}

/** A public page's status and the tags that take the place of index.html's title and description. */
export interface PageHeadHtml {
  status: number;
  head: string;
}

/** Finds a navigation's head by path; null keeps index.html's own. */
export type PageHeadReader = (path: string) => Promise<PageHeadHtml | null>;

const TITLE_AND_DESCRIPTION = /<title>[^<]*<\/title>\s*|<meta name="description"[^>]*>\s*/g;

/**
 * Serves the built SPA: hashed assets cached for a year, HTML never cached, history fallback.
 * Public pages get their own title, description, preview tags and structured data in the HTML
 * itself, for crawlers and link previews that run no script.
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

  async function pageFor(request: FastifyRequest): Promise<{ status: number; html: string }> {
    try {
      const page = await readHead(request.url.split('?')[0] ?? '/');
      if (page) return { status: page.status, html: `${beforeHeadEnd}  ${page.head}\n  ${afterHeadEnd}` };
    } catch (error) {
      // The page still works without its head; the app reads its data itself.
      request.log.error({ err: error }, 'could not read the head of a public page');
    }
    return { status: 200, html: indexHtml };
  }

  app.addHook('onRequest', async (request, reply) => {
    if (!isAppNavigation(request)) return;
    const page = await pageFor(request);
    return reply
      .status(page.status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page.html);
  });

  await app.register(fastifyStatic, {
    root: distDir,
    wildcard: false,
    index: false,
    setHeaders(res, filePath) {
      if (filePath.includes(`${join(distDir, 'assets')}`)) {
        res.header('cache-control', 'public, max-age=31536000, immutable');
      } else if (filePath.endsWith('.html')) {
        res.header('cache-control', 'no-cache');
      } else {
        res.header('cache-control', 'public, max-age=86400');
      }
    },
  });
}
