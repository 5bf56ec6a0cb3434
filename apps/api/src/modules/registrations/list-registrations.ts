import { campDay } from '@campwise/contract/camp-clock';
import { isActivePlace } from '@campwise/contract/life-cycles';
import type { ParentRegistration } from '@campwise/contract/registrations';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children, organizations, registrations } from '../../db/schema.ts';
import { formsStatus } from '../camp-forms/index.ts';
import { chargingPart, partsOf, placePlan } from '../payment-plans/index.ts';
import { campPlaceColumns } from './calendar.ts';
import { placeCalendarLinks } from './calendar-links.ts';
import { canTransfer, isUpcoming, parentCanCancel, refundOnCancel } from './lifecycle.ts';

// ---------------------------------------------------------------------------------------------
// The parent's registrations.

const registrationColumns = {
  id: registrations.id,
  campId: registrations.campId,
  campName: camps.name,
  sessionId: registrations.sessionId,
  sessionName: campSessions.name,
  orgName: organizations.name,
  childId: registrations.childId,
  childFirstName: children.firstName,
  childLastName: children.lastName,
  status: registrations.status,
  startDate: campSessions.startDate,
  endDate: campSessions.endDate,
  startTime: campSessions.startTime,
  endTime: campSessions.endTime,
  weekdays: campSessions.weekdays,
  isYearRound: camps.isYearRound,
  timeZone: camps.timeZone,
  ...campPlaceColumns,
  amountCents: registrations.amountCents,
  refundedCents: registrations.refundedCents,
  depositCents: registrations.depositCents,
  listPriceCents: registrations.listPriceCents,
  adjustments: registrations.adjustments,
  refundPolicy: registrations.refundPolicy,
  sessionCount: camps.sessionCount,
  offerExpiresAt: registrations.offerExpiresAt,
  createdAt: registrations.createdAt,
  waitlistPosition: sql<number | null>`case when ${registrations.status} = 'waitlisted' then (
    select count(*)::int from ${registrations} ahead
    where ahead.session_id = ${registrations.sessionId} and ahead.status = 'waitlisted'
      and (ahead.waitlisted_at, ahead.id) <= (${registrations.waitlistedAt}, ${registrations.id})) end`,
};

export async function listParentRegistrations(
  db: Database,
  parentId: number,
  publicUrl: string,
  childId?: number,
  now: Date = new Date(),
): Promise<ParentRegistration[]> {
  const rows = await db
    .select(registrationColumns)
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(camps, eq(camps.id, registrations.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(children, eq(children.id, registrations.childId))
    .where(
      and(
        eq(registrations.parentId, parentId),
        childId === undefined ? undefined : eq(registrations.childId, childId),
        sql`${registrations.status} <> 'payment_failed'`,
      ),
    )
    .orderBy(sql`${campSessions.startDate} asc nulls first`, asc(registrations.id));
  const parts = await partsOf(
    db,
    rows.filter((row) => row.depositCents !== null).map((row) => row.id),
  );
  const forms = await formsStatus(
    db,
    parentId,
    rows.map((row) => ({
      campId: row.campId,
      childId: row.childId,
      active: isActivePlace(row.status) && isUpcoming(row, campDay(now, row.timeZone)),
    })),
  );
  return rows.map((full) => {
    const { childFirstName, childLastName, sessionCount, depositCents, timeZone, ...rest } = full;
    const { address: _address, city: _city, state: _state, zip: _zip, isVirtual: _virtual, ...row } = rest;
    // Each place's days are its camp's (decision 047).
    const today = campDay(now, timeZone);
    const placeParts = parts.get(row.id) ?? [];
    const plan = depositCents === null ? null : placePlan(depositCents, row.amountCents, placeParts);
    const paidCents = plan?.paidCents ?? row.amountCents;
    return {
      ...row,
      childName: `${childFirstName} ${childLastName}`,
      offerExpiresAt: row.offerExpiresAt ? row.offerExpiresAt.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      upcoming: isUpcoming(row, today),
      canCancel: parentCanCancel(row.status, row, today),
      cancelRefundCents:
        parentCanCancel(row.status, row, today) &&
        row.status === 'confirmed' &&
        paidCents > row.refundedCents &&
        !chargingPart(placeParts)
          ? refundOnCancel({ ...row, depositCents, paidCents }, 'parent', today)
          : null,
      // A place on a payment plan is not moved (decision 026).
      canTransfer: plan === null && canTransfer('parent', row.status, { ...row, sessionCount }, today),
      plan,
      forms: forms(row.campId, row.childId),
      // A place held or being held, with dates: the same event its calendar file holds.
      calendarLinks:
        row.startDate !== null && isActivePlace(row.status) && isUpcoming(row, today)
          ? placeCalendarLinks({ ...full, startDate: row.startDate }, publicUrl, now)
          : null,
    };
  });
}
