import type { IssuedReceipt, ReceiptRefund } from '@campwise/contract/receipts';
import { refundPolicyText } from '@campwise/contract/refund-policy';
import { receiptNumber } from '@campwise/contract/registrations';
import { maskedEin } from '@campwise/contract/tax-statements';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  children,
  instalmentPlaces,
  organizations,
  orgTaxDetails,
  payments,
  placeTransfers,
  registrations,
  savedCards,
  users,
} from '../../db/schema.ts';
import { placeName } from '../../shared/place-name.ts';
import { type PlaceHistory, paymentRefunds } from './payment-refunds.ts';
import { instalmentOf, instalmentParts, instalmentRefunds, planNote } from './plan-receipt.ts';

/**
 * A payment has a receipt once the card was charged and it bought a place or a move. A charge
 * that landed after its places were given up bought nothing (reconciliation refunds it).
 */
const charged = inArray(payments.status, ['succeeded', 'refunded']);
const heldPlace = sql`${registrations.status} <> 'payment_failed'`;

const fromSession = alias(campSessions, 'from_session');
const toSession = alias(campSessions, 'to_session');

/** The places a payment paid for (its basket's, or its instalment's), or the one place whose move it paid for. */
async function placesOf(db: Database, paymentId: number, instalmentId: number | null) {
  const [move] = await db
    .select({ registrationId: placeTransfers.registrationId })
    .from(placeTransfers)
    .where(eq(placeTransfers.paymentId, paymentId));
  return db
    .select({
      id: registrations.id,
      paymentId: registrations.paymentId,
      childName: sql<string>`${children.firstName} || ' ' || ${children.lastName}`,
      childFirstName: children.firstName,
      campName: camps.name,
      sessionCount: camps.sessionCount,
      sessionName: campSessions.name,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
      amountCents: registrations.amountCents,
      refundedCents: registrations.refundedCents,
      depositCents: registrations.depositCents,
      adjustments: registrations.adjustments,
      refundPolicy: registrations.refundPolicy,
      cancelledAt: registrations.cancelledAt,
    })
    .from(registrations)
    .innerJoin(children, eq(children.id, registrations.childId))
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .where(
      instalmentId !== null
        ? sql`${registrations.id} in (select ${instalmentPlaces.registrationId} from ${instalmentPlaces} where ${instalmentPlaces.instalmentId} = ${instalmentId})`
        : move
          ? eq(registrations.id, move.registrationId)
          : and(eq(registrations.paymentId, paymentId), heldPlace),
    )
    .orderBy(asc(registrations.id));
}

type Place = Awaited<ReturnType<typeof placesOf>>[number];

/** Every move of the places, oldest first, with the sessions' names and dates. */
async function movesOf(db: Database, registrationIds: number[]) {
  if (registrationIds.length === 0) return [];
  return db
    .select({
      registrationId: placeTransfers.registrationId,
      at: placeTransfers.createdAt,
      paymentId: placeTransfers.paymentId,
      differenceCents: placeTransfers.differenceCents,
      refunds: placeTransfers.refunds,
      fromName: fromSession.name,
      fromStart: fromSession.startDate,
      fromEnd: fromSession.endDate,
      toName: toSession.name,
    })
    .from(placeTransfers)
    .leftJoin(fromSession, eq(fromSession.id, placeTransfers.fromSessionId))
    .leftJoin(toSession, eq(toSession.id, placeTransfers.toSessionId))
    .where(inArray(placeTransfers.registrationId, registrationIds))
    .orderBy(asc(placeTransfers.id));
}

type Move = Awaited<ReturnType<typeof movesOf>>[number];

/**
 * A place as the basket bought it: a later move changed its session and what it paid, so the
 * line reads the first session it was moved from and takes the moves' charges off its amount.
 */
function lineAsBought(place: Place, moves: Move[]) {
  const [first] = moves;
  const chargedForMoves = moves.reduce(
    (total, move) => total + (move.paymentId ? move.differenceCents : 0),
    0,
  );
  const totalCents = place.amountCents - chargedForMoves;
  const discounts = place.adjustments.reduce((total, adjustment) => total + adjustment.amountCents, 0);
  const sessionName = first?.fromName ?? place.sessionName;
  return {
    registrationId: place.id,
    childName: place.childName,
    placeName: placeName({ name: place.campName, sessionName, sessionCount: place.sessionCount }),
    startDate: first ? first.fromStart : place.startDate,
    endDate: first ? first.fromEnd : place.endDate,
    listPriceCents: totalCents + discounts,
    adjustments: place.adjustments,
    totalCents,
  };
}

/**
 * A receipt as the records read now: its places as bought (moves since are undone on the line),
 * the payer, card, camp and organisation as they are now, and what was given back since, item by
 * item. Issuing a receipt keeps this once, with the charge; null for a payment that was not
 * charged or bought nothing.
 */
