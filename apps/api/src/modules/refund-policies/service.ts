import type { RefundPolicy } from '@campwise/contract/refund-policy';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { camps } from '../../db/schema.ts';
import { campAccess } from '../access/index.ts';

export async function getRefundPolicy(db: Database, hostId: number, campId: number): Promise<RefundPolicy> {
  await campAccess(db, hostId, campId, 'camps:manage');
  const [row] = await db.select({ refundPolicy: camps.refundPolicy }).from(camps).where(eq(camps.id, campId));
  if (!row) throw new Error('the camp is missing');
  return row.refundPolicy;
}

/**
 * A new policy applies to places taken from now on: each place keeps the policy it was bought
 * under (decision 018), so a family is never held to rules it was not shown.
 */
export async function setRefundPolicy(
  db: Database,
  hostId: number,
  campId: number,
  policy: RefundPolicy,
): Promise<RefundPolicy> {
  await campAccess(db, hostId, campId, 'camps:manage');
  await db.update(camps).set({ refundPolicy: policy, updatedAt: new Date() }).where(eq(camps.id, campId));
  return policy;
}
