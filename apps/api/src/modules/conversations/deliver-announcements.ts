import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { announcementMail, queueMail } from '../mail/index.ts';

export const ANNOUNCEMENTS_JOB = 'announcements';
/** Families per transaction: a crash loses at most one batch's work, which is then done again. */
const BATCH = 25;

interface Pending {
  announcementId: number;
  parentId: number;
  email: string;
  firstName: string;
  orgName: string;
  campName: string;
  subject: string;
  body: string;
}

/**
 * Delivers announcements (decision 031): claims a batch of recipient rows not yet delivered,
 * skipping rows another run holds, and in the same transaction queues each family's e-mail and
 * stamps the row delivered. A run killed midway rolls its batch back whole, so the next run
 * sends exactly the families that have not had it: nobody twice, nobody missed.
 */
export async function deliverAnnouncements(
  db: Database,
  readUrl: (announcementId: number) => string,
): Promise<number> {
  let delivered = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const batch = await queryRows<Pending>(
        tx,
        sql`select r.announcement_id as "announcementId", r.parent_id as "parentId", p.email,
            p.first_name as "firstName", o.name as "orgName", c.name as "campName", a.subject, a.body
          from announcement_recipients r
          join announcements a on a.id = r.announcement_id
          join camps c on c.id = a.camp_id
          join organizations o on o.id = c.org_id
          join users p on p.id = r.parent_id
          where r.delivered_at is null
          order by r.announcement_id, r.parent_id
          limit ${BATCH}
          for update of r skip locked`,
      );
      for (const row of batch) {
        await queueMail(tx, announcementMail(row.email, row.firstName, row, readUrl(row.announcementId)));
        await tx.execute(
          sql`update announcement_recipients set delivered_at = now()
            where announcement_id = ${row.announcementId} and parent_id = ${row.parentId} and delivered_at is null`,
        );
      }
      return batch.length;
    });
    delivered += count;
    if (count < BATCH) return delivered;
  }
}
