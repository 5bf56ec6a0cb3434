import type { CampDetail } from '@campwise/contract/camps';
import type { PublicOrg } from '@campwise/contract/orgs';
import type { PublicPageHead } from '@campwise/contract/public-pages';
import { escapeHtml } from '../../platform/html.ts';
import { PREVIEW_HEIGHT, PREVIEW_WIDTH } from '../link-previews/index.ts';

/** What a public page's `<head>` says to crawlers and link previews, besides the app's own tags. */
export interface PageHead extends PublicPageHead {
  /** The page's own address, absolute. */
  canonicalUrl: string | null;
  /** The page's own picture (a camp's, an organisation's), absolute, for its structured data. */
  imageUrl: string | null;
  /** The link preview's picture: 1200×630 JPEG or PNG, which the big networks show. */
  preview: LinkPreview | null;
  /** schema.org descriptions of what the page is about. */
  structuredData: object[];
  /** A page that must not be indexed (a camp that is not listed). */
  noindex: boolean;
}

/** A link preview's picture, absolute. */
export interface LinkPreview {
  url: string;
  type: 'image/png' | 'image/jpeg';
}

/** The site's own card, for pages without a picture of their own. */
export const siteCardPreview = (publicUrl: string): LinkPreview => ({
  url: `${publicUrl}/og/site.png`,
  type: 'image/png',
});

const SITE_NAME = 'Campwise';
const DESCRIPTION_LENGTH = 160;

/** JSON inside a script element: `<` escaped, so no text can close the element early. */
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** One line of at most `DESCRIPTION_LENGTH` characters, cut at a word. */
export function shortDescription(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_LENGTH) return line;
  const cut = line.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/** Relative addresses (uploads served by us) made absolute for crawlers. */
const absolute = (publicUrl: string, url: string) => (url.startsWith('/') ? publicUrl + url : url);

/** The tags that replace index.html's title and description. */
export function renderHead(head: PageHead): string {
  const title = head.title === SITE_NAME ? SITE_NAME : `${head.title} · ${SITE_NAME}`;
  const meta = (attribute: 'name' | 'property', key: string, content: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    head.canonicalUrl ? `<link rel="canonical" href="${escapeHtml(head.canonicalUrl)}" />` : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    head.canonicalUrl ? meta('property', 'og:url', head.canonicalUrl) : '',
    ...(head.preview
      ? [
          meta('property', 'og:image', head.preview.url),
          meta('property', 'og:image:type', head.preview.type),
          meta('property', 'og:image:width', String(PREVIEW_WIDTH)),
          meta('property', 'og:image:height', String(PREVIEW_HEIGHT)),
        ]
      : []),
    meta('name', 'twitter:card', head.preview ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    head.preview ? meta('name', 'twitter:image', head.preview.url) : '',
    ...head.structuredData.map((data) => `<script type="application/ld+json">${scriptJson(data)}</script>`),
  ]
    .filter((tag) => tag !== '')
    .join('\n    ');
}

const SCHEMA = 'https://schema.org';

function postalAddress(place: {
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
}) {
  return {
    '@type': 'PostalAddress',
    ...(place.address ? { streetAddress: place.address } : {}),
    ...(place.city ? { addressLocality: place.city } : {}),
    ...(place.state ? { addressRegion: place.state } : {}),
    ...(place.zip ? { postalCode: place.zip } : {}),
    addressCountry: 'US',
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);
const dateTime = (date: string, time: string | null) => (time ? `${date}T${time}` : date);

/** A camp: an `Event` per dated session (a `Course` when none is dated), and a preview. */
export function campHead(camp: CampDetail, publicUrl: string): PageHead {
  const url = `${publicUrl}/camps/${camp.id}`;
  const orgUrl = `${publicUrl}/orgs/${camp.orgId}`;
  const image = camp.images[0]?.url ?? camp.thumbnail?.url ?? null;
  const imageUrl = image ? absolute(publicUrl, image) : null;
  const description = shortDescription(camp.description);
  const organizer = { '@type': 'Organization', name: camp.orgName, url: orgUrl };
  const location = camp.isVirtual
    ? { '@type': 'VirtualLocation', url }
    : { '@type': 'Place', name: camp.name, address: postalAddress(camp) };
  const offer = (session: CampDetail['sessions'][number]) => ({
    '@type': 'Offer',
    url,
    price: dollars(session.priceCents),
    priceCurrency: 'USD',
    availability: `${SCHEMA}/${session.spotsLeft > 0 ? 'InStock' : 'SoldOut'}`,
    ...(session.registrationOpensAt ? { validFrom: session.registrationOpensAt } : {}),
  });
  const dated = camp.sessions.filter((session) => session.startDate !== null);
  const structuredData: object[] =
    dated.length > 0
      ? dated.map((session) => ({
          '@context': SCHEMA,
          '@type': 'Event',
          name: camp.sessions.length > 1 ? `${camp.name}: ${session.name}` : camp.name,
          description,
          url,
          startDate: dateTime(session.startDate ?? '', session.startTime),
          ...(session.endDate ? { endDate: dateTime(session.endDate, session.endTime) } : {}),
          eventStatus: `${SCHEMA}/EventScheduled`,
          eventAttendanceMode: `${SCHEMA}/${camp.isVirtual ? 'Online' : 'Offline'}EventAttendanceMode`,
          location,
          organizer,
          typicalAgeRange: `${camp.minAge}-${camp.maxAge}`,
          ...(imageUrl ? { image: [imageUrl] } : {}),
          offers: offer(session),
        }))
      : [
          {
            '@context': SCHEMA,
            '@type': 'Course',
            name: camp.name,
            description,
            url,
            provider: organizer,
            ...(imageUrl ? { image: [imageUrl] } : {}),
            offers: camp.sessions.map(offer),
          },
        ];
  const preview: LinkPreview = image
    ? { url: `${publicUrl}/og/camps/${camp.id}/preview.jpg`, type: 'image/jpeg' }
    : siteCardPreview(publicUrl);
  return {
    title: camp.name,
    description,
    canonicalUrl: url,
    imageUrl,
    preview,
    structuredData,
    noindex: false,
  };
}

/** An organisation: its `Organization` description and a preview. */
export function orgHead(org: PublicOrg, publicUrl: string): PageHead {
  const url = `${publicUrl}/orgs/${org.id}`;
  const imageUrl = org.thumbnail ? absolute(publicUrl, org.thumbnail.url) : null;
  const description = shortDescription(org.bio?.trim() ? org.bio : `Camps and activities by ${org.name}.`);
  return {
    title: org.name,
    description,
    canonicalUrl: url,
    imageUrl,
    preview: org.thumbnail
      ? { url: `${publicUrl}/og/orgs/${org.id}/preview.jpg`, type: 'image/jpeg' }
      : siteCardPreview(publicUrl),
    noindex: false,
    structuredData: [
      {
        '@context': SCHEMA,
        '@type': 'Organization',
        name: org.name,
        url,
        description,
        telephone: org.phone,
        address: postalAddress(org),
        ...(imageUrl ? { logo: imageUrl } : {}),
        ...(org.website ? { sameAs: [org.website] } : {}),
      },
    ],
  };
}

/** A camp or organisation that is not listed: the app shows its own "not found"; crawlers drop it. */
export function notFoundHead(what: 'camp' | 'organization'): PageHead {
  return {
    title: what === 'camp' ? 'Camp not found' : 'Organization not found',
    description: `This ${what} is not listed on Campwise.`,
    canonicalUrl: null,
    imageUrl: null,
    preview: null,
    structuredData: [],
    noindex: true,
  };
}
