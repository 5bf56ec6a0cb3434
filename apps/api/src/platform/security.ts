import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply } from 'fastify';
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
  // Stripe's card field is Stripe's script and frames, talking to Stripe's API (only when configured).
  const stripe = config.stripe !== null;
  const stripeScripts = stripe ? ['https://js.stripe.com', 'https://*.js.stripe.com'] : [];
  const stripeFrames = stripe ? [...stripeScripts, 'https://hooks.stripe.com'] : [];
  const stripeApi = stripe ? ['https://api.stripe.com'] : [];
  const frames = [...videoOrigins, ...stripeFrames];
  // The map reads its style, tiles, glyphs and sprites from the style's host, and draws in a worker.
  const mapOrigins = originOf(config.site.mapStyleUrl);
  const production = config.env === 'production';
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripeScripts],
        // Mantine sets CSS variables through style attributes and one style element.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...mapOrigins],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", ...stripeApi, ...mapOrigins],
        workerSrc: ["'self'", 'blob:'],
        mediaSrc: ["'self'", ...videoOrigins],
        // Our own frames: the booking widget's preview on the host's organisation page.
        frameSrc: ["'self'", ...frames],
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

/**
 * The only page another site may frame, the booking widget (decision 075): it runs our one script,
 * reads nothing but its own styles, and its links open Campwise in a new tab. Every other answer
 * keeps `frame-ancestors 'none'` and `X-Frame-Options` above.
 */
const FRAMEABLE_PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "img-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  'frame-ancestors *',
].join('; ');

/** Lets any site frame this answer, and only this one, in place of the headers set for all. */
export function allowFramingByAnySite(reply: FastifyReply): FastifyReply {
  reply.removeHeader('x-frame-options');
  return reply
    .header('content-security-policy', FRAMEABLE_PAGE_CSP)
    .header('cross-origin-resource-policy', 'cross-origin');
}
