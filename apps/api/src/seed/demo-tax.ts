import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { organizations } from '../db/schema.ts';
import { saveTaxDetails } from '../modules/tax-statements/index.ts';
import type { SeedContext } from './common.ts';

/**
 * The demo host's organisations record their legal names and EINs, so the demo family's
 * year-end statements carry them; the last approved one by name has not yet, so its page shows
 * the reminder.
 * The EINs are made up (the IRS never issues the 00 prefix used here).
 */
export async function writeDemoTaxDetails(
  context: SeedContext,
  db: Database,
  { hostId }: { hostId: number },
): Promise<void> {
  const orgs = await db
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(and(eq(organizations.hostId, hostId), eq(organizations.status, 'approved')))
    .orderBy(asc(organizations.name), asc(organizations.id));
  for (const org of orgs.slice(0, -1)) {
    await saveTaxDetails(db, context.taxIds, hostId, org.id, {
      legalName: `${org.name} LLC`,
      ein: `00-${String(1_000_000 + org.id * 7919).slice(-7)}`,
    });
  }
}
