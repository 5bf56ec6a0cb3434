import {
  type CampForms,
  MAX_QUESTIONS,
  MAX_WAIVERS,
  type Question,
  type questionBody,
  type Waiver,
  type WaiverBody,
} from '@campwise/contract/camp-forms';
import { messages } from '@campwise/contract/messages';
import { and, asc, count, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { campQuestions, camps, campWaivers, organizations } from '../../db/schema.ts';
import { conflict, notFound } from '../../platform/errors.ts';
import { campAccess, memberOf } from '../access/index.ts';
import { waiverTextHash } from './waiver-hash.ts';

export const questionColumns = {
  id: campQuestions.id,
  campId: campQuestions.campId,
  label: campQuestions.label,
  kind: campQuestions.kind,
  options: campQuestions.options,
  required: campQuestions.required,
  per: campQuestions.per,
};

const waiverColumns = {
  id: campWaivers.id,
  campId: campWaivers.campId,
  title: campWaivers.title,
  text: campWaivers.text,
  required: campWaivers.required,
  textHash: campWaivers.textHash,
  updatedAt: campWaivers.updatedAt,
};

export function toWaiver(row: { updatedAt: Date } & Omit<Waiver, 'updatedAt'>): Waiver {
  return { ...row, updatedAt: row.updatedAt.toISOString() };
}

/** A camp's questions in the order they were added, and its waivers. */
export async function campForms(db: Database, campId: number): Promise<CampForms> {
  const [questions, waivers] = await Promise.all([
    db
      .select(questionColumns)
      .from(campQuestions)
      .where(eq(campQuestions.campId, campId))
      .orderBy(asc(campQuestions.id)),
    db
      .select(waiverColumns)
      .from(campWaivers)
      .where(eq(campWaivers.campId, campId))
      .orderBy(asc(campWaivers.id)),
  ]);
  return { questions, waivers: waivers.map(toWaiver) };
}

export async function hostCampForms(db: Database, hostId: number, campId: number): Promise<CampForms> {
  await campAccess(db, hostId, campId, 'camps:manage');
  return campForms(db, campId);
}

type ParsedQuestion = z.output<typeof questionBody>;

export async function addQuestion(
  db: Database,
  hostId: number,
  campId: number,
  body: ParsedQuestion,
): Promise<Question> {
  await campAccess(db, hostId, campId, 'camps:manage');
  return db.transaction(async (tx) => {
    // The camp's row is locked so two additions cannot both pass the limit.
    await tx.select({ id: camps.id }).from(camps).where(eq(camps.id, campId)).for('update');
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(campQuestions)
      .where(eq(campQuestions.campId, campId));
    if (total >= MAX_QUESTIONS) throw conflict(messages.questionLimit);
    const [row] = await tx
      .insert(campQuestions)
      .values({ campId, ...body })
      .returning(questionColumns);
    if (!row) throw new Error('the question was not written');
    return row;
  });
}

/** A question of one of the host's camps. */
async function ownQuestion(db: Database, hostId: number, questionId: number) {
  const [row] = await db
    .select({ id: campQuestions.id, kind: campQuestions.kind })
    .from(campQuestions)
    .innerJoin(camps, eq(camps.id, campQuestions.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(campQuestions.id, questionId), memberOf(camps.orgId, hostId, 'camps:manage')));
  if (!row) throw notFound(messages.questionNotFound);
  return row;
}

/**
 * Changing a question keeps its answers; a family whose answer no longer fits (a removed
 * choice, another kind) is asked again when it next saves its answers.
 */
export async function updateQuestion(
  db: Database,
  hostId: number,
  questionId: number,
  body: ParsedQuestion,
): Promise<Question> {
  await ownQuestion(db, hostId, questionId);
  const [row] = await db
    .update(campQuestions)
    .set(body)
    .where(eq(campQuestions.id, questionId))
    .returning(questionColumns);
  if (!row) throw notFound(messages.questionNotFound);
  return row;
}

/** Removing a question removes its answers with it. */
export async function deleteQuestion(db: Database, hostId: number, questionId: number): Promise<void> {
  await ownQuestion(db, hostId, questionId);
  await db.delete(campQuestions).where(eq(campQuestions.id, questionId));
}

export async function addWaiver(
  db: Database,
  hostId: number,
  campId: number,
  body: WaiverBody,
): Promise<Waiver> {
  await campAccess(db, hostId, campId, 'camps:manage');
  return db.transaction(async (tx) => {
    await tx.select({ id: camps.id }).from(camps).where(eq(camps.id, campId)).for('update');
    const [{ total } = { total: 0 }] = await tx
      .select({ total: count() })
      .from(campWaivers)
      .where(eq(campWaivers.campId, campId));
    if (total >= MAX_WAIVERS) throw conflict(messages.waiverLimit);
    const [row] = await tx
      .insert(campWaivers)
      .values({ campId, ...body, textHash: waiverTextHash(body.title, body.text) })
      .returning(waiverColumns);
    if (!row) throw new Error('the waiver was not written');
    return toWaiver(row);
  });
}

async function ownWaiver(db: Database, hostId: number, waiverId: number) {
  const [row] = await db
    .select({ id: campWaivers.id })
    .from(campWaivers)
    .innerJoin(camps, eq(camps.id, campWaivers.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(campWaivers.id, waiverId), memberOf(camps.orgId, hostId, 'camps:manage')));
  if (!row) throw notFound(messages.waiverNotFound);
  return row;
}

/**
 * A changed title or text is a new version: its hash changes, so every family's signature is of
 * an older version and each is asked to sign again. Signatures keep the text they signed.
 */
export async function updateWaiver(
  db: Database,
  hostId: number,
  waiverId: number,
  body: WaiverBody,
): Promise<Waiver> {
  await ownWaiver(db, hostId, waiverId);
  const [row] = await db
    .update(campWaivers)
    .set({ ...body, textHash: waiverTextHash(body.title, body.text), updatedAt: new Date() })
    .where(eq(campWaivers.id, waiverId))
    .returning(waiverColumns);
  if (!row) throw notFound(messages.waiverNotFound);
  return toWaiver(row);
}

/** Signatures stay (with the text signed); they no longer point at a waiver. */
export async function deleteWaiver(db: Database, hostId: number, waiverId: number): Promise<void> {
  await ownWaiver(db, hostId, waiverId);
  await db.delete(campWaivers).where(eq(campWaivers.id, waiverId));
}
