import { sql } from 'drizzle-orm';
import { queryRows } from '../db/raw.ts';
import { hashPassword } from '../platform/passwords.ts';
import { DEMO_PASSWORD, recountOrgViews, SCALE_HOST_EMAIL, type SeedContext } from './common.ts';

/**
 * The scale data's season, for the host dashboard's budget (docs/decisions/032): `target`
 * registrations over the first sessions of the scale host's first organisations (200 places
 * each: confirmed, some cancelled and refunded, offered and waitlisted), a charge per place sold
 * and a refund per cancelled one in the payout ledger, spread over the last 180 days, and a
 * year of daily profile views for those camps. Written in a few INSERT … SELECTs; running it
 * again adds nothing once the target is there.
 */

const PLACES_PER_SESSION = 200;
const CHILDREN_PER_PARENT = 2;
const SESSIONS_PER_CHILD = 5;
const HISTORY_DAYS = 180;
const VIEW_DAYS = 365;

export async function seedScaleSeason(context: SeedContext, target: number): Promise<{ added: number }> {
  const { db } = context;
  const [host] = await queryRows<{ id: number }>(
    db,
    sql`select id from users where user_type = 'host' and lower(email) = ${SCALE_HOST_EMAIL}`,
  );
  if (!host) return { added: 0 };
  const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from registrations r join camps c on c.id = r.camp_id
      join organizations o on o.id = c.org_id where o.host_id = ${host.id}`,
  );
  if (count >= target) return { added: 0 };
  const sessionCount = Math.ceil(target / PLACES_PER_SESSION);
  const childCount = Math.ceil(target / SESSIONS_PER_CHILD);
  const parentCount = Math.ceil(childCount / CHILDREN_PER_PARENT);
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const today = context.today.toISOString().slice(0, 10);
  await db.transaction(async (tx) => {
    // The busiest organisations' first dated sessions, made big enough for their places.
    await tx.execute(sql`create temporary table scale_season_sessions on commit drop as
      select row_number() over (order by s.id)::int as n, s.id, s.camp_id, s.price_cents
      from camp_sessions s join camps c on c.id = s.camp_id join organizations o on o.id = c.org_id
      where o.host_id = ${host.id} and s.status = 'scheduled' and not c.is_year_round
      order by s.id limit ${sessionCount}`);
    await tx.execute(sql`insert into users (user_type, email, first_name, last_name, password_hash)
      select 'camper', 'scale.parent.' || g || '@demo.campwise.test', 'Scale', 'Parent ' || g, ${passwordHash}
      from generate_series(1, ${parentCount}::int) g
      on conflict do nothing`);
    await tx.execute(
      sql`create temporary table scale_season_children (n int, id int, parent_id int) on commit drop`,
    );
    await tx.execute(sql`with parents as (
        select row_number() over (order by id)::int as n, id from users
        where user_type = 'camper' and email like 'scale.parent.%@demo.campwise.test'
      ), inserted as (
        insert into children (parent_id, first_name, last_name, gender, shirt_size, birthday)
        select p.id, 'Kid ' || k, 'Scale', case when k % 2 = 0 then 'female' else 'male' end, 'youth_m',
          date '2016-05-01' + (p.n % 900)
        from parents p cross join generate_series(1, ${CHILDREN_PER_PARENT}::int) k
        returning id, parent_id
      )
      insert into scale_season_children select row_number() over (order by id)::int, id, parent_id from inserted`);
    // Child n takes places in five different sessions (a fifth of the set apart); every session gets 200.
    await tx.execute(sql`create temporary table scale_season_places on commit drop as
      select row_number() over (order by c.n, k)::int as n, c.id as child_id, c.parent_id,
        s.id as session_id, s.camp_id, s.price_cents,
        ${today}::date - ((c.n * 7919 + k * 104729) % ${HISTORY_DAYS}) as booked_on
      from scale_season_children c cross join generate_series(0, ${SESSIONS_PER_CHILD - 1}::int) k
      join scale_season_sessions s on s.n = ((c.n - 1) + k * ${Math.max(1, Math.floor(sessionCount / SESSIONS_PER_CHILD))}::int) % ${sessionCount}::int + 1
      limit ${target - count}`);
    await tx.execute(sql`update camp_sessions set capacity = greatest(capacity, ${PLACES_PER_SESSION}::int)
      where id in (select id from scale_season_sessions)`);
    // Of every 20 places: 16 confirmed, 1 cancelled and refunded, 1 offered, 2 waitlisted.
    await tx.execute(sql`create temporary table scale_season_registrations (id int, parent_id int, camp_id int,
      session_id int, status text, amount_cents int, created_at timestamptz) on commit drop`);
    await tx.execute(sql`with inserted as (
        insert into registrations (camp_id, session_id, child_id, parent_id, status, amount_cents,
          refunded_cents, list_price_cents, waitlisted_at, offer_expires_at, cancelled_at, cancelled_by, created_at)
        select p.camp_id, p.session_id, p.child_id, p.parent_id,
          case when p.n % 20 < 16 then 'confirmed' when p.n % 20 = 16 then 'cancelled'
            when p.n % 20 = 17 then 'offered' else 'waitlisted' end,
          case when p.n % 20 <= 16 then p.price_cents else 0 end,
          case when p.n % 20 = 16 then p.price_cents else 0 end,
          p.price_cents,
          case when p.n % 20 >= 17 then p.booked_on::timestamptz + interval '9 hours' end,
          case when p.n % 20 = 17 then now() + interval '2 days' end,
          case when p.n % 20 = 16 then p.booked_on::timestamptz + interval '3 days' end,
          case when p.n % 20 = 16 then 'parent' end,
          p.booked_on::timestamptz + interval '9 hours'
        from scale_season_places p
        returning id, parent_id, camp_id, session_id, status, amount_cents, created_at
      )
      insert into scale_season_registrations select * from inserted`);
    await tx.execute(sql`update camp_sessions s set spots_taken = least(s.capacity, t.taken)
      from (select session_id, count(*)::int as taken from scale_season_registrations
        where status in ('confirmed', 'offered') group by session_id) t
      where s.id = t.session_id`);
    await tx.execute(sql`create temporary table scale_season_payments (payment_id int, id int, parent_id int,
      camp_id int, session_id int, status text, amount_cents int, created_at timestamptz) on commit drop`);
    await tx.execute(sql`with inserted as (
        insert into payments (parent_id, camp_id, idempotency_key, provider_payment_method_id,
          provider_customer_id, amount_cents, refunded_cents, status, application_fee_cents, created_at)
        select r.parent_id, r.camp_id, 'scale-season-' || r.id, 'pm_scale', 'cus_scale', r.amount_cents,
          case when r.status = 'cancelled' then r.amount_cents else 0 end,
          case when r.status = 'cancelled' then 'refunded' else 'succeeded' end,
          r.amount_cents / 20, r.created_at
        from scale_season_registrations r where r.status in ('confirmed', 'cancelled')
        returning id, idempotency_key
      )
      insert into scale_season_payments select i.id, r.* from inserted i
      join scale_season_registrations r on i.idempotency_key = 'scale-season-' || r.id`);
    await tx.execute(sql`update registrations r set payment_id = p.payment_id
      from scale_season_payments p where r.id = p.id`);
    // One charge per place, so each charge is its place's first sale.
    await tx.execute(sql`insert into payment_entries (payment_id, registration_id, camp_id, session_id, kind,
        amount_cents, fee_cents, created_at, first_sale, place_name, session_name)
      select e.*, case when c.session_count > 1 then c.name || ' (' || s.name || ')' else c.name end, s.name
      from (
        select payment_id, id, camp_id, session_id, 'charge', amount_cents, amount_cents / 20, created_at, true
        from scale_season_payments
        union all
        select payment_id, id, camp_id, session_id, 'refund', amount_cents, amount_cents / 20,
          created_at + interval '3 days', false
        from scale_season_payments where status = 'cancelled'
      ) e (payment_id, id, camp_id, session_id, kind, amount_cents, fee_cents, created_at, first_sale)
      join camps c on c.id = e.camp_id join camp_sessions s on s.id = e.session_id`);
    await tx.execute(sql`insert into camp_daily_views (camp_id, day, views)
      select s.camp_id, ${today}::date - d, 20 + (s.camp_id * 31 + d * 17) % 60
      from (select distinct camp_id from scale_season_sessions) s
      cross join generate_series(0, ${VIEW_DAYS - 1}::int) d
      on conflict do nothing`);
    const viewed = await queryRows<{ campId: number }>(
      tx,
      sql`select distinct camp_id as "campId" from scale_season_sessions`,
    );
    await recountOrgViews(
      tx,
      viewed.map((row) => row.campId),
    );
  });
  // What autovacuum would do soon after such a load (it may be off): statistics, and a
  // visibility map, without which the dashboard's counts read every registration's row.
  await db.execute(sql`vacuum analyze`);
  return { added: target - count };
}
