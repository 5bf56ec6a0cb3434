import { z } from 'zod';
import { messages } from './messages.ts';
import { policyRefund, type RefundPolicy } from './refund-policy.ts';

/**
 * Deposits and payment plans (docs/decisions/026). A host may let families pay a deposit per
 * place now and the balance in up to six equal instalments, the last one `balanceDueDays` days
 * before the first session of the basket starts. One pure function computes the schedule, so the
 * checkout page shows what the server will charge; the server computes it again and never takes
 * amounts from the browser.
 */
export const MAX_INSTALMENTS = 6;
export const MAX_PLAN_DAYS = 365;
export const MAX_DEPOSIT_CENTS = 10_000_000;
/** Days after the first failed attempt on which a declined instalment is tried again. */
export const RETRY_DAYS = [1, 3, 5] as const;

export const finalFailureRules = ['release', 'keep'] as const;
export type FinalFailureRule = (typeof finalFailureRules)[number];
export const finalFailureLabels: Record<FinalFailureRule, string> = {
  release: 'Release the place to the waitlist',
  keep: 'Keep the place and e-mail me',
};

export const paymentPlanSettingsSchema = z
  .object({
    depositCents: z
      .number({ error: messages.planDepositInvalid })
      .int(messages.planDepositInvalid)
      .min(100, messages.planDepositInvalid)
      .max(MAX_DEPOSIT_CENTS, messages.planDepositInvalid),
    balanceDueDays: z
      .number({ error: messages.planDaysInvalid })
      .int(messages.planDaysInvalid)
      .min(1, messages.planDaysInvalid)
      .max(MAX_PLAN_DAYS, messages.planDaysInvalid),
    maxInstalments: z
      .number({ error: messages.planInstalmentsInvalid })
      .int(messages.planInstalmentsInvalid)
      .min(1, messages.planInstalmentsInvalid)
      .max(MAX_INSTALMENTS, messages.planInstalmentsInvalid),
    onFinalFailure: z.enum(finalFailureRules, { error: messages.planRuleInvalid }),
  })
  .strict();
export type PaymentPlanSettings = z.infer<typeof paymentPlanSettingsSchema>;

/** PUT /host/camp/{id}/payment-plan: the settings, or null to take full payment only. */
export const paymentPlanBody = z.object({ plan: paymentPlanSettingsSchema.nullable() }).strict();
export type PaymentPlanBody = z.infer<typeof paymentPlanBody>;
export const paymentPlanResponse = z.object({ data: paymentPlanBody });

/** What a basket's quote offers: a deposit per place and the balance by a date, in up to N parts. */
export const planOfferSchema = z.object({
  depositPerPlaceCents: z.number().int(),
  balanceDueDate: z.string(),
  maxInstalments: z.number().int(),
  /** Today on the server's clock: the schedule's dates count from it. */
  today: z.string(),
});
export type PlanOffer = z.infer<typeof planOfferSchema>;

/** The parent's choice at checkout: absent pays in full. */
export const planChoiceField = z
  .object({
    instalments: z
      .number({ error: messages.planInstalmentsInvalid })
      .int(messages.planInstalmentsInvalid)
      .min(1, messages.planInstalmentsInvalid)
      .max(MAX_INSTALMENTS, messages.planInstalmentsInvalid),
  })
  .strict();

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const dateOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return dateOfDay(dayNumber(date) + days);
}

export function daysBetween(from: string, to: string): number {
  return Math.round(dayNumber(to) - dayNumber(from));
}

/**
 * What a basket may be offered: nothing when the camp takes no deposit, a session has no start
 * (year-round), the balance date is not ahead, or the deposits would pay everything already.
 * Instalments fall on different days after today, so a short time allows fewer of them.
 */
export function planOffer(
  settings: PaymentPlanSettings | null,
  basket: { sessionStarts: (string | null)[]; lineAmounts: number[] },
  today: string,
): PlanOffer | null {
  if (!settings || basket.sessionStarts.length === 0) return null;
  if (basket.sessionStarts.some((start) => start === null)) return null;
  const first = [...(basket.sessionStarts as string[])].sort()[0] as string;
  const balanceDueDate = addDays(first, -settings.balanceDueDays);
  const days = daysBetween(today, balanceDueDate);
  if (days < 1) return null;
  const balance = basket.lineAmounts.reduce(
    (sum, amount) => sum + Math.max(0, amount - Math.min(settings.depositCents, amount)),
    0,
  );
  if (balance <= 0) return null;
  return {
    depositPerPlaceCents: settings.depositCents,
    balanceDueDate,
    maxInstalments: Math.min(settings.maxInstalments, days),
    today,
  };
}

