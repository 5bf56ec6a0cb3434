import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import type { PaymentPlanBody } from '@campwise/contract/payment-plans';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps } from '../../db/schema.ts';
import { badRequest } from '../../platform/errors.ts';
import { campAccess } from '../access/index.ts';

export async function getPaymentPlan(db: Database, hostId: number, campId: number): Promise<PaymentPlanBody> {
  await campAccess(db, hostId, campId, 'camps:manage');
  const [row] = await db.select({ plan: camps.paymentPlan }).from(camps).where(eq(camps.id, campId));
  return { plan: row?.plan ?? null };
}

/**
 * Lets families pay a deposit and instalments at the camp, or stops offering it. The deposit must
 * be less than every scheduled session's price, so a plan always leaves a balance to pay. New
 * settings apply to new bookings: a plan already agreed keeps its schedule and its rule.
 */
export async function setPaymentPlan(
  db: Database,
  hostId: number,
  campId: number,
  body: PaymentPlanBody,
): Promise<PaymentPlanBody> {
  await campAccess(db, hostId, campId, 'camps:manage');
  if (body.plan) {
    const [cheapest] = await db
      .select({ price: sql<number | null>`min(${campSessions.priceCents})::int` })
      .from(campSessions)
      .where(and(eq(campSessions.campId, campId), eq(campSessions.status, 'scheduled')));
    const price = cheapest?.price ?? 0;
    if (body.plan.depositCents >= price) {
      const message = messages.planDepositNotBelowPrice.replace('{price}', formatMoney(price));
      throw badRequest(message, { 'plan.depositCents': message });
    }
  }
  await db.update(camps).set({ paymentPlan: body.plan, updatedAt: new Date() }).where(eq(camps.id, campId));
  return { plan: body.plan };
}
