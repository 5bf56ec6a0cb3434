import { answerText, type CampFormsExport } from '@campwise/contract/camp-forms';
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { campQuestions, camps, formFiles, questionAnswers, waiverSignatures } from '../../db/schema.ts';

/** A parent's answers, uploads and signatures, for the data export (decision 029). */
export async function campFormRecords(db: Database, parentId: number): Promise<CampFormsExport> {
  const [answers, files, signatures] = await Promise.all([
    db
      .select({
        campName: camps.name,
        question: campQuestions.label,
        kind: campQuestions.kind,
        childId: questionAnswers.childId,
        value: questionAnswers.value,
        fileName: formFiles.name,
        updatedAt: questionAnswers.updatedAt,
      })
      .from(questionAnswers)
      .innerJoin(campQuestions, eq(campQuestions.id, questionAnswers.questionId))
      .innerJoin(camps, eq(camps.id, campQuestions.campId))
      .leftJoin(formFiles, eq(formFiles.id, questionAnswers.fileId))
      .where(eq(questionAnswers.parentId, parentId))
      .orderBy(asc(questionAnswers.id)),
    db
      .select({
        campName: camps.name,
        name: formFiles.name,
        contentType: formFiles.contentType,
        uploadedAt: formFiles.createdAt,
      })
      .from(formFiles)
      .innerJoin(camps, eq(camps.id, formFiles.campId))
      .where(eq(formFiles.parentId, parentId))
      .orderBy(asc(formFiles.id)),
    db
      .select({
        campName: camps.name,
        title: waiverSignatures.title,
        text: waiverSignatures.text,
        textHash: waiverSignatures.textHash,
        signedName: waiverSignatures.signedName,
        signedAt: waiverSignatures.signedAt,
        ipAddress: waiverSignatures.ipAddress,
        userAgent: waiverSignatures.userAgent,
      })
      .from(waiverSignatures)
      .innerJoin(camps, eq(camps.id, waiverSignatures.campId))
      .where(eq(waiverSignatures.parentId, parentId))
      .orderBy(asc(waiverSignatures.id)),
  ]);
  return {
    answers: answers.map((row) => ({
      campName: row.campName,
      question: row.question,
      childId: row.childId,
      answer: answerText({ kind: row.kind }, row.value, row.fileName),
      updatedAt: row.updatedAt.toISOString(),
    })),
    files: files.map((row) => ({ ...row, uploadedAt: row.uploadedAt.toISOString() })),
    waiverSignatures: signatures.map((row) => ({ ...row, signedAt: row.signedAt.toISOString() })),
  };
}

/** Account deletion removes the parent's answers, uploads and signatures. */
export async function eraseCampForms(db: Database, parentId: number): Promise<void> {
  await db.delete(questionAnswers).where(eq(questionAnswers.parentId, parentId));
  await db.delete(formFiles).where(eq(formFiles.parentId, parentId));
  await db.delete(waiverSignatures).where(eq(waiverSignatures.parentId, parentId));
}
