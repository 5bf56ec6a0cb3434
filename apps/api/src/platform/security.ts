import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

function originOf(url: string | null): string[] {
  return url ? [new URL(url).origin] : [];
}

/**
 * Security headers. Tokens live in local storage, so the CSP is what keeps cross-site
 * scripting out: scripts only from our own origin, never inline.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const videoOrigins = [
    ...originOf(config.site.explainerVideos.camp),
    ...originOf(config.site.explainerVideos.camper),
  ];
  const production = config.env === 'production';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables through style attributes and one style element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", ...videoOrigins],
        frameSrc: videoOrigins.length > 0 ? videoOrigins : ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(production ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: production ? { maxAge: 31536000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
