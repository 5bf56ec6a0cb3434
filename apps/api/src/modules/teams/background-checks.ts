import {
  type BackgroundCheckInput,
  type BackgroundCheckView,
  type Compliance,
  type ComplianceRow,
  complianceStatus,
  EXPIRY_NOTICE_DAYS,
  mayWorkWithChildren,
} from '@campwise/contract/background-checks';
import { campDay } from '@campwise/contract/camp-clock';
import { formatDate } from '@campwise/contract/format';
import { messages } from '@campwise/contract/messages';
import { shiftDate } from '@campwise/contract/sessions';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { backgroundChecks, organizations, orgMembers, users } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import { type PrivateFile, privateDocument } from '../../platform/private-files.ts';
import { memberOf, orgAccess } from '../access/index.ts';
import { backgroundCheckExpiryMail, queueMail } from '../mail/index.ts';
import { teamMembers } from './team-members.ts';

const checkColumns = {
  id: backgroundChecks.id,
  orgId: backgroundChecks.orgId,
  userId: backgroundChecks.userId,
  checkedBy: backgroundChecks.checkedBy,
  checkedOn: backgroundChecks.checkedOn,
  result: backgroundChecks.result,
  expiresOn: backgroundChecks.expiresOn,
  hasDocument: sql<boolean>`${backgroundChecks.document} is not null`,
  recordedAt: backgroundChecks.recordedAt,
};

interface CheckRow {
  id: number;
  orgId: number;
  userId: number;
  checkedBy: string;
  checkedOn: string;
  result: BackgroundCheckView['result'];
  expiresOn: string;
  hasDocument: boolean;
  recordedAt: Date;
}

const view = ({ orgId: _org, userId: _user, ...check }: CheckRow): BackgroundCheckView => ({
  ...check,
  recordedAt: check.recordedAt.toISOString(),
});

/** The latest check of each of the organisation's members, or of one. */
async function latestChecks(db: Database, orgId: number, userId?: number): Promise<Map<number, CheckRow>> {
  const rows: CheckRow[] = await db
    .selectDistinctOn([backgroundChecks.userId], checkColumns)
    .from(backgroundChecks)
    .where(
      and(
        eq(backgroundChecks.orgId, orgId),
        userId === undefined ? undefined : eq(backgroundChecks.userId, userId),
      ),
    )
    .orderBy(backgroundChecks.userId, desc(backgroundChecks.recordedAt), desc(backgroundChecks.id));
  return new Map(rows.map((row) => [row.userId, row]));
}

async function orgToday(db: Database, orgId: number, now: Date): Promise<string> {
  const [org] = await db
    .select({ timeZone: organizations.timeZone })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return campDay(now, org?.timeZone ?? 'UTC');
}

/** Members (or one) with where each stands today, from their latest check. */
async function complianceRows(
  db: Database,
  orgId: number,
  today: string,
  userId?: number,
): Promise<ComplianceRow[]> {
  const members = await teamMembers(db, orgId, userId);
  const checks = await latestChecks(db, orgId, userId);
  return members.map(({ joinedAt: _joined, ...member }) => {
    const check = checks.get(member.userId) ?? null;
    return { ...member, status: complianceStatus(check, today), check: check ? view(check) : null };
  });
}

/** Every member with where they stand today: who is clear, who expires soon, who has none. */
export async function readCompliance(
  db: Database,
  personId: number,
  orgId: number,
  now = new Date(),
): Promise<Compliance> {
  await orgAccess(db, personId, orgId, 'team');
  const today = await orgToday(db, orgId, now);
  return { orgId, today, members: await complianceRows(db, orgId, today) };
}

/** The owner records a member's check, with an optional document (a PDF or an image). */
export async function recordBackgroundCheck(
  db: Database,
  personId: number,
  orgId: number,
  userId: number,
  input: BackgroundCheckInput,
  file: { bytes: Buffer; name: string | undefined } | undefined,
  now = new Date(),
): Promise<ComplianceRow> {
  await orgAccess(db, personId, orgId, 'team');
  const [member] = await db
    .select({ id: orgMembers.id })
    .from(orgMembers)
    .where(and(eq(orgMembers.orgId, orgId), eq(orgMembers.userId, userId)));
  if (!member) throw notFound(messages.teamMemberNotFound);
  const document = file ? await privateDocument(file.bytes, file.name) : null;
  if (file && !document) {
    throw new AppError(400, 'BAD_REQUEST', messages.checkDocumentType, {
      document: messages.checkDocumentType,
    });
  }
  await db.insert(backgroundChecks).values({
    orgId,
    userId,
    ...input,
    documentName: document?.name ?? null,
    documentType: document?.contentType ?? null,
    document: document?.content ?? null,
    recordedBy: personId,
    recordedAt: now,
  });
  const row = (await readCompliance(db, personId, orgId, now)).members.find(
    (entry) => entry.userId === userId,
  );
  if (!row) throw notFound(messages.teamMemberNotFound);
  return row;
}

