import { messages } from '@campwise/contract/messages';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { notFound } from '../../platform/errors.ts';
import { cleanFileName, type PrivateFile } from '../../platform/private-files.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { type AttachmentKind, attachmentContentTypes } from './attachments.ts';
import { type Viewer, viewerOwns } from './conversation-access.ts';

interface AttachmentRow {
  name: string | null;
  kind: AttachmentKind;
  /** A Buffer from pg, a Uint8Array from PGlite. */
  content: Uint8Array | null;
  key: string | null;
}

const extensions: Record<AttachmentKind, string> = { image: 'webp', pdf: 'pdf' };

/**
 * A message's attachment for one of its conversation's two sides. Anyone else, and a message
 * without one, gets the same 404 as for a message that does not exist. One sent before decision
 * 044 is read from the file storage until the attachments job has moved it.
 */
export async function readAttachment(
  db: Database,
  storage: FileStorage,
  viewer: Viewer,
  messageId: number,
): Promise<PrivateFile> {
  const [row] = await queryRows<AttachmentRow>(
    db,
    sql`select m.attachment_name as name, m.attachment_kind as kind, m.attachment_content as content,
        m.attachment_key as key
      from conversation_messages m
      join conversations c on c.id = m.conversation_id
      join organizations o on o.id = c.org_id
      where m.id = ${messageId} and m.attachment_kind is not null and ${viewerOwns(viewer)}`,
  );
  const content = row?.content ? Buffer.from(row.content) : row?.key ? await storage.get(row.key) : null;
  if (!row || !content) throw notFound(messages.attachmentNotFound);
  return {
    name: cleanFileName(row.name ?? undefined, extensions[row.kind]),
    contentType: attachmentContentTypes[row.kind],
    content,
  };
}
