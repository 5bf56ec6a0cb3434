import { campDay } from '@campwise/contract/camp-clock';
import { ageOn, GENDER_LABELS, SHIRT_SIZE_LABELS } from '@campwise/contract/children';
import { formatMoney } from '@campwise/contract/format';
import { allergyBadges, allergySeverityLabels, hostMayReadHealth } from '@campwise/contract/health-profiles';
import { messages } from '@campwise/contract/messages';
import {
  type AttendanceDay,
  type Roster,
  type RosterEntry,
  registrationStatusLabels,
} from '@campwise/contract/registrations';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  children,
  organizations,
  registrationHealthSnapshots,
  registrations,
  users,
} from '../../db/schema.ts';
import { csvTable } from '../../platform/csv.ts';
import { notFound } from '../../platform/errors.ts';
import type { HealthDataBox } from '../../platform/health-data-box.ts';
import { campAccess } from '../access/index.ts';
import { recordMedicalViews } from '../audit/index.ts';
import { rosterForms, rosterFormsCsv } from '../camp-forms/index.ts';
import { attendanceDays, placeKey } from '../check-in/index.ts';
import { rosterHealth } from '../health-profiles/index.ts';
import { canTransfer } from './lifecycle.ts';

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
  options: { recordViews: boolean; healthData: HealthDataBox; now?: Date; sessionId?: number },
): Promise<Roster> {
  const now = options.now ?? new Date();
  const { sessionId } = options;
  // Someone on the team whose role has no roster (staff) is refused with a 403 (decision 057).
  await campAccess(db, hostId, campId, 'roster');
  const [camp] = await db
    .select({
      id: camps.id,
      name: camps.name,
      orgId: camps.orgId,
      orgName: organizations.name,
      isYearRound: camps.isYearRound,
      sessionCount: camps.sessionCount,
      timeZone: camps.timeZone,
    })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(eq(camps.id, campId));
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
  const today = campDay(now, camp.timeZone);
  const rows = await db
    .select({
      registrationId: registrations.id,
      status: registrations.status,
      sessionId: registrations.sessionId,
      sessionName: campSessions.name,
      childId: registrations.childId,
      parentId: registrations.parentId,
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
      depositCents: registrations.depositCents,
      createdAt: registrations.createdAt,
      offerExpiresAt: registrations.offerExpiresAt,
      startDate: campSessions.startDate,
      endDate: campSessions.endDate,
      snapshotSealed: registrationHealthSnapshots.profileSealed,
      snapshotVersion: registrationHealthSnapshots.version,
      snapshotReviewedAt: registrationHealthSnapshots.reviewedAt,
    })
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .leftJoin(registrationHealthSnapshots, eq(registrationHealthSnapshots.registrationId, registrations.id))
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
  // Only hosts of a session the child holds a paid place in see health data (medical notes and
  // the health profile stored with the place), until 30 days after it ends (decision 028).
  const notesShown = (row: { status: string; endDate: string | null; medical: string | null }) =>
    hostMayReadHealth(row, today) && row.medical !== null && row.medical.trim() !== '';
  const healthOf = (row: (typeof rows)[number]) =>
    rosterHealth(
      options.healthData,
      {
        status: row.status,
        endDate: row.endDate,
        snapshot:
          row.snapshotSealed !== null && row.snapshotVersion !== null && row.snapshotReviewedAt !== null
            ? {
                profileSealed: row.snapshotSealed,
                version: row.snapshotVersion,
                reviewedAt: row.snapshotReviewedAt,
              }
            : null,
      },
      today,
    );
  const health = new Map(rows.map((row) => [row.registrationId, healthOf(row)]));
  if (options.recordViews) {
    const withProfile = rows.filter((row) => health.get(row.registrationId));
    const notesOnly = rows.filter((row) => !health.get(row.registrationId) && notesShown(row));
    await recordMedicalViews(
      db,
      hostId,
      camp,
      notesOnly.map((row) => row.childId),
      now,
    );
    await recordMedicalViews(
      db,
      hostId,
      camp,
      withProfile.map((row) => row.childId),
      now,
      'health_profile',
    );
  }
  const attended = await attendanceDays(
    db,
    rows.filter((row) => row.status === 'confirmed'),
  );
  const forms = await rosterForms(
    db,
    camp.id,
    rows.map((row) => row.parentId),
  );
  const entries = rows.map(
    ({
      parentId,
      birthday,
      parentFirstName,
      parentLastName,
      createdAt,
      offerExpiresAt,
      childId,
      startDate,
      endDate,
      depositCents,
      snapshotSealed,
      snapshotVersion,
      snapshotReviewedAt,
      ...row
    }): RosterEntry => ({
      ...row,
      medical: notesShown({ ...row, endDate }) ? row.medical : null,
      health: health.get(row.registrationId) ?? null,
      age: ageOn(birthday, today),
      parentName: `${parentFirstName} ${parentLastName}`,
      registeredAt: createdAt.toISOString(),
      offerExpiresAt: offerExpiresAt ? offerExpiresAt.toISOString() : null,
      waitlistPosition: null,
      attendance: row.status === 'confirmed' ? (attended.get(placeKey(row.sessionId, childId)) ?? []) : [],
      canTransfer:
        depositCents === null &&
        canTransfer(
          'host',
          row.status,
          { startDate, endDate, isYearRound: camp.isYearRound, sessionCount: camp.sessionCount },
          today,
        ),
      forms: forms.entryForms(parentId, childId, hostMayReadHealth({ ...row, endDate }, today)),
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
    forms: forms.columns,
    registered: entries.filter((entry) => entry.status !== 'waitlisted'),
    waitlist,
  };
}

/** "In 2026-07-06T08:42:00.000Z; out 2026-07-06T15:05:00.000Z, collected by Rose Taylor". */
function attendanceCell(day: AttendanceDay | undefined): string {
  if (!day) return '';
  return [
    day.checkedInAt ? `In ${day.checkedInAt}` : null,
    day.checkedOutAt ? `out ${day.checkedOutAt}` : null,
    day.collectedBy ? `collected by ${day.collectedBy}` : null,
  ]
    .filter((part) => part !== null)
    .join(', ');
}

export function rosterCsv(roster: Roster): string {
  const formColumns = rosterFormsCsv(roster.forms);
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
    'Allergies',
    'Parent name',
    'Parent phone',
    'Parent e-mail',
    'Paid',
    'Refunded',
    'Registered at',
    ...formColumns.header,
  ];
  // A column per day anyone was checked in (decision 030).
  const days = [
    ...new Set(roster.registered.flatMap((entry) => entry.attendance.map((day) => day.day))),
  ].sort();
  header.push(...days.map((day) => `Attendance ${day}`));
  const lines = [...roster.registered, ...roster.waitlist].map((entry) => [
    entry.sessionName,
    registrationStatusLabels[entry.status],
    entry.waitlistPosition,
    entry.childFirstName,
    entry.childLastName,
    entry.age,
    entry.gender ? GENDER_LABELS[entry.gender] : '',
    SHIRT_SIZE_LABELS[entry.shirtSize],
    entry.medical,
    entry.health
      ? allergyBadges(entry.health.allergies)
          .map((allergy) => `${allergy.name} (${allergySeverityLabels[allergy.severity]})`)
          .join('; ')
      : null,
    entry.parentName,
    entry.parentPhone,
    entry.parentEmail,
    formatMoney(entry.amountCents),
    formatMoney(entry.refundedCents),
    entry.registeredAt,
    ...formColumns.cells(entry.forms),
    ...days.map((day) => attendanceCell(entry.attendance.find((candidate) => candidate.day === day))),
  ]);
  return csvTable(header, lines);
}
