import { ageOn } from '@campwise/contract/children';
import { formatMoney } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { type Roster, type RosterEntry, registrationStatusLabels } from '@campwise/contract/registrations';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campSessions, camps, children, organizations, registrations, users } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';
import { recordMedicalViews } from '../audit/service.ts';
import { canTransfer, dayOf } from './lifecycle.ts';

/**
 * A host's view of who is coming: registered children (confirmed, being paid, holding an
 * offer) and the waitlist in order. Medical notes are included because this host runs a camp
 * the child is registered for; nobody else but the parent sees them, and every view is
 * recorded in the audit log for the parent to see.
 */
export async function campRoster(
  db: Database,
  hostId: number,
  campId: number,
  options: { recordViews: boolean; now?: Date; sessionId?: number },
): Promise<Roster> {
  const now = options.now ?? new Date();
  const { sessionId } = options;
  const [camp] = await db
    .select({
      id: camps.id,
      name: camps.name,
      orgId: camps.orgId,
      orgName: organizations.name,
      isYearRound: camps.isYearRound,
      sessionCount: camps.sessionCount,
    })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(camps.id, campId), eq(organizations.hostId, hostId)));
  if (!camp) throw notFound(messages.campNotFound);
  // The whole camp (its scheduled sessions) or one session, which may be a cancelled one.
  const sessions = await db
    .select({
      id: campSessions.id,
      name: campSessions.name,
      capacity: campSessions.capacity,
      spotsTaken: campSessions.spotsTaken,
      status: campSessions.status,
    })
    .from(campSessions)
    .where(eq(campSessions.campId, campId))
    .orderBy(sql`${campSessions.startDate} asc nulls last`, asc(campSessions.id));
  const shown =
    sessionId === undefined
      ? sessions.filter((session) => session.status === 'scheduled')
      : sessions.filter((session) => session.id === sessionId);
  if (sessionId !== undefined && shown.length === 0) throw notFound(messages.sessionNotFound);
  const today = dayOf(now);
  const rows = await db
    .select({
      registrationId: registrations.id,
      status: registrations.status,
      sessionId: registrations.sessionId,
      sessionName: campSessions.name,
      childId: registrations.childId,
      childFirstName: children.firstName,
      childLastName: children.lastName,
      birthday: children.birthday,
      gender: children.gender,
      shirtSize: children.shirtSize,
      medical: children.medical,
      parentFirstName: users.firstName,
      parentLastName: users.lastName,
      parentPhone: users.phone,
      parentEmail: users.email,
      amountCents: registrations.amountCents,
      refundedCents: registrations.refundedCents,
      createdAt: registrations.createdAt,
      offerExpiresAt: registrations.offerExpiresAt,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
    })
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(children, eq(children.id, registrations.childId))
    .innerJoin(users, eq(users.id, registrations.parentId))
    .where(
      and(
        eq(registrations.campId, campId),
        sessionId === undefined ? undefined : eq(registrations.sessionId, sessionId),
        inArray(registrations.status, ['confirmed', 'pending_payment', 'offered', 'waitlisted']),
      ),
    )
    .orderBy(
      sql`${registrations.waitlistedAt} asc nulls first`,
      asc(registrations.createdAt),
      asc(registrations.id),
    );
  // Only hosts of a camp the child is registered for (paid and confirmed) see medical notes,
  // not of one it waits for, is offered or is still being paid for.
  const notesShown = (row: { status: string; medical: string | null }) =>
    row.status === 'confirmed' && row.medical !== null && row.medical.trim() !== '';
  if (options.recordViews) {
    await recordMedicalViews(
      db,
      hostId,
      camp,
      rows.filter(notesShown).map((row) => row.childId),
      now,
    );
  }
  const entries = rows.map(
    ({
      birthday,
      parentFirstName,
      parentLastName,
      createdAt,
      offerExpiresAt,
      childId,
      startDate,
      endDate,
      ...row
    }): RosterEntry => ({
      ...row,
      medical: notesShown(row) ? row.medical : null,
      age: ageOn(birthday, today),
      parentName: `${parentFirstName} ${parentLastName}`,
      registeredAt: createdAt.toISOString(),
      offerExpiresAt: offerExpiresAt ? offerExpiresAt.toISOString() : null,
      waitlistPosition: null,
      canTransfer: canTransfer(
        'host',
        row.status,
        { startDate, endDate, isYearRound: camp.isYearRound, sessionCount: camp.sessionCount },
        today,
      ),
    }),
  );
  // Each session has its own line; positions count within it.
  const ahead = new Map<number, number>();
  const waitlist = entries
    .filter((entry) => entry.status === 'waitlisted')
    .map((entry) => {
      const position = (ahead.get(entry.sessionId) ?? 0) + 1;
      ahead.set(entry.sessionId, position);
      return { ...entry, waitlistPosition: position };
    });
  const capacity = shown.reduce((sum, session) => sum + session.capacity, 0);
  const taken = shown.reduce((sum, session) => sum + session.spotsTaken, 0);
  return {
    campId: camp.id,
    campName: camp.name,
    orgId: camp.orgId,
    sessionId: sessionId ?? null,
    sessions: sessions.map(({ id, name, status }) => ({ id, name, status })),
    capacity,
    spotsLeft: Math.max(0, capacity - taken),
    registered: entries.filter((entry) => entry.status !== 'waitlisted'),
    waitlist,
  };
}

/** One CSV cell: quoted, and never read as a formula by a spreadsheet. */
function csvCell(value: string | number | null): string {
  const text = value === null ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replaceAll('"', '""')}"`;
}

export function rosterCsv(roster: Roster): string {
  const header = [
    'Session',
    'Status',
    'Waitlist position',
    'Child first name',
    'Child last name',
    'Age',
    'Gender',
    'Shirt size',
    'Medical notes',
    'Parent name',
    'Parent phone',
    'Parent e-mail',
    'Paid',
    'Refunded',
    'Registered at',
  ];
  const lines = [...roster.registered, ...roster.waitlist].map((entry) =>
    [
      entry.sessionName,
      registrationStatusLabels[entry.status],
      entry.waitlistPosition,
      entry.childFirstName,
      entry.childLastName,
      entry.age,
      entry.gender,
      entry.shirtSize,
      entry.medical,
      entry.parentName,
      entry.parentPhone,
      entry.parentEmail,
      formatMoney(entry.amountCents),
      formatMoney(entry.refundedCents),
      entry.registeredAt,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[header.map(csvCell).join(','), ...lines].join('\r\n')}\r\n`;
}
