import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** Paths the SPA never owns: a browser opening one of these gets the API's answer. */
const serverOwnedPrefixes = ['/api/', '/data/', '/docs', '/healthz', '/uploads/', '/dev/', '/assets/'];

/**
 * Some spec paths are both a screen and a call (`/camper/campers`, `/host/org/{id}/camps`).
 * A browser navigation asks for HTML; the web app's client always asks for JSON. So a GET that
 * prefers HTML, outside the server-owned prefixes and not naming a file, is the SPA's.
 */
export function isAppNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (serverOwnedPrefixes.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix))) {
    return false;
  }
  if (/\.[a-z0-9]+$/i.test(path)) return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/** Serves the built SPA: hashed assets cached for a year, HTML never cached, history fallback. */
export async function registerWebApp(app: FastifyInstance, distDir: string): Promise<void> {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'web app not built; serving the API only');
    return;
  }
  const indexHtml = readFileSync(indexFile);

  app.addHook('onRequest', async (request, reply) => {
    if (!isAppNavigation(request)) return;
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
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
