import { randomUUID } from 'node:crypto';
import { messages } from '@campwise/contract/messages';
import { AppError, badRequest } from '../../platform/errors.ts';
import { processImage, sniffImageType } from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';

export interface StoredAttachment {
  key: string;
  name: string;
  kind: 'image' | 'pdf';
}

const isPdf = (bytes: Buffer) => bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-';

/** The sender's file name as a label: no path, no control characters, not too long. */
function labelOf(fileName: string | undefined, kind: 'image' | 'pdf'): string {
  const base = (fileName ?? '').split(/[\\/]/).at(-1) ?? '';
  const clean = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 100);
  return clean || (kind === 'pdf' ? 'Document.pdf' : 'Photo');
}

/**
 * Stores a message's attachment (decision 031): an image is decoded and re-encoded like every
 * upload (metadata dropped), a PDF is kept as sent; the type is read from the bytes, never
 * from the name. Anything else is refused on the `attachment` field.
 */
export async function storeAttachment(
  storage: FileStorage,
  bytes: Buffer,
  fileName: string | undefined,
): Promise<StoredAttachment> {
  const field = 'attachment';
  if (isPdf(bytes)) {
    const key = `${randomUUID()}.pdf`;
    await storage.put(key, bytes, 'application/pdf');
    return { key, name: labelOf(fileName, 'pdf'), kind: 'pdf' };
  }
  if (!sniffImageType(bytes))
    throw badRequest(messages.messageAttachmentType, { [field]: messages.messageAttachmentType });
  try {
    const image = await processImage(bytes);
    const key = `${randomUUID()}-message.webp`;
    await storage.put(key, image.large, 'image/webp');
    return { key, name: labelOf(fileName, 'image'), kind: 'image' };
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(error.statusCode, error.code, error.message, { [field]: error.message });
    throw error;
  }
}
