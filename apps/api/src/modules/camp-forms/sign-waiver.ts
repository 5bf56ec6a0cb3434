import type { Signature, SignedWaiver, SignWaiverBody } from '@campwise/contract/camp-forms';
import { messages } from '@campwise/contract/messages';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campSessions,
  camps,
  campWaivers,
  organizations,
  registrations,
  users,
  waiverSignatures,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { memberOf } from '../access/index.ts';
import { campForParent } from './family-access.ts';
import { WAIVER_HASH_COVERS } from './waiver-hash.ts';

const signatureColumns = {
  id: waiverSignatures.id,
  waiverId: waiverSignatures.waiverId,
  title: waiverSignatures.title,
  signedName: waiverSignatures.signedName,
  signedAt: waiverSignatures.signedAt,
  textHash: waiverSignatures.textHash,
};
const toSignature = (row: Omit<Signature, 'signedAt'> & { signedAt: Date }): Signature => ({
  ...row,
  signedAt: row.signedAt.toISOString(),
});

export interface SignedFrom {
  ipAddress: string;
  userAgent: string;
}

/**
 * POST /camper/waivers/{id}/signatures: the parent signs the version they read (its hash), by
 * their typed name and a ticked consent. A version changed meanwhile is refused (409) so nobody
 * signs a text they were not shown; signing the same version again answers the first signature.
 */
export async function signWaiver(
  db: Database,
  parentId: number,
  waiverId: number,
  body: SignWaiverBody,
  from: SignedFrom,
  now: Date,
): Promise<Signature> {
  const [waiver] = await db
    .select({
      id: campWaivers.id,
      campId: campWaivers.campId,
      title: campWaivers.title,
      text: campWaivers.text,
      textHash: campWaivers.textHash,
    })
    .from(campWaivers)
    .where(eq(campWaivers.id, waiverId));
  if (!waiver) throw notFound(messages.waiverNotFound);
  await campForParent(db, parentId, waiver.campId).catch(() => {
    throw notFound(messages.waiverNotFound);
  });
  if (body.textHash !== waiver.textHash) throw new AppError(409, 'WAIVER_CHANGED', messages.waiverChanged);
  const [names] = await db
    .select({
      campName: camps.name,
      orgName: organizations.name,
      parentName: sql<string>`${users.firstName} || ' ' || ${users.lastName}`,
      parentEmail: users.email,
    })
    .from(camps)
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .innerJoin(users, eq(users.id, parentId))
    .where(eq(camps.id, waiver.campId));
  if (!names) throw notFound(messages.waiverNotFound);
  const [written] = await db
    .insert(waiverSignatures)
    .values({
      waiverId: waiver.id,
      campId: waiver.campId,
      parentId,
      signedName: body.fullName,
      title: waiver.title,
      text: waiver.text,
      textHash: waiver.textHash,
      ipAddress: from.ipAddress.slice(0, 64),
      userAgent: from.userAgent.slice(0, 500),
      signedAt: now,
      // Kept as they are now: the signed record never reads them again.
      ...names,
    })
    .onConflictDoNothing()
    .returning(signatureColumns);
  if (written) return toSignature(written);
  const [existing] = await db
    .select(signatureColumns)
    .from(waiverSignatures)
    .where(
      and(
        eq(waiverSignatures.parentId, parentId),
        eq(waiverSignatures.waiverId, waiver.id),
        eq(waiverSignatures.textHash, waiver.textHash),
      ),
    );
  if (!existing) throw new Error('the signature was neither written nor found');
  return toSignature(existing);
}

const signedWaiverColumns = {
  id: waiverSignatures.id,
  campName: waiverSignatures.campName,
  orgName: waiverSignatures.orgName,
  title: waiverSignatures.title,
  text: waiverSignatures.text,
  textHash: waiverSignatures.textHash,
  signedName: waiverSignatures.signedName,
  parentName: waiverSignatures.parentName,
  parentEmail: waiverSignatures.parentEmail,
  signedAt: waiverSignatures.signedAt,
  ipAddress: waiverSignatures.ipAddress,
  userAgent: waiverSignatures.userAgent,
};

/** A signature as it was made: every field from its own row. */
function toSignedWaiver(
  row: Omit<SignedWaiver, 'reference' | 'hashCovers' | 'signedAt'> & { signedAt: Date },
): SignedWaiver {
  return {
    ...row,
    reference: `W-${String(row.id).padStart(6, '0')}`,
    hashCovers: WAIVER_HASH_COVERS,
    signedAt: row.signedAt.toISOString(),
  };
}

/** The parent's own signature. */
export async function parentSignedWaiver(
  db: Database,
  parentId: number,
  signatureId: number,
): Promise<SignedWaiver> {
  const [row] = await db
    .select(signedWaiverColumns)
    .from(waiverSignatures)
    .where(and(eq(waiverSignatures.id, signatureId), eq(waiverSignatures.parentId, parentId)));
  if (!row) throw notFound(messages.signatureNotFound);
  return toSignedWaiver(row);
}

/** A signature at the host's camp by a family that holds or held a place there. */
export async function hostSignedWaiver(
  db: Database,
  hostId: number,
  signatureId: number,
): Promise<SignedWaiver> {
  const [row] = await db
    .select(signedWaiverColumns)
    .from(waiverSignatures)
    .innerJoin(camps, eq(camps.id, waiverSignatures.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(
      and(
        eq(waiverSignatures.id, signatureId),
        memberOf(camps.orgId, hostId, 'health'),
        sql`exists (select 1 from ${registrations} r join ${campSessions} s on s.id = r.session_id
          where s.camp_id = ${camps.id} and r.parent_id = ${waiverSignatures.parentId})`,
      ),
    );
  if (!row) throw notFound(messages.signatureNotFound);
  return toSignedWaiver(row);
}
