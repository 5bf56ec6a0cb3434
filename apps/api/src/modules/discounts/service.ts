import {
  type CampDiscounts,
  NO_DISCOUNTS,
  type PromoCode,
  type promoCodeBody,
} from '@campwise/contract/baskets';
import { messages } from '@campwise/contract/messages';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { camps, organizations, promoCodes, promoCodeUses } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { campAccess, memberOf } from '../access/index.ts';
import type { CampDiscountRules, PromoCodeRule } from './price-basket.ts';

/** The host's camp's id, or 404. */
const ownCampId = async (db: Database, hostId: number, campId: number) =>
  (await campAccess(db, hostId, campId, 'camps:manage')).id;

export async function campDiscounts(db: Database, campId: number): Promise<CampDiscounts> {
  const [row] = await db.select({ discounts: camps.discounts }).from(camps).where(eq(camps.id, campId));
  return row?.discounts ?? NO_DISCOUNTS;
}

export async function getHostDiscounts(db: Database, hostId: number, campId: number): Promise<CampDiscounts> {
  return campDiscounts(db, await ownCampId(db, hostId, campId));
}

/** New discounts apply to baskets placed from now on; places bought keep what they paid. */
export async function setHostDiscounts(
  db: Database,
  hostId: number,
  campId: number,
  discounts: CampDiscounts,
): Promise<CampDiscounts> {
  await ownCampId(db, hostId, campId);
  await db.update(camps).set({ discounts, updatedAt: new Date() }).where(eq(camps.id, campId));
  return discounts;
}

/** The pricing rule's view of a camp's discounts. */
export function discountRules(discounts: CampDiscounts): CampDiscountRules {
  return {
    ...(discounts.earlyBird ? { earlyBird: discounts.earlyBird } : {}),
    ...(discounts.sibling ? { sibling: discounts.sibling } : {}),
    ...(discounts.multiSession ? { multiSession: discounts.multiSession } : {}),
  };
}

const promoColumns = {
  id: promoCodes.id,
  campId: promoCodes.campId,
  code: promoCodes.code,
  kind: promoCodes.kind,
  value: promoCodes.value,
  validFrom: promoCodes.validFrom,
  validTo: promoCodes.validTo,
  maxUses: promoCodes.maxUses,
  maxUsesPerFamily: promoCodes.maxUsesPerFamily,
  uses: promoCodes.uses,
};

export async function listPromoCodes(db: Database, hostId: number, campId: number): Promise<PromoCode[]> {
  await ownCampId(db, hostId, campId);
  return db
    .select(promoColumns)
    .from(promoCodes)
    .where(eq(promoCodes.campId, campId))
    .orderBy(asc(promoCodes.code));
}

export async function addPromoCode(
  db: Database,
  hostId: number,
  campId: number,
  body: z.output<typeof promoCodeBody>,
): Promise<PromoCode> {
  await ownCampId(db, hostId, campId);
  const [row] = await db
    .insert(promoCodes)
    .values({
      campId,
      code: body.code,
      kind: body.kind,
      value: body.value,
      validFrom: body.validFrom ?? null,
      validTo: body.validTo ?? null,
      maxUses: body.maxUses ?? null,
      maxUsesPerFamily: body.maxUsesPerFamily ?? null,
    })
    .onConflictDoNothing()
    .returning(promoColumns);
  if (!row) throw conflict(messages.promoCodeTaken);
  return row;
}

/** A code nobody used can go; one that was used stays, for the receipts, but can be ended by date. */
export async function deletePromoCode(db: Database, hostId: number, codeId: number): Promise<void> {
  const [row] = await db
    .select({ id: promoCodes.id })
    .from(promoCodes)
    .innerJoin(camps, eq(camps.id, promoCodes.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(promoCodes.id, codeId), memberOf(camps.orgId, hostId, 'camps:manage')));
  if (!row) throw notFound(messages.promoCodeNotFound);
  await db.delete(promoCodes).where(eq(promoCodes.id, codeId));
}

export interface AppliedPromo {
  id: number;
  rule: PromoCodeRule;
}

/**
 * The camp's code a family typed, if it may use it today: known to this camp (a code of another
 * camp reads as unknown), within its dates, with uses left overall and for this family. With
 * `lock`, the code's row is locked until commit, so two baskets cannot both take its last use.
 */
export async function promoForBasket(
  db: Database,
  campId: number,
  code: string,
  parentId: number,
  today: string,
  lock: boolean,
): Promise<AppliedPromo> {
  const query = db
    .select(promoColumns)
    .from(promoCodes)
    .where(and(eq(promoCodes.campId, campId), sql`upper(${promoCodes.code}) = ${code.toUpperCase()}`));
  const [promo] = lock ? await query.for('update') : await query;
  if (!promo) throw conflict(messages.promoCodeUnknown);
  if (promo.validFrom && today < promo.validFrom) throw conflict(messages.promoCodeNotYet);
  if (promo.validTo && today > promo.validTo) throw conflict(messages.promoCodeExpired);
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) throw conflict(messages.promoCodeUsedUp);
  if (promo.maxUsesPerFamily !== null) {
    const [used] = await db
      .select({ n: count() })
      .from(promoCodeUses)
      .where(and(eq(promoCodeUses.codeId, promo.id), eq(promoCodeUses.parentId, parentId)));
    if ((used?.n ?? 0) >= promo.maxUsesPerFamily) throw conflict(messages.promoCodeFamilyLimit);
  }
  return { id: promo.id, rule: { code: promo.code, kind: promo.kind, value: promo.value } };
}

/** Counts a placed basket's use of its code (the code row is locked by promoForBasket). */
export async function recordPromoUse(db: Database, promoId: number, paymentId: number, parentId: number) {
  await db.insert(promoCodeUses).values({ codeId: promoId, paymentId, parentId });
  await db
    .update(promoCodes)
    .set({ uses: sql`${promoCodes.uses} + 1` })
    .where(eq(promoCodes.id, promoId));
}

/** A basket whose payment failed gives its code's use back. */
export async function releasePromoUse(db: Database, paymentId: number) {
  const released = await db
    .delete(promoCodeUses)
    .where(eq(promoCodeUses.paymentId, paymentId))
    .returning({ codeId: promoCodeUses.codeId });
  for (const { codeId } of released) {
    await db
      .update(promoCodes)
      .set({ uses: sql`greatest(0, ${promoCodes.uses} - 1)` })
      .where(eq(promoCodes.id, codeId));
  }
}
