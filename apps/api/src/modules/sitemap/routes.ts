import { messages } from '@campwise/contract/messages';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors.ts';
import { fileAnswer } from '../../platform/openapi.ts';
import { robotsTxt, sitemapIndex, urlSet } from './documents.ts';
import { PUBLIC_PAGES, sitemapEntries, sitemapFileCounts } from './service.ts';

const sitemapFileParams = z.object({
  file: z.string().regex(/^(pages|(camps|orgs)-[1-9]\d{0,3})\.xml$/, messages.sitemapNotFound),
});

/** What search engines read: robots.txt and the sitemaps of every listed camp and organisation. */
export const sitemapRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app;
  // Crawlers come back daily at most; an hour's cache spares the database.
  const cacheFor = 'public, max-age=3600';

  app.get(
    '/robots.txt',
    {
      schema: {
        ...fileAnswer('text/plain'),
        tags: ['public'],
        summary: 'What crawlers may read, and where the sitemap is',
      },
      config: { access: 'public' },
    },
    async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', cacheFor)
        .send(robotsTxt(config.publicUrl)),
  );

  app.get(
    '/sitemap.xml',
    {
      config: { access: 'public' },
      schema: {
        ...fileAnswer('application/xml'),
        tags: ['public'],
        summary: 'The sitemap index: public pages, listed organisations and camps',
      },
    },
    async (_request, reply) => {
      const counts = await sitemapFileCounts(db);
      const files = [
        'pages.xml',
        ...Array.from({ length: counts.orgs }, (_, index) => `orgs-${index + 1}.xml`),
        ...Array.from({ length: counts.camps }, (_, index) => `camps-${index + 1}.xml`),
      ];
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', cacheFor)
        .send(sitemapIndex(config.publicUrl, files));
    },
  );

  app.get(
    '/sitemaps/:file',
    {
      config: { access: 'public' },
      schema: {
        ...fileAnswer('application/xml'),
        tags: ['public'],
        summary: 'One sitemap file: pages.xml, orgs-N.xml or camps-N.xml',
        params: sitemapFileParams,
      },
    },
    async (request, reply) => {
      const match = /^(pages|camps|orgs)(?:-(\d+))?\.xml$/.exec(request.params.file);
      const kind = match?.[1];
      const number = Number(match?.[2] ?? 1);
      const entries =
        kind === 'camps' || kind === 'orgs'
          ? await sitemapEntries(db, kind, number)
          : PUBLIC_PAGES.map((path) => ({ path, lastModified: null }));
      if (entries.length === 0) throw notFound(messages.sitemapNotFound);
      return reply
        .type('application/xml; charset=utf-8')
        .header('cache-control', cacheFor)
        .send(urlSet(config.publicUrl, entries));
    },
  );
};
