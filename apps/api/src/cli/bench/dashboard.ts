// The host dashboard's figures for `npm run bench`, read in process by several hosts at once.
import { addDays } from '@campwise/contract/insights';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { readInsights } from '../../modules/insights/index.ts';
import { measureLoop, type Summary } from './measure.ts';

/** Hosts reading their dashboards at once (each read sends three queries). */
export const DASHBOARD_CALLERS = 4;

/**
 * The host dashboard's figures (GET /host/insights's service) for the busiest organisations of
 * the scale data, by the default 90 days, a whole year and one camp, timed per read by
 * DASHBOARD_CALLERS callers in a loop.
 */
export async function measureDashboard(
  db: Database,
  now: Date,
): Promise<{ summary: Summary; orgs: number } | null> {
  const today = now.toISOString().slice(0, 10);
  const busy = await queryRows<{ hostId: number; orgId: number; campId: number }>(
    db,
    sql`select o.host_id as "hostId", o.id as "orgId", min(c.id)::int as "campId"
      from organizations o join camps c on c.org_id = o.id
      where exists (select 1 from registrations r where r.camp_id = c.id)
      group by o.id order by count(*) desc, o.id limit 10`,
  );
  const reads = busy.flatMap((org) => [
    { hostId: org.hostId, query: { orgId: org.orgId } },
    { hostId: org.hostId, query: { orgId: org.orgId, from: addDays(today, -364), to: today } },
    { hostId: org.hostId, query: { orgId: org.orgId, campId: org.campId } },
  ]);
  if (reads.length === 0) return null;
  const summary = await measureLoop(DASHBOARD_CALLERS, async (index) => {
    const read = reads[index % reads.length];
    if (read) await readInsights(db, read.hostId, read.query, now);
  });
  return { summary, orgs: busy.length };
}
