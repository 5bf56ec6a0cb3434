import { basename } from 'node:path';
import { idParams } from '@campwise/contract/ids';
import { messages } from '@campwise/contract/messages';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../platform/errors.ts';
import { fileAnswer } from '../../platform/openapi.ts';
import { rateLimit } from '../../platform/rate-limit.ts';
import { getPublicCamp } from '../camps/index.ts';
import { getPublicOrg } from '../orgs/index.ts';
import { previewOfPicture, siteCard } from './preview-pictures.ts';

/** Pictures already drawn, by the stored file they were drawn from (a new picture is a new file). */
const DRAWN_PICTURES = 100;

/**
 * Link previews' pictures (the issue's item 4): JPEG or PNG at 1200×630, which Facebook, X and
 * LinkedIn show, drawn from a listed camp's or organisation's own picture, or the site's card.
 */
export const linkPreviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['link previews'];
  // A network fetches a page's picture once when it is shared; drawing one takes a moment.
  const drawLimit = rateLimit({
    name: 'link-preview-ip',
    max: 60,
    windowMs: 60_000,
    key: (request) => request.ip,
  });
  let card: Promise<Buffer> | null = null;
  const drawn = new Map<string, Buffer>();

  /** A stored picture (by its address) drawn as a preview, once per file. */
  async function preview(url: string): Promise<Buffer> {
    const key = basename(new URL(url, 'http://stored.invalid').pathname);
    const known = drawn.get(key);
    if (known) return known;
    const bytes = await app.storage.get(key);
    if (!bytes) throw notFound();
    const picture = await previewOfPicture(bytes);
    if (drawn.size >= DRAWN_PICTURES) drawn.delete(drawn.keys().next().value ?? '');
    drawn.set(key, picture);
    return picture;
  }

  /** A stored picture's preview as the answer, kept an hour by browsers and networks. */
  const sendPreview = async (reply: FastifyReply, url: string) =>
    reply
      .type('image/jpeg')
      .header('cache-control', 'public, max-age=3600')
      .send(await preview(url));

  app.get(
    '/og/site.png',
    {
      schema: {
        ...fileAnswer('image/png'),
        tags,
        summary: "The site's picture for link previews of pages without their own",
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      card ??= siteCard(app.config.webDistDir);
      return reply
        .type('image/png')
        .header('cache-control', 'public, max-age=86400')
        .send(await card);
    },
  );

  app.get(
    '/og/camps/:id/preview.jpg',
    {
      schema: {
        ...fileAnswer('image/jpeg'),
        tags,
        summary: "A listed camp's picture for link previews",
        params: idParams,
      },
      config: { access: 'public' },
      preHandler: drawLimit,
    },
    async (request, reply) => {
      const camp = await getPublicCamp(app.db, app.storage, request.params.id);
      const picture = camp.images[0]?.url ?? camp.thumbnail?.url;
      if (!picture) throw notFound(messages.notFound);
      return sendPreview(reply, picture);
    },
  );

  app.get(
    '/og/orgs/:id/preview.jpg',
    {
      schema: {
        ...fileAnswer('image/jpeg'),
        tags,
        summary: "An approved organisation's picture for link previews",
        params: idParams,
      },
      config: { access: 'public' },
      preHandler: drawLimit,
    },
    async (request, reply) => {
      const org = await getPublicOrg(app.db, app.storage, request.params.id);
      if (!org.thumbnail) throw notFound(messages.notFound);
      return sendPreview(reply, org.thumbnail.url);
    },
  );
};
