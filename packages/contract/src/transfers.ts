import { z } from 'zod';
import { MAX_ID } from './row-ids.ts';

/**
 * Moving a child's paid place to another session of the same camp (docs/decisions/017).
 *
 * The price of a move is the difference between the new session's list price and the price the
 * place stands at (its list price when bought, moved by what changed hands in earlier moves);
 * discounts the place was bought with stay with it. A move asked by the parent charges a dearer session's
 * difference to their card; a move made by the host never charges the family more (the host
 * chose it). A cheaper session's difference is refunded, never more than is left of what was paid.
 */
export function transferDifference(
  place: { listPriceCents: number; paidCents: number },
  newListPriceCents: number,
  by: 'parent' | 'host',
): number {
  const difference = newListPriceCents - place.listPriceCents;
  if (difference > 0) return by === 'parent' ? difference : 0;
  return -Math.min(-difference, Math.max(0, place.paidCents));
}

const id = z.number().int().positive().max(MAX_ID);

/** One session a place could move to, with what the move would cost or give back. */
export const transferOptionSchema = z.object({
  sessionId: z.number().int(),
  name: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  weekdays: z.array(z.number().int()).nullable(),
  priceCents: z.number().int(),
  spotsLeft: z.number().int(),
  /** Positive: charged to the family; negative: refunded to them; 0: nothing changes hands. */
  differenceCents: z.number().int(),
  available: z.boolean(),
  /** Why the place cannot move there, in the reader's words; null when it can. */
  reason: z.string().nullable(),
});
export type TransferOption = z.infer<typeof transferOptionSchema>;

export const transferOptionsResponse = z.object({
  data: z.object({
    registrationId: z.number().int(),
    campName: z.string(),
    childName: z.string(),
    sessionId: z.number().int(),
    sessionName: z.string(),
    /** What the family has paid for the place, net of refunds. */
    paidCents: z.number().int(),
    options: z.array(transferOptionSchema),
  }),
});
export type TransferOptions = z.infer<typeof transferOptionsResponse>['data'];

/**
 * POST /camper/registrations/{id}/transfer and /host/registrations/{id}/transfer. The difference
 * the reader was shown comes back; a different one now answers 409 PRICE_CHANGED, moving nothing.
 */
export const transferBody = z
  .object({
    sessionId: id,
    expectedDifferenceCents: z.number().int().min(-100_000_000).max(100_000_000),
    /** One of the parent's saved cards, needed when the move costs more (parent's move only). */
    paymentMethodId: id.optional(),
  })
  .strict();
export type TransferBody = z.infer<typeof transferBody>;

export const transferResponse = z.object({
  data: z.object({
    registrationId: z.number().int(),
    sessionId: z.number().int(),
    sessionName: z.string(),
    /** Charged (positive) or refunded (negative). */
    differenceCents: z.number().int(),
    /** The receipt number of the charge for the difference, when there was one. */
    receiptNumber: z.string().nullable(),
  }),
});
export type TransferOutcome = z.infer<typeof transferResponse>['data'];
