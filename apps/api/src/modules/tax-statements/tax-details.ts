import { maskedEin, type TaxDetails, type taxDetailsBody } from '@campwise/contract/tax-statements';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { orgTaxDetails } from '../../db/schema.ts';
import { SecretBox } from '../../platform/secret-box.ts';
import { orgAccess } from '../access/index.ts';

/** An organisation's tax details as its owner sees them: the EIN masked. */
export async function readTaxDetails(db: Database, personId: number, orgId: number): Promise<TaxDetails> {
  await orgAccess(db, personId, orgId, 'money');
  const [row] = await db
    .select({ legalName: orgTaxDetails.legalName, einLastFour: orgTaxDetails.einLastFour })
    .from(orgTaxDetails)
    .where(eq(orgTaxDetails.orgId, orgId));
  return row
    ? { legalName: row.legalName, einMasked: maskedEin(row.einLastFour) }
    : { legalName: null, einMasked: null };
}

/** Records (or replaces) the legal name and EIN, the EIN sealed at rest. */
export async function saveTaxDetails(
  db: Database,
  box: SecretBox,
  personId: number,
  orgId: number,
  body: z.output<typeof taxDetailsBody>,
): Promise<TaxDetails> {
  await orgAccess(db, personId, orgId, 'money');
  const values = {
    legalName: body.legalName,
    einSealed: box.seal(body.ein),
    einLastFour: body.ein.slice(-4),
    updatedAt: new Date(),
  };
  await db
    .insert(orgTaxDetails)
    .values({ orgId, ...values })
    .onConflictDoUpdate({ target: orgTaxDetails.orgId, set: values });
  return { legalName: body.legalName, einMasked: maskedEin(values.einLastFour) };
}

/** The box organisations' EINs are sealed in: a key of its own, derived from the application secret. */
export function taxIdBox(appSecret: string): SecretBox {
  return new SecretBox(appSecret, 'tax-ids');
}
