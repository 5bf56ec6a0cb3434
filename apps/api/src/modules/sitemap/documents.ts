// Its entities (&amp; &lt; &gt; &quot; &#39;) are XML's too.
import { escapeHtml } from '../../platform/html.ts';
import type { SitemapEntry } from './service.ts';

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** A `<urlset>` of absolute addresses, with the day each last changed when known. */
export function urlSet(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const lastModified = entry.lastModified
      ? `<lastmod>${entry.lastModified.toISOString().slice(0, 10)}</lastmod>`
      : '';
    return `<url><loc>${escapeHtml(publicUrl + entry.path)}</loc>${lastModified}</url>`;
  });
  return `${XML_DECLARATION}\n<urlset xmlns="${SITEMAP_NS}">\n${urls.join('\n')}\n</urlset>\n`;
}

/** The `<sitemapindex>` naming each sitemap file. */
export function sitemapIndex(publicUrl: string, files: readonly string[]): string {
  const sitemaps = files.map(
    (file) => `<sitemap><loc>${escapeHtml(`${publicUrl}/sitemaps/${file}`)}</loc></sitemap>`,
  );
  return `${XML_DECLARATION}\n<sitemapindex xmlns="${SITEMAP_NS}">\n${sitemaps.join('\n')}\n</sitemapindex>\n`;
}

/** Crawlers may read the public pages; signed-in screens, the API and payment pages are not for them. */
export function robotsTxt(publicUrl: string): string {
  const closed = ['/api/', '/camper/', '/host/', '/admin/', '/pay/', '/dev/', '/docs'];
  return [
    'User-agent: *',
    'Allow: /',
    ...closed.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
