import type { ParentRegistration } from '@campwise/contract/registrations';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children, organizations, registrations } from '../../db/schema.ts';
import { canTransfer, dayOf, isUpcoming, parentCanCancel, refundOnCancel } from './lifecycle.ts';

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
  amountCents: registrations.amountCents,
  refundedCents: registrations.refundedCents,
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
  childId?: number,
  now: Date = new Date(),
): Promise<ParentRegistration[]> {
  const today = dayOf(now);
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
  return rows.map(({ childFirstName, childLastName, sessionCount, ...row }) => ({
    ...row,
    childName: `${childFirstName} ${childLastName}`,
    offerExpiresAt: row.offerExpiresAt ? row.offerExpiresAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    upcoming: isUpcoming(row, today),
    canCancel: parentCanCancel(row.status, row, today),
    cancelRefundCents:
      parentCanCancel(row.status, row, today) &&
      row.status === 'confirmed' &&
      row.amountCents > row.refundedCents
        ? refundOnCancel(row, 'parent', today)
        : null,
    canTransfer: canTransfer('parent', row.status, { ...row, sessionCount }, today),
  }));
}
