import type { PlacePlan } from '@campwise/contract/payment-plans';
import { type PlacePart, paidOnPlan } from './place-parts.ts';

/**
 * A place on a payment plan as My Registrations shows it: what it has paid (deposit and charged
 * parts), what is still due, and each instalment with its state. Parts cancelled with the place
 * are left out.
 */
export function placePlan(depositCents: number, priceCents: number, parts: readonly PlacePart[]): PlacePlan {
  const live = parts.filter((part) => !part.cancelled);
  const paidCents = paidOnPlan(depositCents, live);
  const dueCents = live
    .filter((part) => part.status !== 'paid' && part.status !== 'cancelled')
    .reduce((sum, part) => sum + part.amountCents, 0);
  return {
    paidCents,
    dueCents: Math.min(dueCents, Math.max(0, priceCents - paidCents)),
    instalments: live.map((part) => ({
      instalmentId: part.instalmentId,
      dueDate: part.dueDate,
      amountCents: part.amountCents,
      status: part.status,
      failedAttempts: part.failedAttempts,
      nextAttemptOn: part.status === 'failed' ? part.nextAttemptOn : null,
      instalmentCents: part.instalmentCents,
    })),
  };
}
