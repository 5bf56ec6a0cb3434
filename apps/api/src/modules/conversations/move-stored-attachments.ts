import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { conversationMessages } from '../../db/schema.ts';
import type { FileStorage } from '../../platform/storage.ts';

export const ATTACHMENTS_JOB = 'message-attachments';
const BATCH = 25;

/**
 * Moves the attachments sent before decision 044, which lie in the public file storage, into
 * the database, then deletes their files. Each batch's rows are claimed `FOR UPDATE SKIP
 * LOCKED`; a file is deleted only once its move has committed, so a crash leaves at worst a file
 * to delete again, never an attachment lost. A file already gone leaves the message without an
 * attachment. Answers how many it moved.
 */
export async function moveStoredAttachments(
  db: Database,
  storage: FileStorage,
  log: FastifyBaseLogger,
): Promise<number> {
  let moved = 0;
  for (;;) {
    const keys = await db.transaction(async (tx) => {
      const rows = await queryRows<{ id: number; key: string }>(
        tx,
        sql`select id, attachment_key as key from conversation_messages
          where attachment_key is not null order by id limit ${BATCH} for update skip locked`,
      );
      for (const row of rows) {
        const content = await storage.get(row.key);
        if (!content) log.warn({ messageId: row.id }, 'a message attachment file was missing');
        await tx
          .update(conversationMessages)
          .set(
            content
              ? { attachmentContent: content, attachmentKey: null }
              : { attachmentKey: null, attachmentName: null, attachmentKind: null },
          )
          .where(eq(conversationMessages.id, row.id));
      }
      return rows.map((row) => row.key);
    });
    await Promise.allSettled(keys.map((key) => storage.delete(key)));
    moved += keys.length;
    if (keys.length < BATCH) return moved;
  }
}
