import { LIVE_SUBSCRIPTION_STATUSES } from '@campwise/contract/subscriptions';
import { rolesWithRight, type TeamRight } from '@campwise/contract/team-roles';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * True where an organisation id is one the person may act on with `right` (decision 057): they
 * are on its team with a role that holds the right, and its owner's subscription is live.
 */
export function memberOf(
  orgIdColumn: AnyPgColumn | SQL,
  personId: number,
  right: TeamRight,
  /** For a right over one session: staff hold it only for sessions they are assigned to. */
  session?: AnyPgColumn | SQL,
): SQL {
  const list = (values: readonly string[]) =>
    sql.join(
      values.map((value) => sql`${value}`),
      sql`, `,
    );
  return sql`${orgIdColumn} in (
    select m.org_id from org_members m
    where m.user_id = ${personId}
      and m.role in (${list(rolesWithRight(right))})
      ${
        session === undefined
          ? sql``
          : sql`and (m.role <> 'staff' or exists (
        select 1 from session_staff ss where ss.session_id = ${session} and ss.user_id = m.user_id))`
      }
      and exists (
        select 1 from organizations o join host_subscriptions s on s.host_id = o.host_id
        where o.id = m.org_id and s.status in (${list(LIVE_SUBSCRIPTION_STATUSES)}))
  )`;
}