export async function receiptFromRecords(
  db: Database,
  paymentId: number,
): Promise<{ receipt: IssuedReceipt; refunds: ReceiptRefund[] } | null> {
  const [payment] = await db
    .select({
      id: payments.id,
      paidAt: payments.createdAt,
      amountCents: payments.amountCents,
      campId: payments.campId,
      campName: camps.name,
      orgName: organizations.name,
      orgAddress: sql<
        string | null
      >`${organizations.address} || ', ' || ${organizations.city} || ', ' || ${organizations.state} || ' ' || ${organizations.zip}`,
      payerName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      payerEmail: users.email,
      cardBrand: savedCards.brand,
      cardLast4: savedCards.last4,
      legalName: orgTaxDetails.legalName,
      einLastFour: orgTaxDetails.einLastFour,
    })
    .from(payments)
    .innerJoin(users, eq(users.id, payments.parentId))
    .leftJoin(camps, eq(camps.id, payments.campId))
    .leftJoin(organizations, eq(organizations.id, camps.orgId))
    .leftJoin(orgTaxDetails, eq(orgTaxDetails.orgId, organizations.id))
    .leftJoin(
      savedCards,
      and(
        eq(savedCards.parentId, payments.parentId),
        eq(savedCards.paymentMethodId, payments.paymentMethodId),
      ),
    )
    .where(and(eq(payments.id, paymentId), charged))
    .limit(1);
  if (!payment) return null;
  const instalment = await instalmentOf(db, paymentId);
  const places = await placesOf(db, paymentId, instalment?.id ?? null);
  const parts = instalment ? await instalmentParts(db, instalment.id) : new Map<number, number>();
  const planRefunds = await instalmentRefunds(
    db,
    places.filter((place) => place.depositCents !== null).map((place) => place.id),
  );
  const [firstPlace] = places;
  if (!firstPlace) return null;

  const moves = await movesOf(
    db,
    places.map((place) => place.id),
  );
  const movesByPlace = (id: number) => moves.filter((move) => move.registrationId === id);
  const move = moves.find((each) => each.paymentId === paymentId);
  const chargeIds = [...new Set(moves.flatMap((each) => (each.paymentId ? [each.paymentId] : [])))];
  const charges =
    chargeIds.length === 0
      ? []
      : await db
          .select({ id: payments.id, refundedCents: payments.refundedCents })
          .from(payments)
          .where(inArray(payments.id, chargeIds));
  const histories: PlaceHistory[] = places.map((place) => ({
    childName: place.childFirstName,
    placeName: placeName({
      name: place.campName,
      sessionName: place.sessionName,
      sessionCount: place.sessionCount,
    }),
    basketPaymentId: place.paymentId,
    refundedCents: place.refundedCents,
    instalmentRefunds: planRefunds.get(place.id) ?? [],
    cancelledAt: place.cancelledAt,
    moves: movesByPlace(place.id).map((each) => ({
      at: each.at,
      fromName: each.fromName ?? 'a session no longer listed',
      toName: each.toName ?? 'a session no longer listed',
      paymentId: each.paymentId,
      refunds: each.refunds,
    })),
  }));

  return {
    receipt: {
      paymentId: payment.id,
      number: receiptNumber(payment.id),
      paidAt: payment.paidAt.toISOString(),
      kind: instalment ? 'instalment' : move ? 'move' : 'places',
      payer: { name: payment.payerName, email: payment.payerEmail },
      card:
        payment.cardBrand && payment.cardLast4
          ? { brand: payment.cardBrand, last4: payment.cardLast4 }
          : null,
      campId: payment.campId,
      campName: payment.campName ?? firstPlace.campName,
      orgName: payment.orgName ?? '',
      orgAddress: payment.orgAddress ?? '',
      provider:
        payment.legalName && payment.einLastFour
          ? { legalName: payment.legalName, einMasked: maskedEin(payment.einLastFour) }
          : null,
      lines: move
        ? []
        : places.map((place) => {
            const line = lineAsBought(place, movesByPlace(place.id));
            const part = parts.get(place.id);
            // An instalment pays a part of each place: the line shows that part.
            return part === undefined
              ? line
              : { ...line, listPriceCents: part, adjustments: [], totalCents: part };
          }),
      moveDescription: move
        ? `${firstPlace.childName} moved from ${move.fromName ?? 'a session no longer listed'} to ${move.toName ?? 'a session no longer listed'}`
        : null,
      planNote: planNote(instalment, { places }),
      amountCents: payment.amountCents,
      refundPolicy: refundPolicyText(firstPlace.refundPolicy),
    },
    refunds: paymentRefunds(
      paymentId,
      histories,
      new Map(charges.map((charge) => [charge.id, charge.refundedCents])),
    ),
  };
}
