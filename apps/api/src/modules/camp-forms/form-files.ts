import { campDay } from '@campwise/contract/camp-clock';
import type { FormFile } from '@campwise/contract/camp-forms';
import { hostMayReadHealth } from '@campwise/contract/health-profiles';
import { messages } from '@campwise/contract/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  campQuestions,
  campSessions,
  camps,
  formFiles,
  organizations,
  questionAnswers,
  registrations,
} from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { type PrivateFile, privateDocument } from '../../platform/private-files.ts';
import { memberOf } from '../access/index.ts';
import { campForParent } from './family-access.ts';

/**
 * Keeps a parent's document or image for a file question. The type is read from the bytes, not
 * the name: a PDF is kept as sent; an image is decoded and re-encoded (metadata dropped, at most
 * 1600 px) as the camp images are; anything else is refused.
 */
export async function uploadFormFile(
  db: Database,
  parentId: number,
  campId: number,
  bytes: Buffer,
  name: string | undefined,
): Promise<FormFile> {
  await campForParent(db, parentId, campId);
  const stored = await privateDocument(bytes, name);
  if (!stored) throw new AppError(400, 'BAD_REQUEST', messages.formFileType, { file: messages.formFileType });
  const [row] = await db
    .insert(formFiles)
    .values({ parentId, campId, ...stored })
    .returning({ id: formFiles.id, name: formFiles.name, contentType: formFiles.contentType });
  if (!row) throw new Error('the file was not written');
  return row;
}

export type FormFileContent = PrivateFile;

const fileColumns = { name: formFiles.name, contentType: formFiles.contentType, content: formFiles.content };

/** A parent's own upload. */
export async function parentFormFile(
  db: Database,
  parentId: number,
  fileId: number,
): Promise<FormFileContent> {
  const [row] = await db
    .select(fileColumns)
    .from(formFiles)
    .where(and(eq(formFiles.id, fileId), eq(formFiles.parentId, parentId)));
  if (!row) throw notFound(messages.formFileNotFound);
  return row;
}

/**
 * A file a family gave as an answer at the host's camp. A file may be a doctor's letter or an
 * allergy plan, so it follows the health rule (decision 028): the host reads it only through a
 * paid place of the child it answers for (any of the family's, for a family's answer), until 30
 * days after that session's last day. Anything else is "not found".
 */
export async function hostFormFile(
  db: Database,
  hostId: number,
  fileId: number,
  now: Date = new Date(),
): Promise<FormFileContent> {
  const answers = await db
    .select({
      ...fileColumns,
      parentId: formFiles.parentId,
      campId: camps.id,
      childId: questionAnswers.childId,
    })
    .from(formFiles)
    .innerJoin(questionAnswers, eq(questionAnswers.fileId, formFiles.id))
    .innerJoin(campQuestions, eq(campQuestions.id, questionAnswers.questionId))
    .innerJoin(camps, eq(camps.id, campQuestions.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(and(eq(formFiles.id, fileId), memberOf(camps.orgId, hostId, 'health')));
  const [file] = answers;
  if (!file) throw notFound(messages.formFileNotFound);
  const places = await db
    .select({
      campId: campSessions.campId,
      childId: registrations.childId,
      status: registrations.status,
      endDate: campSessions.endDate,
      timeZone: organizations.timeZone,
    })
    .from(registrations)
    .innerJoin(campSessions, eq(campSessions.id, registrations.sessionId))
    .innerJoin(camps, eq(camps.id, campSessions.campId))
    .innerJoin(organizations, eq(organizations.id, camps.orgId))
    .where(
      and(
        eq(registrations.parentId, file.parentId),
        inArray(
          campSessions.campId,
          answers.map((answer) => answer.campId),
        ),
      ),
    );
  const readable = answers.some((answer) =>
    places.some(
      (place) =>
        place.campId === answer.campId &&
        (answer.childId === null || place.childId === answer.childId) &&
        hostMayReadHealth(place, campDay(now, place.timeZone)),
    ),
  );
  if (!readable) throw notFound(messages.formFileNotFound);
  return { name: file.name, contentType: file.contentType, content: file.content };
}
