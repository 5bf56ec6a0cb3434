import { ageOn, type Child, type ChildData, utcToday } from '@campwise/contract/children';
import { messages } from '@campwise/contract/messages';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { children, registrations } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { deleteImageFiles } from '../../platform/images.ts';
import type { FileStorage } from '../../platform/storage.ts';
import { deletePickupPhotos } from '../check-in/index.ts';

/** Registration statuses that hold (or wait for) a place: a child with one cannot be deleted. */
export const ACTIVE_REGISTRATION_STATUSES = [
  'pending_payment',
  'confirmed',
  'waitlisted',
  'offered',
] as const;

const childColumns = {
  id: children.id,
  firstName: children.firstName,
  lastName: children.lastName,
  gender: children.gender,
  shirtSize: children.shirtSize,
  medical: children.medical,
  birthday: children.birthday,
};

type ChildRow = Omit<Child, 'age'>;

function toChild(row: ChildRow, today: string): Child {
  return { ...row, age: ageOn(row.birthday, today) };
}

const ownChild = (parentId: number, childId: number) =>
  and(eq(children.id, childId), eq(children.parentId, parentId));

/** The parent's children, by first name (then last name, then when they were added). */
export async function listChildren(db: Database, parentId: number): Promise<Child[]> {
  const rows = await db
    .select(childColumns)
    .from(children)
    .where(eq(children.parentId, parentId))
    .orderBy(asc(sql`lower(${children.firstName})`), asc(sql`lower(${children.lastName})`), asc(children.id));
  const today = utcToday();
  return rows.map((row) => toChild(row, today));
}

/** One of the parent's children; another parent's looks exactly like one that does not exist. */
export async function getChild(db: Database, parentId: number, childId: number): Promise<Child> {
  const [row] = await db.select(childColumns).from(children).where(ownChild(parentId, childId));
  if (!row) throw notFound(messages.childNotFound);
  return toChild(row, utcToday());
}

export async function createChild(db: Database, parentId: number, data: ChildData): Promise<Child> {
  const [row] = await db
    .insert(children)
    .values({ parentId, ...data })
    .returning(childColumns);
  if (!row) throw new Error('insert returned no row');
  return toChild(row, utcToday());
}

export async function updateChild(
  db: Database,
  parentId: number,
  childId: number,
  data: ChildData,
): Promise<Child> {
  const [row] = await db
    .update(children)
    .set({ ...data, updatedAt: new Date() })
    .where(ownChild(parentId, childId))
    .returning(childColumns);
  if (!row) throw notFound(messages.childNotFound);
  return toChild(row, utcToday());
}

/**
 * Deletes a child that holds no active registration, with its pickup adults and their photos.
 * The child's row is locked first: a registration being made for it (which needs a share lock
 * on that row) either finishes before the check sees it, or waits and then finds the child gone.
 */
export async function deleteChild(
  db: Database,
  storage: FileStorage,
  parentId: number,
  childId: number,
): Promise<void> {
  const photos = await db.transaction(async (tx) => {
    const [child] = await tx
      .select({ id: children.id })
      .from(children)
      .where(ownChild(parentId, childId))
      .for('update');
    if (!child) throw notFound(messages.childNotFound);
    const [active] = await tx
      .select({ id: registrations.id })
      .from(registrations)
      .where(
        and(
          eq(registrations.childId, childId),
          inArray(registrations.status, [...ACTIVE_REGISTRATION_STATUSES]),
        ),
      )
      .limit(1);
    if (active) throw conflict(messages.childHasActiveRegistrations);
    // The child's pickup adults and attendance go with it; their photos' files once it commits.
    const removed = await deletePickupPhotos(tx, parentId, childId);
    await tx.delete(children).where(eq(children.id, childId));
    return removed;
  });
  await Promise.all(photos.map((photo) => deleteImageFiles(storage, photo)));
}
