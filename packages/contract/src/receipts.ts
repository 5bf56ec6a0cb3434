import { z } from 'zod';
import { adjustmentKindSchema, adjustmentLabels } from './baskets.ts';

/** One place bought with a payment, as it was bought. */
export const receiptLineSchema = z.object({
  registrationId: z.number().int(),
  childName: z.string(),
  /** The camp, and its session when it has several ("Camp (Week 2)"). */
  placeName: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  listPriceCents: z.number().int(),
  adjustments: z.array(z.object({ kind: adjustmentKindSchema, amountCents: z.number().int() })),
  totalCents: z.number().int(),
});
export type ReceiptLine = z.infer<typeof receiptLineSchema>;

/**
 * Money given back from a payment (a cancelled place, or a move to a cheaper session): a refund
 * note, issued with the refund and never changed after.
 */
export const receiptRefundSchema = z.object({
  at: z.string(),
  description: z.string(),
  amountCents: z.number().int(),
});
export type ReceiptRefund = z.infer<typeof receiptRefundSchema>;

export const receiptSchema = z.object({
  paymentId: z.number().int(),
  number: z.string(),
  paidAt: z.string(),
  /** A basket of places, or the difference paid to move a place to a dearer session. */
  kind: z.enum(['places', 'move', 'instalment']),
  payer: z.object({ name: z.string(), email: z.string() }),
  card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
  campId: z.number().int().nullable(),
  campName: z.string(),
  orgName: z.string(),
  /** The organisation's postal address when the receipt was issued, on one line. */
  orgAddress: z.string(),
  /**
   * The organisation's legal name and EIN (masked: only year-end statements carry it in full,
   * decision 077) when it had recorded them at issue; receipts issued before have none.
   */
  provider: z.object({ legalName: z.string(), einMasked: z.string() }).nullable().optional(),
  lines: z.array(receiptLineSchema),
  /** For a move: what was moved, from where to where. */
  moveDescription: z.string().nullable(),
  /** A deposit, or an instalment of a payment plan, in words (docs/decisions/026). */
  planNote: z.string().nullable(),
  amountCents: z.number().int(),
  refunds: z.array(receiptRefundSchema),
  refundedCents: z.number().int(),
  /** The refund policy the places were bought under, in words. */
  refundPolicy: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;
export const receiptResponse = z.object({ data: receiptSchema });

/**
 * A receipt as issued when its charge was recorded: everything it prints, kept with it and never
 * read again from the account, the children, the camp or the organisation. The refund notes
 * issued since are listed with it.
 */
export const issuedReceiptSchema = receiptSchema.omit({ refunds: true, refundedCents: true });
export type IssuedReceipt = z.infer<typeof issuedReceiptSchema>;

export const receiptListItemSchema = receiptSchema.pick({
  paymentId: true,
  number: true,
  paidAt: true,
  kind: true,
  campName: true,
  amountCents: true,
  refundedCents: true,
});
export type ReceiptListItem = z.infer<typeof receiptListItemSchema>;
export const receiptListResponse = z.object({ data: z.array(receiptListItemSchema) });

/** A receipt is read long after it was made, so its dates always carry their year. */
export const RECEIPT_DATES = { now: new Date(0), timeZone: 'UTC' } as const;

/** A place's price, then each discount taken off it (negative), as a receipt lists them. */
export function receiptLineItems(line: ReceiptLine): { label: string; amountCents: number }[] {
  return [
    { label: 'Price', amountCents: line.listPriceCents },
    ...line.adjustments.map((adjustment) => ({
      label: adjustmentLabels[adjustment.kind],
      amountCents: -adjustment.amountCents,
    })),
  ];
}
