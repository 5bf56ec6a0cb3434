import type { ReceivedAnnouncement } from '@campwise/contract/conversations';
import { messages } from '@campwise/contract/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { notFound } from '../../platform/errors.ts';
import { INBOX_LIMIT } from './read-conversations.ts';

interface Row extends Omit<ReceivedAnnouncement, 'sentAt'> {
  sentAt: Date | string;
}

async function received(db: Database, parentId: number, where: SQL, limit: number) {
  const rows = await queryRows<Row>(
    db,
    sql`select a.id, o.name as "orgName", a.camp_id as "campId", c.name as "campName", s.name as "sessionName",
        a.subject, a.body, r.delivered_at as "sentAt", r.read_at is not null as read
      from announcement_recipients r
      join announcements a on a.id = r.announcement_id
      join camps c on c.id = a.camp_id
      join organizations o on o.id = c.org_id
      left join camp_sessions s on s.id = a.session_id
      where r.parent_id = ${parentId} and r.delivered_at is not null and ${where}
      order by r.delivered_at desc, a.id desc
      limit ${limit}`,
  );
  return rows.map((row): ReceivedAnnouncement => ({ ...row, sentAt: new Date(row.sentAt).toISOString() }));
}

/** The announcements a family has been sent, newest first. */
export function listReceivedAnnouncements(db: Database, parentId: number): Promise<ReceivedAnnouncement[]> {
  return received(db, parentId, sql`true`, INBOX_LIMIT);
}

/** One announcement sent to the family, marked read (the host sees when). */
export async function openAnnouncement(
  db: Database,
  parentId: number,
  id: number,
): Promise<ReceivedAnnouncement> {
  const [found] = await received(db, parentId, sql`a.id = ${id}`, 1);
  if (!found) throw notFound(messages.announcementNotFound);
  await db.execute(
    sql`update announcement_recipients set read_at = now()
      where announcement_id = ${id} and parent_id = ${parentId} and read_at is null`,
  );
  return found;
}
