import { randomUUID } from 'node:crypto';
import { messages } from '@campwise/contract/messages';
import sharp from 'sharp';
import { AppError, badRequest } from './errors.ts';
import type { FileStorage } from './storage.ts';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
const LARGE_WIDTH = 1600;
const SMALL_WIDTH = 400;
// Decoding is bounded: a tiny file claiming enormous dimensions is refused, not expanded.
const MAX_INPUT_PIXELS = 40_000_000;

/** The real type, read from the first bytes; the name and the declared type are ignored. */
export function sniffImageType(bytes: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  ) {
    return 'png';
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  return null;
}

export interface ProcessedImage {
  large: Buffer;
  small: Buffer;
  width: number;
  height: number;
}

/**
 * Decodes and re-encodes an upload: the stored files are ours, not the uploader's bytes.
 * Orientation is applied, every piece of metadata (EXIF with GPS, XMP, ICC) is dropped, and
 * a 1600 px and a 400 px WebP are made.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest(messages.imageTooLarge);
  if (!sniffImageType(bytes)) throw badRequest(messages.imageType);
  try {
    const source = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const large = await source
      .clone()
      .resize({ width: LARGE_WIDTH, height: LARGE_WIDTH, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const small = await source
      .clone()
      .resize({ width: SMALL_WIDTH, height: SMALL_WIDTH, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 78 })
      .toBuffer();
    return { large: large.data, small, width: large.info.width, height: large.info.height };
  } catch {
    throw badRequest(messages.imageUnreadable);
  }
}

export type ImageKeys = { largeKey: string; smallKey: string } | null;

/** The two addresses of a stored image, as responses show them. */
export function imageUrls(storage: FileStorage, image: ImageKeys) {
  return image ? { url: storage.url(image.largeKey), smallUrl: storage.url(image.smallKey) } : null;
}

export interface StoredImage {
  largeKey: string;
  smallKey: string;
  width: number;
  height: number;
}

/** The start of a stored file's name that only this site may show (a pickup adult's photo). */
export const PRIVATE_IMAGE_PREFIX = 'private-';

/**
 * Processes and stores both sizes under fresh random names. A refused file is reported on
 * the form field it came from. A private image's name says so, and other sites may not show it.
 */
export async function storeImage(
  storage: FileStorage,
  bytes: Buffer,
  field: string,
  visibility: 'public' | 'private' = 'public',
): Promise<StoredImage> {
  let image: ProcessedImage;
  try {
    image = await processImage(bytes);
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(error.statusCode, error.code, error.message, { [field]: error.message });
    throw error;
  }
  const id = `${visibility === 'private' ? PRIVATE_IMAGE_PREFIX : ''}${randomUUID()}`;
  const largeKey = `${id}-1600.webp`;
  const smallKey = `${id}-400.webp`;
  await storage.put(largeKey, image.large, 'image/webp');
  try {
    await storage.put(smallKey, image.small, 'image/webp');
  } catch (error) {
    await storage.delete(largeKey).catch(() => undefined);
    throw error;
  }
  return { largeKey, smallKey, width: image.width, height: image.height };
}

/** Removes an image's files; a failure is logged by the caller's logger and never undoes the change. */
export async function deleteImageFiles(
  storage: FileStorage,
  image: { largeKey: string; smallKey: string },
): Promise<void> {
  await Promise.allSettled([storage.delete(image.largeKey), storage.delete(image.smallKey)]);
}
