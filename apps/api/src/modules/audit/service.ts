import type { UserType } from '@campwise/contract/accounts';
import { messages } from '@campwise/contract/messages';
import type { MedicalView } from '@campwise/contract/privacy';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents, children, organizations, users } from '../../db/schema.ts';
import { notFound } from '../../platform/errors.ts';

/** What the audit log records; each names its subject type. */
export const AUDIT_ACTIONS = {
  orgApproved: 'organization.approved',
  orgDenied: 'organization.denied',
  medicalNotesViewed: 'child.medical_notes_viewed',
  healthProfileViewed: 'child.health_profile_viewed',
  accountDeleted: 'account.deleted',
  campReviewHidden: 'camp_review.hidden',
  campReviewKept: 'camp_review.kept',
} as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[keyof typeof AUDIT_ACTIONS];

export interface AuditEvent {
  actor: { id: number; userType: UserType };
  action: AuditAction;
  subject: { type: 'organization' | 'child' | 'user' | 'camp_review'; id: number };
  details?: Record<string, unknown>;
}

/** Writes events, usually inside the transaction of the change they record. */
export async function recordAuditEvents(db: Database, events: AuditEvent[], at: Date = new Date()) {
  if (events.length === 0) return;
  await db.insert(auditEvents).values(
    events.map((event) => ({
      actorId: event.actor.id,
      actorRole: event.actor.userType,
      action: event.action,
      subjectType: event.subject.type,
      subjectId: event.subject.id,
      details: event.details ?? {},
      at,
    })),
  );
}

/**
 * One event per child whose medical notes, health profile (decision 028) or allergy badges a
 * host was shown. The camp's and organization's names are kept with it, so the parent still
 * learns where it was after the camp is gone. No health detail goes into the event.
 */
export async function recordMedicalViews(
  db: Database,
  hostId: number,
  camp: { id: number; name: string; orgName: string },
  childIds: number[],
  at: Date = new Date(),
  what: MedicalView['what'] = 'medical_notes',
): Promise<void> {
  await recordAuditEvents(
    db,
    childIds.map((childId) => ({
      actor: { id: hostId, userType: 'host' },
      action: what === 'medical_notes' ? AUDIT_ACTIONS.medicalNotesViewed : AUDIT_ACTIONS.healthProfileViewed,
      subject: { type: 'child', id: childId },
      details: {
        campId: camp.id,
        campName: camp.name,
        orgName: camp.orgName,
        ...(what === 'medical_notes' ? {} : { what }),
      },
    })),
    at,
  );
}

const actorName = sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`;

/** Who has seen a child's medical notes, newest first; only the child's parent may ask. */
export async function listMedicalViews(
  db: Database,
  parentId: number,
  childId: number,
): Promise<MedicalView[]> {
  const [child] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), eq(children.parentId, parentId)));
  if (!child) throw notFound(messages.childNotFound);
  const rows = await db
    .select({ id: auditEvents.id, hostName: actorName, details: auditEvents.details, at: auditEvents.at })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(
      and(
        eq(auditEvents.subjectType, 'child'),
        eq(auditEvents.subjectId, childId),
        inArray(auditEvents.action, [AUDIT_ACTIONS.medicalNotesViewed, AUDIT_ACTIONS.healthProfileViewed]),
      ),
    )
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(200);
  return rows.map((row) => {
    const details = row.details as { campName?: unknown; orgName?: unknown; what?: unknown };
    return {
      id: row.id,
      what:
        details.what === 'health_profile' || details.what === 'allergy_badges'
          ? details.what
          : 'medical_notes',
      hostName: row.hostName ?? 'A former host',
      campName: typeof details.campName === 'string' ? details.campName : 'A camp',
      orgName: typeof details.orgName === 'string' ? details.orgName : null,
      viewedAt: row.at.toISOString(),
    };
  });
}

/**
 * Every event a user took part in, or that is about them, their children or their
 * organizations, oldest first.
 */
export async function auditEventsAbout(db: Database, userId: number) {
  const childIds = db.select({ id: children.id }).from(children).where(eq(children.parentId, userId));
  const orgIds = db
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.hostId, userId));
  const rows = await db
    .select({
      action: auditEvents.action,
      actorRole: auditEvents.actorRole,
      actorName,
      subjectType: auditEvents.subjectType,
      subjectId: auditEvents.subjectId,
      details: auditEvents.details,
      at: auditEvents.at,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(
      or(
        eq(auditEvents.actorId, userId),
        and(eq(auditEvents.subjectType, 'user'), eq(auditEvents.subjectId, userId)),
        and(eq(auditEvents.subjectType, 'child'), inArray(auditEvents.subjectId, childIds)),
        and(eq(auditEvents.subjectType, 'organization'), inArray(auditEvents.subjectId, orgIds)),
      ),
    )
    .orderBy(auditEvents.at, auditEvents.id);
  return rows.map((row) => ({
    ...row,
    details: row.details as Record<string, unknown>,
    at: row.at.toISOString(),
  }));
}
