import { messages } from '@campwise/contract/messages';
import { type RegistrationOutcome, receiptNumber } from '@campwise/contract/registrations';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, children, payments, registrations } from '../../db/schema.ts';
import { AppError, conflict } from '../../platform/errors.ts';
import { PaymentDeclinedError } from '../../platform/payments/provider.ts';

// A request is placed and charged once per idempotency key: sent again (a double click, a retry,
// a second tab), it is answered with what the first one did.

/** Thrown inside the placing transaction when the idempotency key was already used: roll back, replay. */
export class ReplayedRequest extends Error {}

export const paymentUnavailable = () => new AppError(503, 'PAYMENT_PENDING', messages.registrationInProgress);

/**
 * The processor's key for a payment's charge. The client's key in it keeps it unique beyond this
 * database: a payment id alone repeats after a reset, against the same processor account.
 */
export const chargeKey = (payment: { id: number; idempotencyKey: string }) =>
  `registration-payment-${payment.id}-${payment.idempotencyKey}`;

const REPLAY_WAIT_MS = 150;
const REPLAY_WAIT_ROUNDS = 20;

export async function paymentUnderKey(db: Database, parentId: number, key: string): Promise<boolean> {
  const [payment] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.parentId, parentId), eq(payments.idempotencyKey, key)));
  return payment !== undefined;
}

/** What names a request for its replay: its key, and the children (and sessions) it asked for. */
export interface ReplayKey {
  idempotencyKey: string;
  lines: { childId: number; sessionId?: number | undefined }[];
  /**
   * The spec's request (children for one session), paid all together: the places must be
   * exactly those asked for, and its answer has no lines. Otherwise a basket's.
   */
  exact: boolean;
}

/**
 * The answer an earlier request with the same key got. While that request is still charging
 * (a double click, a second tab), waits a few seconds for it to finish rather than failing. A
 * key sent again with another camp or other children is refused: it names another request.
 */
export async function replayOf(
  db: Database,
  parentId: number,
  campId: number,
  body: ReplayKey,
): Promise<RegistrationOutcome | null> {
  const read = () =>
    db
      .select({
        id: payments.id,
        campId: payments.campId,
        status: payments.status,
        amountCents: payments.amountCents,
        failure: payments.failureMessage,
      })
      .from(payments)
      .where(and(eq(payments.parentId, parentId), eq(payments.idempotencyKey, body.idempotencyKey)));
  let [payment] = await read();
  for (let round = 0; payment?.status === 'pending' && round < REPLAY_WAIT_ROUNDS; round += 1) {
    await new Promise((resolve) => setTimeout(resolve, REPLAY_WAIT_MS));
    [payment] = await read();
  }
  if (!payment) return null;
  const rows = await db
    .select({
      id: registrations.id,
      childId: registrations.childId,
      sessionId: registrations.sessionId,
      childName: sql<string>`${children.firstName} || ' ' || ${children.lastName}`,
      sessionName: campSessions.name,
      listPriceCents: registrations.listPriceCents,
      adjustments: registrations.adjustments,
      amountCents: registrations.amountCents,
    })
    .from(registrations)
    .innerJoin(children, eq(children.id, registrations.childId))
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .where(eq(registrations.paymentId, payment.id))
    .orderBy(asc(registrations.id));
  // The same request: every place it paid for was asked for again (its waitlist lines have no payment).
  const asked = (row: { childId: number; sessionId: number }) =>
    body.lines.some(
      (line) =>
        line.childId === row.childId && (line.sessionId === undefined || line.sessionId === row.sessionId),
    );
  const sameChildren =
    rows.length === 0 || (rows.every(asked) && (!body.exact || rows.length === body.lines.length));
  if (payment.campId !== campId || !sameChildren) throw conflict(messages.requestKeyReused);
  if (payment.status === 'pending') throw paymentUnavailable();
  if (payment.status === 'failed') throw new PaymentDeclinedError(payment.failure ?? messages.cardDeclined);
  if (payment.status !== 'succeeded') throw conflict(messages.paymentNotCompleted);
  return {
    status: 'confirmed',
    registrationIds: rows.map((row) => row.id),
    amountCents: payment.amountCents,
    receiptNumber: receiptNumber(payment.id),
    // A basket answered again shows its paid lines (its waitlist lines were never paid for).
    ...(body.exact
      ? {}
      : {
          lines: rows.map(({ id, ...row }) => ({ ...row, registrationId: id, placement: 'place' as const })),
        }),
  };
}
