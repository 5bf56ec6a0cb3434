import { ageOn } from '@campwise/contract/children';
import { messages } from '@campwise/contract/messages';
import { planCancelRefund } from '@campwise/contract/payment-plans';
import { policyRefund, type RefundPolicy } from '@campwise/contract/refund-policy';
import type { RegistrationStatus } from '@campwise/contract/registrations';

// The place's life cycle (its graph and the predicates on its statuses) is in the contract's
// life-cycles module; these are the rules on dates and money around it.

export interface CampDates {
  startDate: string | null;
  endDate: string | null;
  isYearRound: boolean;
}

export function hasStarted(camp: CampDates, today: string): boolean {
  return camp.isYearRound || camp.startDate === null || camp.startDate <= today;
}

/** Not over yet: year-round camps never are. */
export function isUpcoming(camp: CampDates, today: string): boolean {
  return camp.isYearRound || camp.endDate === null || camp.endDate >= today;
}

/**
 * A parent may cancel a confirmed place until the camp starts (year-round camps: any time, as
 * they have no start), and may always leave a waitlist or decline an offer.
 */
export function parentCanCancel(status: RegistrationStatus, camp: CampDates, today: string): boolean {
  if (status === 'waitlisted' || status === 'offered') return true;
  if (status !== 'confirmed') return false;
  return camp.isYearRound || !hasStarted(camp, today);
}

/**
 * A parent may move a paid place to another session of the camp until its session starts (any
 * time at a year-round camp); a host may until the session is over. A camp of one session has
 * nowhere to move to.
 */
export function canTransfer(
  by: 'parent' | 'host',
  status: RegistrationStatus,
  session: CampDates & { sessionCount: number },
  today: string,
): boolean {
  if (status !== 'confirmed' || session.sessionCount < 2) return false;
  if (by === 'host') return isUpcoming(session, today);
  return session.isYearRound || !hasStarted(session, today);
}

/** Whole days from `today` to the session's first day; null for a session without one (year-round). */
export function daysBeforeStart(camp: CampDates, today: string): number | null {
  if (camp.isYearRound || camp.startDate === null) return null;
  return Math.round(
    (Date.parse(`${camp.startDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000,
  );
}

/**
 * What cancelling a confirmed place gives back (nothing else was paid): a host's cancellation
 * refunds what is left of it in full; a family's follows the refund policy the place was bought
 * under (decision 018). A place on a payment plan (decision 026) has paid its deposit and the
 * instalments charged so far (`paidCents`); the family's refund is what it paid beyond what the
 * policy keeps of the price.
 */
export function refundOnCancel(
  registration: CampDates & {
    status: RegistrationStatus;
    amountCents: number;
    refundedCents: number;
    refundPolicy: RefundPolicy;
    depositCents?: number | null;
    paidCents?: number;
  },
  by: 'parent' | 'host',
  today: string,
): number {
  if (registration.status !== 'confirmed') return 0;
  const onPlan = registration.depositCents !== null && registration.depositCents !== undefined;
  const paid = onPlan ? (registration.paidCents ?? registration.depositCents ?? 0) : registration.amountCents;
  const left = paid - registration.refundedCents;
  if (by === 'host') return left;
  const days = daysBeforeStart(registration, today);
  if (onPlan) {
    return Math.min(left, planCancelRefund(registration.refundPolicy, registration.amountCents, paid, days));
  }
  return policyRefund(registration.refundPolicy, left, days).refundCents;
}

/** The day a child's age counts for: the first day, or today for a camp already running. */
export function ageDay(camp: CampDates, today: string): string {
  return camp.startDate && !camp.isYearRound && camp.startDate > today ? camp.startDate : today;
}

export interface Eligibility {
  ageAtStart: number;
  eligible: boolean;
  reason: string | null;
}

/** Can this child be registered: old enough, young enough, and not already there. */
export function eligibility(
  child: { birthday: string },
  camp: CampDates & { minAge: number; maxAge: number },
  today: string,
  currentStatus: RegistrationStatus | null,
): Eligibility {
  const ageAtStart = ageOn(child.birthday, ageDay(camp, today));
  const reason =
    currentStatus === 'confirmed' || currentStatus === 'pending_payment'
      ? messages.childAlreadyRegistered
      : currentStatus === 'waitlisted'
        ? messages.childOnWaitlist
        : ageAtStart < camp.minAge
          ? messages.childTooYoung
          : ageAtStart > camp.maxAge
            ? messages.childTooOld
            : null;
  return { ageAtStart, eligible: reason === null, reason };
}
