import { z } from 'zod';
import { messages } from './messages.ts';

/**
 * How money reaches hosts (docs/decisions/027): every charge for places
 * goes to the camp's host's payout account, less the platform's fee. These rules are the one
 * place that rounds money for it; the server applies them and the processor is told the result.
 */

/** The platform fee as basis points (5 % = 500), the form the rules compute with. */
export function feeBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

/** The platform's fee on a charge: `bps` of the amount, half a cent and more rounded up. */
export function platformFee(amountCents: number, bps: number): number {
  return Math.floor((amountCents * bps + 5_000) / 10_000);
}

/**
 * How much of a charge's fee has gone back once `refundedCents` of it are refunded: the fee in
 * proportion, half a cent and more rounded up, so a whole refund gives back the whole fee.
 * Computed on the running total, a refund in several parts gives back the same as one.
 */
export function feeRefundedAfter(feeCents: number, amountCents: number, refundedCents: number): number {
  if (amountCents <= 0) return 0;
  return Math.floor((2 * feeCents * refundedCents + amountCents) / (2 * amountCents));
}

/** The part of the fee one refund gives back: the running total after it, less before it. */
export function feeRefundFor(
  charge: { amountCents: number; feeCents: number; refundedCents: number },
  refundCents: number,
): number {
  return (
    feeRefundedAfter(charge.feeCents, charge.amountCents, charge.refundedCents + refundCents) -
    feeRefundedAfter(charge.feeCents, charge.amountCents, charge.refundedCents)
  );
}

/**
 * Splits an amount over weights by largest remainder: the parts add up to the amount exactly,
 * each within a cent of its share; ties go to the earlier weight. All weights zero: equal parts.
 */
export function allocate(amountCents: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  const shares = total > 0 ? weights : weights.map(() => 1);
  const whole = total > 0 ? total : weights.length;
  const parts = shares.map((weight) => Math.floor((amountCents * weight) / whole));
  let left = amountCents - parts.reduce((sum, part) => sum + part, 0);
  const order = shares
    .map((weight, index) => ({ index, remainder: (amountCents * weight) % whole }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    parts[index] = (parts[index] ?? 0) + 1;
    left -= 1;
  }
  return parts;
}

/** Where a host's payout account stands, as the provider last told us. */
export const payoutAccountStatuses = ['none', 'incomplete', 'restricted', 'active'] as const;
export type PayoutAccountStatus = (typeof payoutAccountStatuses)[number];

export function payoutAccountStatus(
  account: { chargesEnabled: boolean; payoutsEnabled: boolean; detailsSubmitted: boolean } | null,
): PayoutAccountStatus {
  if (!account) return 'none';
  if (account.chargesEnabled && account.payoutsEnabled) return 'active';
  return account.detailsSubmitted ? 'restricted' : 'incomplete';
}

export const payoutAccountSchema = z.object({
  status: z.enum(payoutAccountStatuses),
  chargesEnabled: z.boolean(),
  payoutsEnabled: z.boolean(),
  /** The bank account payouts go to, as the provider shows it ("•••• 6789"). */
  bankLast4: z.string().nullable(),
  feePercent: z.number(),
  payoutSchedule: z.string(),
});
export type PayoutAccount = z.infer<typeof payoutAccountSchema>;

export const payoutOnboardingResponse = z.object({ data: z.object({ url: z.string() }) });
export const payoutAccountResponse = z.object({ data: payoutAccountSchema });

/** The built-in processor's hosted onboarding page: a test bank account. */
export const testBankAccountSchema = z
  .object({
    accountHolder: z
      .string()
      .trim()
      .min(1, messages.bankHolderRequired)
      .max(100, messages.bankHolderRequired),
    routingNumber: z
      .string()
      .trim()
      .regex(/^\d{9}$/, messages.bankRoutingInvalid),
    accountNumber: z
      .string()
      .trim()
      .regex(/^\d{4,17}$/, messages.bankAccountInvalid),
  })
  .strict();
export type TestBankAccount = z.infer<typeof testBankAccountSchema>;

export const hostedOnboardingSchema = z.object({
  id: z.string(),
  email: z.string(),
  businessName: z.string(),
  completed: z.boolean(),
  expired: z.boolean(),
});
export type HostedOnboarding = z.infer<typeof hostedOnboardingSchema>;
export const hostedOnboardingResponse = z.object({ data: hostedOnboardingSchema });
export const hostedOnboardingDoneResponse = z.object({ data: z.object({ redirectUrl: z.string() }) });

/** Money of one camp or session, from the recorded charges and refunds. */
export const earningsFiguresSchema = z.object({
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
});
export type EarningsFigures = z.infer<typeof earningsFiguresSchema>;

export const earningsSessionSchema = earningsFiguresSchema.extend({
  sessionId: z.number().int().nullable(),
  name: z.string(),
  startDate: z.string().nullable(),
});

export const earningsCampSchema = earningsFiguresSchema.extend({
  campId: z.number().int(),
  name: z.string(),
  sessions: z.array(earningsSessionSchema),
});
export type EarningsCamp = z.infer<typeof earningsCampSchema>;

export const payoutStatuses = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;
export const payoutSchema = z.object({
  id: z.string(),
  amountCents: z.number().int(),
  status: z.enum(payoutStatuses),
  createdAt: z.string(),
  arrivalDate: z.string(),
});
export type Payout = z.infer<typeof payoutSchema>;

export const earningsSchema = z.object({
  totals: earningsFiguresSchema,
  /** Net earned and not yet paid out. */
  balanceCents: z.number().int(),
  camps: z.array(earningsCampSchema),
  payouts: z.array(payoutSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;
export const earningsResponse = z.object({ data: earningsSchema });

/** The figures of a set of charges and refunds; net is what the host keeps. */
export function earningsFigures(
  entries: readonly { amountCents: number; feeCents: number; kind: 'charge' | 'refund' }[],
): EarningsFigures {
  let grossCents = 0;
  let feeCents = 0;
  let refundedCents = 0;
  for (const entry of entries) {
    if (entry.kind === 'charge') {
      grossCents += entry.amountCents;
      feeCents += entry.feeCents;
    } else {
      refundedCents += entry.amountCents;
      feeCents -= entry.feeCents;
    }
  }
  return { grossCents, feeCents, refundedCents, netCents: grossCents - feeCents - refundedCents };
}
