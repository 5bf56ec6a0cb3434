import type {
  AnnouncementBody,
  AnnouncementReaders,
  SentAnnouncement,
} from '@campwise/contract/conversations';
import { messages } from '@campwise/contract/messages';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { announcements } from '../../db/schema.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { campAccess, memberOf, sessionAccess } from '../access/index.ts';
import { familyNameSql } from './conversation-access.ts';

/** Places that count as being "in" a session: booked, being paid, or offered. */
const HOLDING = sql`('confirmed', 'pending_payment', 'offered')`;

/** The families an announcement goes to: only those with a place or a waitlist place (no spam). */
function audienceWhere(campId: number, input: { audience: string; sessionId?: number | null }): SQL {
  const session = input.sessionId != null ? sql`and r.session_id = ${input.sessionId}` : sql``;
  if (input.audience === 'waitlist') return sql`r.camp_id = ${campId} and r.status = 'waitlisted' ${session}`;
  if (input.audience === 'session') return sql`r.camp_id = ${campId} and r.status in ${HOLDING} ${session}`;
  return sql`r.camp_id = ${campId} and r.status in ${HOLDING}`;
}

/**
 * Records an announcement and one recipient row per family, in one transaction; the delivery
 * job (deliver-announcements.ts) e-mails them. Answers what the host's list shows.
 */
export async function sendAnnouncement(
  db: Database,
  hostId: number,
  campId: number,
  input: AnnouncementBody,
): Promise<SentAnnouncement> {
  await campAccess(db, hostId, campId, 'messages');
  const sessionId = input.audience === 'camp' ? null : (input.sessionId ?? null);
  if (sessionId !== null) {
    const [session] = await queryRows<{ id: number }>(
      db,
      sql`select id from camp_sessions where id = ${sessionId} and camp_id = ${campId}`,
    );
    if (!session) throw notFound(messages.sessionNotFound);
  }
  const id = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(announcements)
      .values({ campId, sessionId, audience: input.audience, subject: input.subject, body: input.body })
      .returning({ id: announcements.id });
    if (!created) throw new Error('the announcement was not saved');
    const added = await queryRows<{ parentId: number }>(
      tx,
      sql`insert into announcement_recipients (announcement_id, parent_id)
        select distinct ${created.id}::int, r.parent_id from registrations r
        where ${audienceWhere(campId, { ...input, sessionId })}
        on conflict do nothing
        returning parent_id as "parentId"`,
    );
    if (added.length === 0)
      throw badRequest(messages.announcementNoRecipients, { audience: messages.announcementNoRecipients });
    return created.id;
  });
  const [sent] = await sentAnnouncements(db, sql`a.id = ${id}`);
  if (!sent) throw new Error(`announcement ${id} vanished`);
  return sent;
}

interface SentRow {
  id: number;
  campId: number;
  campName: string;
  audience: SentAnnouncement['audience'];
  sessionName: string | null;
  subject: string;
  body: string;
  createdAt: Date | string;
  recipients: number;
  delivered: number;
  read: number;
}

async function sentAnnouncements(db: Database, where: SQL): Promise<SentAnnouncement[]> {
  const rows = await queryRows<SentRow>(
    db,
    sql`select a.id, a.camp_id as "campId", c.name as "campName", a.audience, s.name as "sessionName",
        a.subject, a.body, a.created_at as "createdAt",
        count(r.parent_id)::int as recipients, count(r.delivered_at)::int as delivered, count(r.read_at)::int as read
      from announcements a
      join camps c on c.id = a.camp_id
      left join camp_sessions s on s.id = a.session_id
      left join announcement_recipients r on r.announcement_id = a.id
      where ${where}
      group by a.id, c.name, s.name
      order by a.created_at desc, a.id desc
      limit 100`,
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}

/** The announcements sent for a camp of the host's, newest first. */
export async function listCampAnnouncements(db: Database, hostId: number, campId: number) {
  await campAccess(db, hostId, campId, 'messages');
  return sentAnnouncements(db, sql`a.camp_id = ${campId}`);
}

/**
 * What the families of a session were told, for whoever works it (staff read them, decision
 * 057): the session's own announcements and the camp-wide ones, newest first.
 */
export async function listSessionAnnouncements(db: Database, personId: number, sessionId: number) {
  const session = await sessionAccess(db, personId, sessionId, 'check-in');
  return sentAnnouncements(
    db,
    sql`(a.audience = 'session' and a.session_id = ${session.id})
      or (a.audience = 'camp' and a.camp_id = ${session.campId})`,
  );
}

/** One of the host's announcements, with each family and when they read it. */
export async function announcementReaders(
  db: Database,
  hostId: number,
  id: number,
): Promise<AnnouncementReaders> {
  const [sent] = await sentAnnouncements(
    db,
    sql`a.id = ${id} and ${memberOf(sql`c.org_id`, hostId, 'messages')}`,
  );
  if (!sent) throw notFound(messages.announcementNotFound);
  const families = await queryRows<{ familyName: string; deliveredAt: Date | null; readAt: Date | null }>(
    db,
    sql`select ${familyNameSql} as "familyName", r.delivered_at as "deliveredAt", r.read_at as "readAt"
      from announcement_recipients r join users p on p.id = r.parent_id
      where r.announcement_id = ${id}
      order by r.read_at desc nulls last, p.last_name, p.id`,
  );
  const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);
  return {
    ...sent,
    families: families.map((family) => ({
      familyName: family.familyName,
      deliveredAt: iso(family.deliveredAt),
      readAt: iso(family.readAt),
    })),
  };
}
