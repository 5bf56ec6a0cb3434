import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/raw.ts';
import { PaymentDeclinedError } from '../../platform/payments/provider.ts';
import type { RegistrationDeps } from '../registrations/index.ts';
import { releaseUnpaidPlace } from '../registrations/index.ts';
import { chargeInstalment, resumeInstalment } from './charge-instalment.ts';
import { ATTEMPT_LEASE_MS, claimInstalment } from './claim-instalment.ts';
import { declineInstalment, settleInstalment } from './settle-instalment.ts';

export const INSTALMENTS_JOB = 'instalments';

export interface PlanJobDeps extends RegistrationDeps {
  /** Wakes another job (the waitlist after a place is released, mail after any e-mail). */
  wake?: (job: string) => void;
}

export interface InstalmentRunResult {
  paid: number;
  failed: number;
  cancelled: number;
  released: number;
  unavailable: number;
}

/**
 * The instalments job: charges every instalment due by `now` with the card on file, one claimed
 * attempt at a time, then releases the places of instalments given up under the "release" rule.
 * A processor outage leaves the attempt `charging`; when its lease runs out the next run finishes
 * it under the same key (the processor is asked for the charge first), so nothing is charged
 * twice, and a crash at any step is picked up the same way.
 */
export async function chargeDueInstalments(
  deps: PlanJobDeps,
  now: Date = new Date(),
  leaseMs = ATTEMPT_LEASE_MS,
): Promise<InstalmentRunResult> {
  const result: InstalmentRunResult = { paid: 0, failed: 0, cancelled: 0, released: 0, unavailable: 0 };
  for (let claimed = 0; claimed < 200; claimed += 1) {
    const claim = await claimInstalment(deps.db, now, deps.platformFee, leaseMs);
    if (claim.kind === 'none') break;
    if (claim.kind === 'cancelled') {
      result.cancelled += 1;
      continue;
    }
    if (claim.kind === 'waiting') continue;
    const { attempt, resumed } = claim;
    let chargeId: string;
    try {
      ({ chargeId } = resumed
        ? await resumeInstalment(deps.payments, attempt)
        : await chargeInstalment(deps.payments, attempt));
    } catch (error) {
      if (!(error instanceof PaymentDeclinedError)) {
        result.unavailable += 1;
        break;
      }
      await declineInstalment(deps, attempt.paymentId, error.message, now, 'schedule');
      result.failed += 1;
      continue;
    }
    if (await settleInstalment(deps, attempt.paymentId, chargeId, now)) result.paid += 1;
  }
  result.released = await releaseGivenUpPlaces(deps, now);
  if (result.released > 0) deps.wake?.('waitlist');
  if (result.paid + result.failed + result.released > 0) deps.wake?.('mail');
  return result;
}

/** Places still held by an instalment given up under the host's "release" rule. */
async function releaseGivenUpPlaces(deps: PlanJobDeps, now: Date): Promise<number> {
  const places = await queryRows<{ registration_id: number }>(
    deps.db,
    sql`select distinct ip.registration_id
      from instalments i
      join payment_plans p on p.id = i.plan_id
      join instalment_places ip on ip.instalment_id = i.id
      join registrations r on r.id = ip.registration_id
      where i.status = 'failed' and i.next_attempt_on is null and p.on_final_failure = 'release'
        and not ip.cancelled and r.status = 'confirmed'
      order by ip.registration_id
      limit 100`,
  );
  let released = 0;
  for (const place of places) {
    if (await releaseUnpaidPlace(deps, place.registration_id, now).catch(() => null)) released += 1;
  }
  return released;
}
