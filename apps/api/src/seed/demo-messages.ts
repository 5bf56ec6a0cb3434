import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { queryRows } from '../db/raw.ts';
import type { SeedContext } from './common.ts';

const HOUR = 60 * 60 * 1000;

/**
 * Conversations and announcements for the demo (decision 031): the demo parent has an answer
 * from the demo host waiting unread, the demo host a family's question waiting unread, a third
 * conversation is done; the demo parent's first booked camp of the demo host has an announcement
 * they have read, and the host's camp with the most families one that some of them have read.
 */
export async function seedDemoMessages(
  context: SeedContext,
  db: Database,
  ids: { parentId: number; hostId: number },
): Promise<void> {
  const [camp] = await queryRows<{ campId: number; orgId: number; campName: string }>(
    db,
    sql`select c.id as "campId", c.org_id as "orgId", c.name as "campName" from registrations r
      join camps c on c.id = r.camp_id join organizations o on o.id = c.org_id
      join camp_sessions s on s.id = r.session_id
      where r.parent_id = ${ids.parentId} and o.host_id = ${ids.hostId} and r.status = 'confirmed'
        and s.start_date >= current_date
      order by s.start_date, r.id limit 1`,
  );
  if (!camp) return;
  const [other] = await queryRows<{ id: number }>(
    db,
    sql`select r.parent_id as id from registrations r
      where r.camp_id = ${camp.campId} and r.parent_id <> ${ids.parentId}
        and r.status in ('confirmed', 'pending_payment', 'offered', 'waitlisted')
      order by r.id limit 1`,
  );
  const now = context.today.getTime();
  const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);

  const thread = async (
    parentId: number,
    status: 'open' | 'done',
    lines: { fromHost: boolean; body: string; hoursAgo: number }[],
    read: { parent: number | null; host: number | null },
  ) => {
    const last = lines.at(-1);
    if (!last) return;
    const [created] = await queryRows<{ id: number }>(
      db,
      sql`insert into conversations (org_id, parent_id, camp_id, status, last_message_at, parent_read_at, host_read_at, created_at)
        values (${camp.orgId}, ${parentId}, ${camp.campId}, ${status}, ${at(last.hoursAgo)},
          ${read.parent === null ? null : at(read.parent)}, ${read.host === null ? null : at(read.host)},
          ${at(lines[0]?.hoursAgo ?? last.hoursAgo)})
        returning id`,
    );
    for (const line of lines) {
      await db.execute(
        sql`insert into conversation_messages (conversation_id, from_host, body, created_at)
          values (${created?.id}, ${line.fromHost}, ${line.body}, ${at(line.hoursAgo)})`,
      );
    }
  };

  // The demo parent's question, answered by the host after the parent last looked: unread for the parent.
  await thread(
    ids.parentId,
    'open',
    [
      {
        fromHost: false,
        body: 'Hi! What should Maya bring on the first day? Is lunch provided?',
        hoursAgo: 50,
      },
      {
        fromHost: true,
        body: 'Hi Sam! Lunch and snacks are provided. Please pack a water bottle, sunscreen, a hat and a change of clothes. The full packing list is on our site: https://example.org/packing-list',
        hoursAgo: 3,
      },
    ],
    { parent: 49, host: 3 },
  );
  // Another question of the demo parent, which the host has not opened yet.
  await thread(
    ids.parentId,
    'open',
    [{ fromHost: false, body: 'Is there aftercare until 5:30 PM for Leo?', hoursAgo: 2 }],
    { parent: 2, host: null },
  );
  if (other) {
    await thread(
      other.id,
      'done',
      [
        { fromHost: false, body: 'Can we drop off at 8:15 instead of 8:30?', hoursAgo: 120 },
        { fromHost: true, body: 'Yes, the gate opens at 8:00. See you then!', hoursAgo: 118 },
        { fromHost: false, body: 'Perfect, thank you.', hoursAgo: 117 },
      ],
      { parent: 117, host: 116 },
    );
  }

  const announce = async (campId: number, subject: string, body: string, hoursAgo: number) => {
    const [announcement] = await queryRows<{ id: number }>(
      db,
      sql`insert into announcements (camp_id, audience, subject, body, created_at)
        values (${campId}, 'camp', ${subject}, ${body}, ${at(hoursAgo)}) returning id`,
    );
    // Every family with a place gets it; the demo parent and every other family have read it.
    await db.execute(
      sql`insert into announcement_recipients (announcement_id, parent_id, delivered_at, read_at)
        select ${announcement?.id}::int, p.parent_id, ${at(hoursAgo)}::timestamptz,
          case when p.parent_id = ${ids.parentId} or p.rank % 2 = 1 then ${at(hoursAgo - 4)}::timestamptz end
        from (select parent_id, row_number() over (order by parent_id) as rank
          from (select distinct parent_id from registrations
            where camp_id = ${campId} and status in ('confirmed', 'pending_payment', 'offered')) families) p`,
    );
  };
  await announce(
    camp.campId,
    'Welcome to camp!',
    `We are excited to see everyone at ${camp.campName}!\n\nDrop-off is from 8:00 at the main gate. Please label water bottles and lunch boxes with your child's name.`,
    26,
  );
  // The host's camp with the most families: an announcement some of them have read.
  const [busiest] = await queryRows<{ campId: number }>(
    db,
    sql`select r.camp_id as "campId" from registrations r join camps c on c.id = r.camp_id
      join organizations o on o.id = c.org_id
      where o.host_id = ${ids.hostId} and r.status in ('confirmed', 'pending_payment', 'offered')
      group by r.camp_id order by count(distinct r.parent_id) desc, r.camp_id limit 1`,
  );
  if (busiest && busiest.campId !== camp.campId) {
    await announce(
      busiest.campId,
      'New pick-up times',
      'From next week, pick-up runs from 4:30 to 5:30 PM. Late pick-up after 5:30 is $10 per quarter hour.',
      30,
    );
  }
}
