import { messages } from '@campwise/contract/messages';
import { AppError, badRequest } from '../../platform/errors.ts';
import { processImage, sniffImageType } from '../../platform/images.ts';
import type { Viewer } from './conversation-access.ts';

export type AttachmentKind = 'image' | 'pdf';

/** A message's attachment, ready to be kept with the message. */
export interface MessageAttachmentFile {
  content: Buffer;
  name: string;
  kind: AttachmentKind;
}

export const attachmentContentTypes: Record<AttachmentKind, string> = {
  image: 'image/webp',
  pdf: 'application/pdf',
};

const isPdf = (bytes: Buffer) => bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-';

/** The sender's file name as a label: no path, no control characters, not too long. */
function labelOf(fileName: string | undefined, kind: AttachmentKind): string {
  const base = (fileName ?? '').split(/[\\/]/).at(-1) ?? '';
  const clean = base
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, 100);
  return clean || (kind === 'pdf' ? 'Document.pdf' : 'Photo');
}

/**
 * A message's attachment (decision 031): an image is decoded and re-encoded like every upload
 * (metadata dropped), a PDF is kept as sent; the type is read from the bytes, never from the
 * name. Anything else is refused on the `attachment` field.
 */
export async function prepareAttachment(
  bytes: Buffer,
  fileName: string | undefined,
): Promise<MessageAttachmentFile> {
  const field = 'attachment';
  if (isPdf(bytes)) return { content: bytes, name: labelOf(fileName, 'pdf'), kind: 'pdf' };
  if (!sniffImageType(bytes))
    throw badRequest(messages.messageAttachmentType, { [field]: messages.messageAttachmentType });
  try {
    const image = await processImage(bytes);
    return { content: image.large, name: labelOf(fileName, 'image'), kind: 'image' };
  } catch (error) {
    if (error instanceof AppError)
      throw new AppError(error.statusCode, error.code, error.message, { [field]: error.message });
    throw error;
  }
}

/**
 * Where the viewer's screens read a message's attachment: a call of their own side that only
 * the conversation's two sides may make (decision 044), never a public address.
 */
export function attachmentUrl(viewer: Viewer, messageId: number): string {
  return `/${viewer.side === 'family' ? 'camper' : 'host'}/message-attachments/${messageId}`;
}
