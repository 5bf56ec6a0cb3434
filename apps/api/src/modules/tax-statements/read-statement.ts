import { messages } from '@campwise/contract/messages';
import { providerTotal, type StatementProvider, type TaxStatement } from '@campwise/contract/tax-statements';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/raw.ts';
import { notFound } from '../../platform/errors.ts';
import type { SecretBox } from '../../platform/secret-box.ts';

interface PlaceRow {
  orgId: number;
  name: string;
  address: string;
  legalName: string | null;
  einSealed: string | null;
  registrationId: number;
  placeName: string;
  startDate: string | null;
  endDate: string | null;
  paidCents: number;
  refundedCents: number;
}

/**
 * A child's year-end statement: for each provider (organisation) the family paid in the year,
 * its legal name, address and EIN, and each place with its dates and what was paid less refunded
 * in that year, from the same ledger as the hosts' earnings (payment entries, decision 027). A
 * charge or refund counts in the year of its day where the organisation is. Another parent's
 * child is 404, like one that does not exist.
 */
export async function readTaxStatement(
  db: Database,
  box: SecretBox,
  parentId: number,
  childId: number,
  year: number,
): Promise<TaxStatement> {
  const [child] = await queryRows<{ name: string; payerName: string; payerEmail: string }>(
    db,
    sql`select ch.first_name || ' ' || ch.last_name as name,
        u.first_name || ' ' || u.last_name as "payerName", u.email as "payerEmail"
      from children ch join users u on u.id = ch.parent_id
      where ch.id = ${childId} and ch.parent_id = ${parentId}`,
  );
  if (!child) throw notFound(messages.childNotFound);
  const rows = await queryRows<PlaceRow>(
    db,
    sql`select o.id as "orgId", o.name,
        o.address || ', ' || o.city || ', ' || o.state || ' ' || o.zip as address,
        t.legal_name as "legalName", t.ein_sealed as "einSealed",
        r.id as "registrationId",
        (array_agg(e.place_name order by e.created_at desc, e.id desc))[1] as "placeName",
        to_char(s.start_date, 'YYYY-MM-DD') as "startDate", to_char(s.end_date, 'YYYY-MM-DD') as "endDate",
        (sum(e.amount_cents) filter (where e.kind = 'charge'))::int as "paidCents",
        coalesce(sum(e.amount_cents) filter (where e.kind = 'refund'), 0)::int as "refundedCents"
      from registrations r
      join payment_entries e on e.registration_id = r.id
      join camps c on c.id = r.camp_id
      join organizations o on o.id = c.org_id
      left join org_tax_details t on t.org_id = o.id
      left join camp_sessions s on s.id = r.session_id
      where r.child_id = ${childId} and r.parent_id = ${parentId}
        and extract(year from e.created_at at time zone o.time_zone) = ${year}
      group by o.id, t.org_id, r.id, s.id
      having count(*) filter (where e.kind = 'charge') > 0
      order by o.name, o.id, s.start_date nulls last, r.id`,
  );
  const providers = new Map<number, StatementProvider>();
  for (const row of rows) {
    let provider = providers.get(row.orgId);
    if (!provider) {
      provider = {
        orgId: row.orgId,
        name: row.name,
        legalName: row.legalName,
        address: row.address,
        ein: row.einSealed === null ? null : box.open(row.einSealed),
        places: [],
        totalCents: 0,
      };
      providers.set(row.orgId, provider);
    }
    provider.places.push({
      registrationId: row.registrationId,
      placeName: row.placeName,
      startDate: row.startDate,
      endDate: row.endDate,
      paidCents: row.paidCents,
      refundedCents: row.refundedCents,
    });
  }
  const list = [...providers.values()].map((provider) => ({
    ...provider,
    totalCents: providerTotal(provider.places),
  }));
  return {
    year,
    child: { id: childId, name: child.name },
    payer: { name: child.payerName, email: child.payerEmail },
    providers: list,
    totalCents: list.reduce((total, provider) => total + provider.totalCents, 0),
  };
}
