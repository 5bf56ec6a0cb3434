import { isPublicPagePath, PUBLIC_PAGE_HEADS } from '@campwise/contract/public-pages';
import { isId } from '@campwise/contract/row-ids';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { getPublicCamp } from '../camps/index.ts';
import { getPublicOrg } from '../orgs/index.ts';
import { campHead, notFoundHead, orgHead, type PageHead, siteCardPreview } from './page-head.ts';

export interface PublicPage {
  status: 200 | 404;
  head: PageHead;
}

const isNotFound = (error: unknown) => error instanceof AppError && error.statusCode === 404;

/**
 * The head of a public page by its path, read as the page's own call reads it; null for a
 * screen that is not public (signed-in screens keep index.html's head).
 */
export async function readPageHead(
  db: Database,
  storage: FileStorage,
  publicUrl: string,
  path: string,
): Promise<PublicPage | null> {
  if (isPublicPagePath(path)) {
    const head = PUBLIC_PAGE_HEADS[path];
    return {
      status: 200,
      head: {
        ...head,
        canonicalUrl: publicUrl + path,
        imageUrl: null,
        preview: siteCardPreview(publicUrl),
        structuredData: [],
        noindex: false,
      },
    };
  }
  const [, kind, rawId] = /^\/(camps|orgs)\/([^/]+)\/?$/.exec(path) ?? [];
  if (!kind || !rawId) return null;
  const id = Number(rawId);
  const what = kind === 'camps' ? 'camp' : 'organization';
  if (!/^\d+$/.test(rawId) || !isId(id)) return { status: 404, head: notFoundHead(what) };
  try {
    return kind === 'camps'
      ? { status: 200, head: campHead(await getPublicCamp(db, storage, id), publicUrl) }
      : { status: 200, head: orgHead(await getPublicOrg(db, storage, id), publicUrl) };
  } catch (error) {
    if (isNotFound(error)) return { status: 404, head: notFoundHead(what) };
    throw error;
  }
}
