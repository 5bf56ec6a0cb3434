import type {
  Conversation,
  ConversationMessage,
  ConversationStatus,
  ConversationSummary,
} from '@campwise/contract/conversations';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { attachmentUrl } from './attachments.ts';
import { conversationFor, familyNameSql, type Viewer, viewerOwns } from './conversation-access.ts';

/** An inbox shows the latest conversations first, this many at most. */
export const INBOX_LIMIT = 100;
const PREVIEW_LENGTH = 120;

interface SummaryRow {
  id: number;
  orgId: number;
  orgName: string;
  campId: number | null;
  campName: string | null;
  familyName: string;
  status: ConversationStatus;
  lastMessageAt: Date | string;
  lastFromHost: boolean;
  lastBody: string;
  unread: boolean;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function preview(body: string): string {
  const line = body.split('\n').find((part) => part.trim() !== '') ?? '';
  return line.length > PREVIEW_LENGTH ? `${line.slice(0, PREVIEW_LENGTH - 1)}…` : line;
}

function shapeSummary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    orgId: row.orgId,
    orgName: row.orgName,
    campId: row.campId,
    campName: row.campName,
    familyName: row.familyName,
    status: row.status,
    lastMessageAt: iso(row.lastMessageAt),
    lastFrom: row.lastFromHost ? 'host' : 'family',
    preview: preview(row.lastBody),
    unread: row.unread,
  };
}

/** Messages from the other side after the viewer last opened the thread. */
function unreadFor(side: Viewer['side']): SQL {
  return side === 'family'
    ? sql`exists (select 1 from conversation_messages u where u.conversation_id = c.id and u.from_host
        and u.created_at > coalesce(c.parent_read_at, '-infinity'::timestamptz))`
    : sql`exists (select 1 from conversation_messages u where u.conversation_id = c.id and not u.from_host
        and u.created_at > coalesce(c.host_read_at, '-infinity'::timestamptz))`;
}

async function summaries(
  db: Database,
  viewer: Viewer,
  where: SQL,
  limit: number,
): Promise<ConversationSummary[]> {
  const rows = await queryRows<SummaryRow>(
    db,
    sql`select c.id, c.org_id as "orgId", o.name as "orgName", c.camp_id as "campId", cp.name as "campName",
        ${familyNameSql} as "familyName", c.status, c.last_message_at as "lastMessageAt",
        m.from_host as "lastFromHost", m.body as "lastBody", ${unreadFor(viewer.side)} as unread
      from conversations c
      join organizations o on o.id = c.org_id
      join users p on p.id = c.parent_id
      left join camps cp on cp.id = c.camp_id
      join lateral (select from_host, body from conversation_messages
        where conversation_id = c.id order by created_at desc, id desc limit 1) m on true
      where ${viewerOwns(viewer)} and ${where}
      order by c.last_message_at desc, c.id desc
      limit ${limit}`,
  );
  return rows.map(shapeSummary);
}

/** The viewer's conversations, latest first; a host may keep to open or done ones. */
export function listConversations(
  db: Database,
  viewer: Viewer,
  status?: ConversationStatus,
): Promise<ConversationSummary[]> {
  return summaries(db, viewer, status ? sql`c.status = ${status}` : sql`true`, INBOX_LIMIT);
}

/** Conversations with a message the viewer has not read, plus a family's unread announcements. */
export async function unreadCount(db: Database, viewer: Viewer): Promise<number> {
  const announcementsUnread =
    viewer.side === 'family'
      ? sql`(select count(*)::int from announcement_recipients r
          where r.parent_id = ${viewer.userId} and r.delivered_at is not null and r.read_at is null)`
      : sql`0`;
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select (select count(*)::int from conversations c join organizations o on o.id = c.org_id
        where ${viewerOwns(viewer)} and ${unreadFor(viewer.side)}) + ${announcementsUnread} as count`,
  );
  return row?.count ?? 0;
}

interface MessageRow {
  id: number;
  fromHost: boolean;
  body: string;
  attachmentName: string | null;
  attachmentKind: 'image' | 'pdf' | null;
  createdAt: Date | string;
}

/**
 * A conversation with every message, oldest first. Opening it marks the other side's messages
 * read for the viewer.
 */
export async function openConversation(db: Database, viewer: Viewer, id: number): Promise<Conversation> {
  const parties = await conversationFor(db, viewer, id);
  const readColumn = viewer.side === 'family' ? sql.raw('parent_read_at') : sql.raw('host_read_at');
  await db.execute(sql`update conversations set ${readColumn} = now() where id = ${id}`);
  const [summary] = await summaries(db, viewer, sql`c.id = ${id}`, 1);
  if (!summary) throw new Error(`conversation ${id} has no messages`);
  const rows = await queryRows<MessageRow>(
    db,
    sql`select id, from_host as "fromHost", body, attachment_name as "attachmentName",
        attachment_kind as "attachmentKind", created_at as "createdAt"
      from conversation_messages where conversation_id = ${id} order by created_at, id`,
  );
  return {
    ...summary,
    messages: rows.map((row) => shapeMessage(viewer, row, parties)),
  };
}

/** A message as the viewer's screens show it; its attachment is at the viewer's own address. */
export function shapeMessage(
  viewer: Viewer,
  row: MessageRow,
  names: { orgName: string; familyName: string },
): ConversationMessage {
  return {
    id: row.id,
    from: row.fromHost ? 'host' : 'family',
    authorName: row.fromHost ? names.orgName : names.familyName,
    body: row.body,
    attachment: row.attachmentKind
      ? {
          url: attachmentUrl(viewer, row.id),
          name: row.attachmentName ?? 'Attachment',
          kind: row.attachmentKind,
        }
      : null,
    createdAt: iso(row.createdAt),
  };
}