export interface PlanSchedule {
  /** What each line pays now, in the order of the lines given. */
  lineDeposits: number[];
  /** What each line pays at each instalment: `lineParts[line][instalment]`. */
  lineParts: number[][];
  depositCents: number;
  instalments: { dueDate: string; amountCents: number }[];
  totalCents: number;
}

/**
 * The schedule for a basket: each place pays the deposit (or its whole price, when that is less)
 * now; the rest of each place is split into `count` parts that differ by at most a cent (the
 * first parts take the odd cents), so every place's parts add up to its balance to the cent.
 * Instalment k is due `floor(k × days / count)` days after today: all after today, all on
 * different days (days ≥ count), the last on the balance date.
 */
export function planSchedule(
  offer: Pick<PlanOffer, 'depositPerPlaceCents' | 'balanceDueDate' | 'today'>,
  lineAmounts: number[],
  count: number,
): PlanSchedule {
  const days = daysBetween(offer.today, offer.balanceDueDate);
  const n = Math.max(1, Math.min(count, days));
  const lineDeposits = lineAmounts.map((amount) => Math.max(0, Math.min(offer.depositPerPlaceCents, amount)));
  const lineParts = lineAmounts.map((amount, index) => {
    const balance = Math.max(0, amount - (lineDeposits[index] ?? 0));
    const base = Math.floor(balance / n);
    const odd = balance - base * n;
    return Array.from({ length: n }, (_, k) => base + (k < odd ? 1 : 0));
  });
  const instalments = Array.from({ length: n }, (_, k) => ({
    dueDate: addDays(offer.today, Math.floor(((k + 1) * days) / n)),
    amountCents: lineParts.reduce((sum, parts) => sum + (parts[k] ?? 0), 0),
  }));
  const depositCents = lineDeposits.reduce((sum, amount) => sum + amount, 0);
  return {
    lineDeposits,
    lineParts,
    depositCents,
    instalments,
    totalCents: lineAmounts.reduce((sum, amount) => sum + Math.max(0, amount), 0),
  };
}

/**
 * What a family gets back when it cancels a place it pays in instalments, `daysBefore` days
 * before the start (null: no start). The family ends up paying what it would have kept paying in
 * full under the policy (the price less the policy's refund on the price), but never more than it
 * has paid: nothing more is charged, future instalments are cancelled, and the refund is what was
 * paid beyond that. Paid in full, it is exactly the policy's refund.
 */
export function planCancelRefund(
  policy: RefundPolicy,
  priceCents: number,
  paidCents: number,
  daysBefore: number | null,
): number {
  const paid = Math.max(0, paidCents);
  const kept = Math.max(0, priceCents - policyRefund(policy, priceCents, daysBefore).refundCents);
  return Math.max(0, paid - Math.min(paid, kept));
}

export const instalmentStatuses = ['scheduled', 'charging', 'paid', 'failed', 'cancelled'] as const;
export type InstalmentStatus = (typeof instalmentStatuses)[number];

/** A place's share of one instalment, as My Registrations shows it. */
export const placeInstalmentSchema = z.object({
  instalmentId: z.number().int(),
  dueDate: z.string(),
  /** This place's part of it. */
  amountCents: z.number().int(),
  status: z.enum(instalmentStatuses),
  failedAttempts: z.number().int(),
  /** When a failed one is tried again (null: no more tries). */
  nextAttemptOn: z.string().nullable(),
  /** The whole instalment (it may pay for several places of one basket). */
  instalmentCents: z.number().int(),
});
export type PlaceInstalment = z.infer<typeof placeInstalmentSchema>;

export const placePlanSchema = z.object({
  paidCents: z.number().int(),
  dueCents: z.number().int(),
  instalments: z.array(placeInstalmentSchema),
});
export type PlacePlan = z.infer<typeof placePlanSchema>;

/** POST /api/camper/instalments/{id}/pay: pay a failed instalment now with a saved card. */
export const payInstalmentBody = z
  .object({
    paymentMethodId: z.number({ error: messages.chooseCard }).int().positive(),
    idempotencyKey: z
      .string()
      .trim()
      .min(8)
      .max(100)
      .regex(/^[\w-]+$/, messages.invalidInput),
  })
  .strict();
export type PayInstalmentBody = z.infer<typeof payInstalmentBody>;
export const payInstalmentResponse = z.object({
  data: z.object({
    instalmentId: z.number().int(),
    status: z.enum(instalmentStatuses),
    receiptNumber: z.string(),
  }),
});