/** A check's document, for whoever manages the organisation's team. */
export async function backgroundCheckDocument(
  db: Database,
  personId: number,
  checkId: number,
): Promise<PrivateFile> {
  const [row] = await db
    .select({
      name: backgroundChecks.documentName,
      contentType: backgroundChecks.documentType,
      content: backgroundChecks.document,
    })
    .from(backgroundChecks)
    .where(and(eq(backgroundChecks.id, checkId), memberOf(backgroundChecks.orgId, personId, 'team')));
  if (!row?.name || !row.contentType || !row.content) throw notFound(messages.checkDocumentNotFound);
  return { name: row.name, contentType: row.contentType, content: row.content };
}

/**
 * Refuses to put someone on a session with children unless their latest check is clear today,
 * naming them and the date their check expired.
 */
export async function assertMayWorkWithChildren(
  db: Database,
  orgId: number,
  userId: number,
  now = new Date(),
) {
  const today = await orgToday(db, orgId, now);
  const check = (await latestChecks(db, orgId, userId)).get(userId) ?? null;
  if (mayWorkWithChildren(complianceStatus(check, today))) return;
  const [person] = await db
    .select({ firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  const name = person ? `${person.firstName} ${person.lastName}` : 'This member';
  throw conflict(
    check && (check.result === 'expired' || check.expiresOn < today)
      ? messages.staffCheckExpired
          .replace('{name}', name)
          .replace('{date}', formatDate(check.expiresOn, { now }))
      : messages.staffCheckMissing.replace('{name}', name),
  );
}

/**
 * E-mails each owner once 30 days and once 7 days before a member's latest check expires.
 * Answers how many notices it queued.
 */
export async function sendCheckExpiryNotices(
  db: Database,
  publicUrl: string,
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (const days of EXPIRY_NOTICE_DAYS) {
    const noticed = days === 30 ? backgroundChecks.noticed30At : backgroundChecks.noticed7At;
    // Latest checks of current members, not expired, expiring within `days` days of their organisation's day.
    const due = await db
      .select({
        id: backgroundChecks.id,
        orgId: backgroundChecks.orgId,
        expiresOn: backgroundChecks.expiresOn,
        timeZone: organizations.timeZone,
        orgName: organizations.name,
        ownerEmail: sql<string>`(select u.email from users u where u.id = ${organizations.hostId})`,
        ownerFirstName: sql<string>`(select u.first_name from users u where u.id = ${organizations.hostId})`,
        memberName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      })
      .from(backgroundChecks)
      .innerJoin(organizations, eq(organizations.id, backgroundChecks.orgId))
      .innerJoin(users, eq(users.id, backgroundChecks.userId))
      .innerJoin(
        orgMembers,
        and(eq(orgMembers.orgId, backgroundChecks.orgId), eq(orgMembers.userId, backgroundChecks.userId)),
      )
      .where(
        and(
          sql`${noticed} is null`,
          sql`${backgroundChecks.result} <> 'expired'`,
          sql`${backgroundChecks.expiresOn} <= ${shiftDate(campDay(now, 'UTC'), days + 1)}`,
          sql`not exists (select 1 from background_checks later where later.org_id = ${backgroundChecks.orgId}
            and later.user_id = ${backgroundChecks.userId} and (later.recorded_at, later.id) > (${backgroundChecks.recordedAt}, ${backgroundChecks.id}))`,
        ),
      );
    for (const check of due) {
      const today = campDay(now, check.timeZone);
      if (check.expiresOn < today || check.expiresOn > shiftDate(today, days)) continue;
      // Within a week, the week's notice says it; the month's would only repeat it.
      if (days === 30 && check.expiresOn <= shiftDate(today, 7)) continue;
      await db.transaction(async (tx) => {
        const [claimed] = await tx
          .update(backgroundChecks)
          .set(days === 30 ? { noticed30At: now } : { noticed7At: now })
          .where(and(eq(backgroundChecks.id, check.id), sql`${noticed} is null`))
          .returning({ id: backgroundChecks.id });
        if (!claimed) return;
        await queueMail(
          tx,
          backgroundCheckExpiryMail(
            check.ownerEmail,
            check.ownerFirstName,
            { memberName: check.memberName, orgName: check.orgName, expiresOn: check.expiresOn },
            `${publicUrl}/host/team/${check.orgId}`,
          ),
        );
        sent += 1;
      });
    }
  }
  return sent;
}
