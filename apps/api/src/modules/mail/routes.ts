import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { escapeHtml } from '../../platform/html.ts';
import { listRecentMail } from './service.ts';

const linkify = (escaped: string) =>
  escaped.replace(/https?:\/\/[^\s<]+/g, (url) => `<a href="${url}">${url}</a>`);

/**
 * The development mailbox: every queued message, newest first. Registered only outside
 * production, so e-mail can be read without an SMTP server.
 */
export const mailboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dev/mailbox',
    { schema: { hide: true }, config: { access: 'public' } },
    async (request, reply) => {
      const messages = await listRecentMail(app.db);
      if (request.headers.accept?.includes('application/json')) {
        return { data: messages.map(({ html: _html, ...message }) => message) };
      }
      const items = messages
        .map(
          (m) => `<article>
  <h2>${escapeHtml(m.subject)}</h2>
  <p class="meta">To ${escapeHtml(m.to)} · ${m.createdAt.toISOString()}</p>
${Object.entries(m.headers ?? {})
  .map(([name, value]) => `  <p class="meta">${escapeHtml(name)}: ${escapeHtml(value)}</p>`)
  .join('\n')}
  <pre>${linkify(escapeHtml(m.text))}</pre>
</article>`,
        )
        .join('\n');
      return reply.type('text/html; charset=utf-8').send(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mailbox · Campwise</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#1f2a24;background:#fffaf2}
article{background:#fff;border:1px solid #e5e0d8;border-radius:12px;padding:1rem 1.25rem;margin:1rem 0}
h1{color:#236643}h2{font-size:1.1rem;margin:0}.meta{color:#555;font-size:.85rem}pre{white-space:pre-wrap;font:inherit}</style>
</head><body><h1>Development mailbox</h1>
${items || '<p>No messages yet.</p>'}
</body></html>`);
    },
  );
};
