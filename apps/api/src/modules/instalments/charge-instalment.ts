import type { PaymentProvider } from '../../platform/payments/provider.ts';

/** An attempt to charge an instalment: its own payment row, written before the card is charged. */
export interface InstalmentAttempt {
  paymentId: number;
  idempotencyKey: string;
  instalmentId: number;
  seq: number;
  amountCents: number;
  customerId: string;
  paymentMethodId: string;
  /** The host's payout account and the platform's fee, fixed on the attempt's payment (decision 027). */
  destinationAccountId: string | null;
  applicationFeeCents: number;
}

/**
 * The processor's key for an attempt: the payment's id and its random key, so a retry after a
 * crash (same payment) never charges twice, and the key is unique beyond this database.
 */
export const instalmentChargeKey = (attempt: Pick<InstalmentAttempt, 'paymentId' | 'idempotencyKey'>) =>
  `instalment-payment-${attempt.paymentId}-${attempt.idempotencyKey}`;

/**
 * Every charge of an instalment goes through here (the job's scheduled attempts and a parent
 * paying now with another card), so whatever a charge must carry is added in one place.
 */
export function chargeInstalment(provider: PaymentProvider, attempt: InstalmentAttempt) {
  return provider.chargeCard({
    customerId: attempt.customerId,
    paymentMethodId: attempt.paymentMethodId,
    amountCents: attempt.amountCents,
    description: `Camp instalment ${attempt.seq}`,
    idempotencyKey: instalmentChargeKey(attempt),
    destination: attempt.destinationAccountId
      ? { accountId: attempt.destinationAccountId, applicationFeeCents: attempt.applicationFeeCents }
      : null,
  });
}

/**
 * Finishes an attempt that may already have reached the processor (a crash, an outage, a lease
 * that ran out): the charge made under its key if there is one, otherwise a charge now under
 * the same key. Either way the card is charged at most once.
 */
export async function resumeInstalment(provider: PaymentProvider, attempt: InstalmentAttempt) {
  const found = await provider.findCharge(instalmentChargeKey(attempt));
  return found ? { chargeId: found.chargeId } : chargeInstalment(provider, attempt);
}
