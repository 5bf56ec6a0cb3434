import type { Quote, QuoteLine } from '@campwise/contract/baskets';
import { messages } from '@campwise/contract/messages';
import { type PlanSchedule, planSchedule } from '@campwise/contract/payment-plans';
import type { Database } from '../../db/client.ts';
import { instalmentPlaces, instalments, paymentPlans } from '../../db/schema.ts';
import { conflict } from '../../platform/errors.ts';

export interface ChosenPlan {
  schedule: PlanSchedule;
  /** The paid lines, in the order of the schedule's line arrays. */
  places: QuoteLine[];
}

/**
 * The parent's choice checked against what the quote offers now, and the schedule the server
 * charges: recomputed here from the server's own prices, never taken from the browser.
 */
export function choosePlan(quote: Quote, instalmentCount: number): ChosenPlan {
  const offer = quote.planOffer;
  if (!offer) throw conflict(messages.planNotOffered);
  if (instalmentCount > offer.maxInstalments) {
    throw conflict(messages.planInstalmentsTooMany.replace('{count}', String(offer.maxInstalments)));
  }
  const places = quote.lines.filter((line) => line.placement === 'place');
  return {
    schedule: planSchedule(
      offer,
      places.map((line) => line.amountCents),
      instalmentCount,
    ),
    places,
  };
}

/** What a paid line pays now: its deposit on a plan, else all of it. */
export function depositOf(plan: ChosenPlan | null, line: QuoteLine): number | null {
  if (!plan) return null;
  const index = plan.places.findIndex(
    (place) => place.childId === line.childId && place.sessionId === line.sessionId,
  );
  return plan.schedule.lineDeposits[index] ?? 0;
}

/**
 * Writes the plan in the transaction that places the basket: the card on file, the host's rule
 * for a last failure (as it is now), each instalment and each place's part of it.
 */
export async function writePlan(
  db: Database,
  plan: ChosenPlan,
  values: {
    parentId: number;
    campId: number;
    depositPaymentId: number;
    paymentMethodId: string;
    customerId: string;
    onFinalFailure: 'release' | 'keep';
    registrationIds: Map<string, number>;
  },
): Promise<void> {
  const { registrationIds, ...planValues } = values;
  const [row] = await db.insert(paymentPlans).values(planValues).returning({ id: paymentPlans.id });
  if (!row) throw new Error('the plan was not written');
  for (const [index, instalment] of plan.schedule.instalments.entries()) {
    const [written] = await db
      .insert(instalments)
      .values({
        planId: row.id,
        seq: index + 1,
        dueDate: instalment.dueDate,
        amountCents: instalment.amountCents,
        nextAttemptOn: instalment.dueDate,
      })
      .returning({ id: instalments.id });
    if (!written) throw new Error('the instalment was not written');
    const parts = plan.places.flatMap((place, line) => {
      const registrationId = registrationIds.get(`${place.childId}:${place.sessionId}`);
      const amountCents = plan.schedule.lineParts[line]?.[index] ?? 0;
      return registrationId === undefined ? [] : [{ instalmentId: written.id, registrationId, amountCents }];
    });
    if (parts.length > 0) await db.insert(instalmentPlaces).values(parts);
  }
}
