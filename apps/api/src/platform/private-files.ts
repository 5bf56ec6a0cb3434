import type { FastifyReply } from 'fastify';
import { processImage, sniffImageType } from './images.ts';

/** A file only some people may read, kept in the database rather than in the public storage. */
export interface PrivateFile {
  name: string;
  contentType: string;
  content: Buffer;
}

/** A name safe to show and to offer as a download: no path, no control characters, not too long. */
export function cleanFileName(name: string | undefined, extension: string): string {
  const base = (name ?? '')
    .split(/[\\/]/)
    .pop()
    ?.replace(/[\p{Cc}"]/gu, '')
    .replace(/\.[^.]*$/, '')
    .trim()
    .slice(0, 100);
  return `${base || 'document'}.${extension}`;
}

/**
 * A private file as a download: the browser is told its real type and never to guess another,
 * and no browser or proxy keeps a copy.
 */
export function sendPrivateFile(reply: FastifyReply, file: PrivateFile) {
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      `attachment; filename="${file.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    )
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'no-store')
    .send(file.content);
}

const isPdf = (bytes: Buffer) => bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-';

/**
 * A document someone sent, typed by its bytes and not its name: a PDF is kept as sent; an image
 * is decoded and re-encoded (metadata dropped, at most 1600 px) as the camp images are. Null for
 * anything else, which the caller refuses with its own message.
 */
export async function privateDocument(bytes: Buffer, name: string | undefined): Promise<PrivateFile | null> {
  if (isPdf(bytes))
    return { content: bytes, contentType: 'application/pdf', name: cleanFileName(name, 'pdf') };
  if (!sniffImageType(bytes)) return null;
  const image = await processImage(bytes).catch(() => null);
  return image
    ? { content: image.large, contentType: 'image/webp', name: cleanFileName(name, 'webp') }
    : null;
}
