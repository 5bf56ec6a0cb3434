import { messages } from '@campwise/contract/messages';
import {
  ORG_REVIEW_FIELDS,
  type OrgDetails,
  type OrgReview,
  type OrgStatus,
  type ReviewQueueItem,
} from '@campwise/contract/orgs';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { images, organizations, orgReviews, orgRevisions, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { imageUrls } from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { AUDIT_ACTIONS, recordAuditEvents } from '../audit/index.ts';
import { orgDecisionMail, queueMail } from '../mail/index.ts';
import { detailsOf, orgDetailColumns } from '../orgs/index.ts';

const hostName = sql<string>`${users.firstName} || ' ' || ${users.lastName}`;

/** Everything waiting for a decision, new and revised, oldest first. */
export async function reviewQueue(db: Database): Promise<ReviewQueueItem[]> {
  const newOrgs = await db
    .select({
      orgId: organizations.id,
      name: organizations.name,
      hostName,
      hostEmail: users.email,
      submittedAt: organizations.submittedAt,
    })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.hostId))
    .where(eq(organizations.status, 'pending'));
  const revisions = await db
    .select({
      orgId: organizations.id,
      name: organizations.name,
      hostName,
      hostEmail: users.email,
      submittedAt: orgRevisions.submittedAt,
    })
    .from(orgRevisions)
    .innerJoin(organizations, eq(organizations.id, orgRevisions.orgId))
    .innerJoin(users, eq(users.id, organizations.hostId))
    .where(eq(orgRevisions.status, 'pending'));
  return [
    ...newOrgs.map((item) => ({ ...item, kind: 'new' as const })),
    ...revisions.map((item) => ({ ...item, kind: 'revision' as const })),
  ]
    .sort((a, b) => a.submittedAt.getTime() - b.submittedAt.getTime())
    .map((item) => ({ ...item, submittedAt: item.submittedAt.toISOString() }));
}

const admins = alias(users, 'admins');

/** ORGANIZATION REVIEW: what is waiting (new, or a revision with what changed) and the history. */
export async function getOrgReview(db: Database, storage: FileStorage, orgId: number): Promise<OrgReview> {
  const [org] = await db
    .select({
      id: organizations.id,
      status: organizations.status,
      ...orgDetailColumns,
      largeKey: images.largeKey,
      smallKey: images.smallKey,
      hostName,
      hostEmail: users.email,
    })
    .from(organizations)
    .innerJoin(users, eq(users.id, organizations.hostId))
    .leftJoin(images, eq(images.id, organizations.thumbnailImageId))
    .where(eq(organizations.id, orgId));
  if (!org) throw notFound(messages.orgNotFound);
  const [revision] = await db
    .select({ details: orgRevisions.details })
    .from(orgRevisions)
    .where(and(eq(orgRevisions.orgId, orgId), eq(orgRevisions.status, 'pending')));
  const live = detailsOf(org);
  const proposed = revision ? (revision.details as OrgDetails) : null;
  const history = await db
    .select({
      approved: orgReviews.approved,
      kind: orgReviews.kind,
      textResponse: orgReviews.textResponse,
      decidedBy: sql<string>`coalesce(${admins.firstName} || ' ' || ${admins.lastName}, 'A former administrator')`,
      decidedAt: orgReviews.createdAt,
    })
    .from(orgReviews)
    .leftJoin(admins, eq(admins.id, orgReviews.adminId))
    .where(eq(orgReviews.orgId, orgId))
    .orderBy(desc(orgReviews.createdAt), desc(orgReviews.id));
  return {
    id: org.id,
    kind: org.status === 'pending' ? 'new' : proposed ? 'revision' : null,
    status: org.status,
    details: org.status !== 'pending' && proposed ? proposed : live,
    thumbnail: imageUrls(
      storage,
      org.largeKey && org.smallKey ? { largeKey: org.largeKey, smallKey: org.smallKey } : null,
    ),
    hostName: org.hostName,
    hostEmail: org.hostEmail,
    changes:
      org.status !== 'pending' && proposed
        ? ORG_REVIEW_FIELDS.filter((field) => live[field] !== proposed[field]).map((field) => ({
            field,
            from: live[field],
            to: proposed[field],
          }))
        : [],
    history: history.map((entry) => ({ ...entry, decidedAt: entry.decidedAt.toISOString() })),
  };
}

export interface Decision {
  adminId: number;
  orgId: number;
  approved: boolean;
  reason: string | null;
}

/**
 * Approves or denies what is waiting for an organization: the new organization itself, or
 * its revision. The organization row is locked, so a second decision finds nothing waiting
 * and is refused instead of applied twice. The host is e-mailed either way.
 */
export async function decideReview(
  db: Database,
  decision: Decision,
  dashboardUrl: string,
): Promise<{ status: OrgStatus; kind: 'new' | 'revision' }> {
  const { adminId, orgId, approved } = decision;
  const reason = approved ? null : decision.reason;
  return db.transaction(async (tx) => {
    const [org] = await tx
      .select({ status: organizations.status, name: organizations.name, hostId: organizations.hostId })
      .from(organizations)
      .where(eq(organizations.id, orgId))
      .for('update');
    if (!org) throw notFound(messages.orgNotFound);
    let kind: 'new' | 'revision';
    let status: OrgStatus;
    let name = org.name;
    let revisionId: number | null = null;
    if (org.status === 'pending') {
      kind = 'new';
      status = approved ? 'approved' : 'denied';
      await tx
        .update(organizations)
        .set({ status, denyReason: reason, updatedAt: new Date() })
        .where(eq(organizations.id, orgId));
    } else {
      const [revision] = await tx
        .select({ id: orgRevisions.id, details: orgRevisions.details })
        .from(orgRevisions)
        .where(and(eq(orgRevisions.orgId, orgId), eq(orgRevisions.status, 'pending')))
        .orderBy(asc(orgRevisions.id))
        .for('update');
      if (!revision) throw conflict(messages.nothingToReview);
      kind = 'revision';
      revisionId = revision.id;
      status = org.status;
      await tx
        .update(orgRevisions)
        .set({ status: approved ? 'approved' : 'denied', denyReason: reason, decidedAt: new Date() })
        .where(eq(orgRevisions.id, revision.id));
      if (approved) {
        const details = revision.details as OrgDetails;
        name = details.name;
        await tx
          .update(organizations)
          .set({ ...details, updatedAt: new Date() })
          .where(eq(organizations.id, orgId));
      }
    }
    await tx.insert(orgReviews).values({ orgId, revisionId, adminId, kind, approved, textResponse: reason });
    await recordAuditEvents(tx, [
      {
        actor: { id: adminId, userType: 'admin' },
        action: approved ? AUDIT_ACTIONS.orgApproved : AUDIT_ACTIONS.orgDenied,
        subject: { type: 'organization', id: orgId },
        details: { kind, revisionId, reason },
      },
    ]);
    const [host] = await tx
      .select({ email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, org.hostId));
    if (host) {
      await queueMail(
        tx,
        orgDecisionMail(host.email, host.firstName, { name, kind, approved, reason }, dashboardUrl),
      );
    }
    return { status, kind };
  });
}
