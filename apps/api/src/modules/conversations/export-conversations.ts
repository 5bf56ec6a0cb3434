import type { AccountExport } from '@campwise/contract/privacy';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import type { FileStorage } from '../../platform/storage.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** A parent's conversations with every message, and the announcements sent to them (decision 031). */
export async function conversationRecords(
  db: Database,
  parentId: number,
): Promise<Pick<AccountExport, 'conversations' | 'announcements'>> {
  const threads = await queryRows<{
    id: number;
    orgName: string;
    campName: string | null;
    status: string;
    createdAt: Date | string;
  }>(
    db,
    sql`select c.id, o.name as "orgName", cp.name as "campName", c.status, c.created_at as "createdAt"
      from conversations c join organizations o on o.id = c.org_id left join camps cp on cp.id = c.camp_id
      where c.parent_id = ${parentId} order by c.id`,
  );
  const lines = await queryRows<{
    conversationId: number;
    fromHost: boolean;
    body: string;
    attachmentName: string | null;
    createdAt: Date | string;
  }>(
    db,
    sql`select m.conversation_id as "conversationId", m.from_host as "fromHost", m.body,
        m.attachment_name as "attachmentName", m.created_at as "createdAt"
      from conversation_messages m join conversations c on c.id = m.conversation_id
      where c.parent_id = ${parentId} order by m.created_at, m.id`,
  );
  const announcements = await queryRows<{
    orgName: string;
    campName: string;
    subject: string;
    body: string;
    deliveredAt: Date | string | null;
    readAt: Date | string | null;
  }>(
    db,
    sql`select o.name as "orgName", c.name as "campName", a.subject, a.body,
        r.delivered_at as "deliveredAt", r.read_at as "readAt"
      from announcement_recipients r join announcements a on a.id = r.announcement_id
      join camps c on c.id = a.camp_id join organizations o on o.id = c.org_id
      where r.parent_id = ${parentId} order by a.id`,
  );
  return {
    conversations: threads.map((thread) => ({
      orgName: thread.orgName,
      campName: thread.campName,
      status: thread.status,
      createdAt: new Date(thread.createdAt).toISOString(),
      messages: lines
        .filter((line) => line.conversationId === thread.id)
        .map((line) => ({
          from: line.fromHost ? thread.orgName : 'you',
          body: line.body,
          attachmentName: line.attachmentName,
          createdAt: new Date(line.createdAt).toISOString(),
        })),
    })),
    announcements: announcements.map((row) => ({
      ...row,
      deliveredAt: iso(row.deliveredAt),
      readAt: iso(row.readAt),
    })),
  };
}

/**
 * Deleting an account (decision 031): a parent's conversations go with every message on both
 * sides, and the announcements' rows for them; a host's go with their organisations. The files of
 * attachments not yet moved out of the file storage (decision 044) are removed first; a file that
 * cannot be removed is only left orphaned.
 */
export async function eraseConversations(
  db: Database,
  storage: FileStorage,
  owner: { parentId: number } | { hostId: number },
): Promise<void> {
  const whose =
    'parentId' in owner
      ? sql`c.parent_id = ${owner.parentId}`
      : sql`c.org_id in (select id from organizations where host_id = ${owner.hostId})`;
  const files = await queryRows<{ key: string }>(
    db,
    sql`select m.attachment_key as key from conversation_messages m join conversations c on c.id = m.conversation_id
      where ${whose} and m.attachment_key is not null`,
  );
  await Promise.allSettled(files.map((file) => storage.delete(file.key)));
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from conversations c where ${whose}`);
    if ('parentId' in owner)
      await tx.execute(sql`delete from announcement_recipients where parent_id = ${owner.parentId}`);
  });
}
