import { ageOn } from '@campwise/contract/children';
import { addDays } from '@campwise/contract/payment-plans';
import { and, asc, eq, gt, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import {
  campSessions,
  camps,
  children,
  instalments,
  organizations,
  paymentPlans,
  savedCards,
} from '../db/schema.ts';
import { chargeDueInstalments } from '../modules/instalments/index.ts';
import type { RegistrationDeps } from '../modules/registrations/index.ts';
import { registerBasket } from '../modules/registrations/index.ts';
import { AppError } from '../platform/errors.ts';
import type { SeedContext } from './common.ts';

/**
 * A demo camp that takes a deposit (decision 026), and the demo parent's booking of it on a plan
 * of two instalments, booked through the checkout: the first instalment fell due a week ago and
 * was charged by the instalments job, the second is still to come. Answers the camp's id, or null
 * when no camp of the demo host suits a child.
 */
export async function bookDemoPlan(
  context: SeedContext,
  db: Database,
  ids: { parentId: number; hostId: number },
): Promise<number | null> {
  const today = context.today.toISOString().slice(0, 10);
  const kids = await db
    .select({ id: children.id, birthday: children.birthday })
    .from(children)
    .where(eq(children.parentId, ids.parentId))
    .orderBy(asc(children.id));
  const [card] = await db
    .select({ id: savedCards.id })
    .from(savedCards)
    .where(eq(savedCards.parentId, ids.parentId));
  if (!card) return null;
  const candidates = await db
    .select({
      id: camps.id,
      minAge: camps.minAge,
      maxAge: camps.maxAge,
      sessionId: campSessions.id,
      startDate: campSessions.startDate,
      priceCents: campSessions.priceCents,
      cheapest: sql<number>`(select min(s.price_cents)::int from camp_sessions s where s.camp_id = ${camps.id} and s.status = 'scheduled')`,
    })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(campSessions, eq(campSessions.campId, camps.id))
    .where(
      and(
        eq(organizations.hostId, ids.hostId),
        eq(camps.isYearRound, false),
        ne(camps.sessionCount, 3),
        eq(campSessions.status, 'scheduled'),
        gt(campSessions.startDate, addDays(today, 45)),
      ),
    )
    .orderBy(asc(campSessions.startDate), asc(camps.id));
  const deps: RegistrationDeps = {
    db,
    payments: context.processor(db),
    publicUrl: context.publicUrl,
    platformFee: context.platformFee,
  };
  for (const camp of candidates) {
    const kid = kids.find((child) => {
      const age = ageOn(child.birthday, camp.startDate ?? today);
      return age >= camp.minAge && age <= camp.maxAge;
    });
    const depositCents = Math.floor(camp.cheapest / 400) * 100;
    if (!kid || depositCents < 100) continue;
    const plan = { depositCents, balanceDueDays: 14, maxInstalments: 3, onFinalFailure: 'keep' as const };
    await db.update(camps).set({ paymentPlan: plan }).where(eq(camps.id, camp.id));
    try {
      await registerBasket(deps, ids.parentId, camp.id, {
        lines: [{ childId: kid.id, sessionId: camp.sessionId }],
        paymentMethodId: card.id,
        plan: { instalments: 2 },
        idempotencyKey: `demo-plan-${camp.id}`,
      });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await db.update(camps).set({ paymentPlan: null }).where(eq(camps.id, camp.id));
      continue;
    }
    // Booked a while ago: the first instalment fell due last week and the job charged it.
    const [first] = await db
      .select({ id: instalments.id })
      .from(instalments)
      .innerJoin(paymentPlans, eq(paymentPlans.id, instalments.planId))
      .where(
        and(
          eq(paymentPlans.parentId, ids.parentId),
          eq(paymentPlans.campId, camp.id),
          eq(instalments.seq, 1),
        ),
      );
    if (first) {
      const due = addDays(today, -7);
      await db
        .update(instalments)
        .set({ dueDate: due, nextAttemptOn: due })
        .where(eq(instalments.id, first.id));
      await chargeDueInstalments(deps, context.today);
    }
    return camp.id;
  }
  return null;
}
