import { campDay } from '@campwise/contract/camp-clock';
import {
  type Answer,
  type AnswerValue,
  answerField,
  answerProblem,
  answersEditable,
  isBlankAnswer,
  missingAnswers,
  type ParentCampForms,
  type ParentWaiver,
  type Question,
  type SaveAnswersBody,
} from '@campwise/contract/camp-forms';
import { messages } from '@campwise/contract/messages';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { formFiles, questionAnswers, waiverSignatures } from '../../db/schema.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import { campForParent, familyPlaces, parentChildren } from './family-access.ts';
import { campForms } from './host-forms.ts';

/** The family's stored answers to a camp's questions, with the names of the files they name. */
export async function familyAnswers(
  db: Database,
  parentId: number,
  questionIds: number[],
): Promise<Answer[]> {
  return (await familiesAnswers(db, [parentId], questionIds)).get(parentId) ?? [];
}

/** Several families' stored answers to a camp's questions, in one read, by family. */
export async function familiesAnswers(
  db: Database,
  parentIds: readonly number[],
  questionIds: number[],
): Promise<Map<number, Answer[]>> {
  const byFamily = new Map<number, Answer[]>();
  if (questionIds.length === 0 || parentIds.length === 0) return byFamily;
  const rows = await db
    .select({
      parentId: questionAnswers.parentId,
      questionId: questionAnswers.questionId,
      childId: questionAnswers.childId,
      value: questionAnswers.value,
      fileId: formFiles.id,
      fileName: formFiles.name,
      fileType: formFiles.contentType,
    })
    .from(questionAnswers)
    .leftJoin(formFiles, eq(formFiles.id, questionAnswers.fileId))
    .where(
      and(
        inArray(questionAnswers.parentId, [...new Set(parentIds)]),
        inArray(questionAnswers.questionId, questionIds),
      ),
    );
  for (const { parentId, fileId, fileName, fileType, ...answer } of rows) {
    const list = byFamily.get(parentId) ?? [];
    list.push({
      ...answer,
      file:
        fileId !== null && fileName !== null && fileType !== null
          ? { id: fileId, name: fileName, contentType: fileType }
          : null,
    });
    byFamily.set(parentId, list);
  }
  return byFamily;
}

/** Who may still change answers: each child until their first session here starts; the family until any does. */
async function editability(db: Database, parentId: number, campId: number, today: string) {
  const places = await familyPlaces(db, parentId, campId);
  return {
    child: (childId: number) =>
      answersEditable(
        places.filter((place) => place.childId === childId).map((place) => place.startDate),
        today,
      ),
    family: answersEditable(
      places.map((place) => place.startDate),
      today,
    ),
  };
}

/** GET /camper/camps/{id}/forms: the camp's questions and waivers, and what the family gave. */
export async function parentCampForms(
  db: Database,
  parentId: number,
  campId: number,
  now: Date,
): Promise<ParentCampForms> {
  const camp = await campForParent(db, parentId, campId);
  const forms = await campForms(db, campId);
  const [kids, answers, signatures, editable] = await Promise.all([
    parentChildren(db, parentId),
    familyAnswers(
      db,
      parentId,
      forms.questions.map((question) => question.id),
    ),
    db
      .select({
        id: waiverSignatures.id,
        waiverId: waiverSignatures.waiverId,
        textHash: waiverSignatures.textHash,
        signedAt: waiverSignatures.signedAt,
      })
      .from(waiverSignatures)
      .where(and(eq(waiverSignatures.parentId, parentId), eq(waiverSignatures.campId, campId)))
      .orderBy(desc(waiverSignatures.signedAt), desc(waiverSignatures.id)),
    editability(db, parentId, campId, campDay(now, camp.timeZone)),
  ]);
  const waivers: ParentWaiver[] = forms.waivers.map((waiver) => {
    const ofWaiver = signatures.filter((signature) => signature.waiverId === waiver.id);
    const current = ofWaiver.find((signature) => signature.textHash === waiver.textHash);
    return {
      ...waiver,
      signatureId: current?.id ?? null,
      signedAt: current?.signedAt.toISOString() ?? null,
      changedSinceSigned: !current && ofWaiver.length > 0,
    };
  });
  return {
    campId: camp.id,
    campName: camp.name,
    questions: forms.questions,
    waivers,
    answers,
    children: kids.map((kid) => ({
      id: kid.id,
      name: `${kid.firstName} ${kid.lastName}`,
      editable: editable.child(kid.id),
    })),
    familyEditable: editable.family,
  };
}

const sameValue = (a: AnswerValue | undefined, b: AnswerValue | undefined) =>
  JSON.stringify(a) === JSON.stringify(b);

/**
 * Checks every answer (its question is the camp's, it is for the family or one of the children
 * named, it fits the question, a file is the family's own upload for this camp) and that every
 * required question is answered; the fields of the reply name each problem.
 */
async function answerProblems(
  db: Database,
  parentId: number,
  campId: number,
  questions: Question[],
  body: SaveAnswersBody,
): Promise<Record<string, string>> {
  const byId = new Map(questions.map((question) => [question.id, question]));
  const problems: Record<string, string> = {};
  const seen = new Set<string>();
  const fileIds = body.answers.flatMap((answer) =>
    byId.get(answer.questionId)?.kind === 'file' && typeof answer.value === 'number' ? [answer.value] : [],
  );
  const ownFiles = new Set(
    fileIds.length === 0
      ? []
      : (
          await db
            .select({ id: formFiles.id })
            .from(formFiles)
            .where(
              and(
                eq(formFiles.parentId, parentId),
                eq(formFiles.campId, campId),
                inArray(formFiles.id, fileIds),
              ),
            )
        ).map((row) => row.id),
  );
  for (const answer of body.answers) {
    const question = byId.get(answer.questionId);
    const key = `${answer.questionId}:${answer.childId}`;
    const field = answerField(answer.questionId, answer.childId);
    const fitsOwner =
      question &&
      (question.per === 'family'
        ? answer.childId === null
        : answer.childId !== null && body.childIds.includes(answer.childId));
    if (!question || !fitsOwner || seen.has(key)) {
      problems[field] = messages.invalidInput;
      continue;
    }
    seen.add(key);
    const problem = answerProblem(question, answer.value);
    if (problem) problems[field] = problem;
    else if (question.kind === 'file' && typeof answer.value === 'number' && !ownFiles.has(answer.value)) {
      problems[field] = messages.answerFileNotFound;
    }
  }
  for (const gap of missingAnswers(questions, body.answers, body.childIds)) {
    problems[answerField(gap.questionId, gap.childId)] ??= messages.answerRequired;
  }
  return problems;
}

/**
 * PUT /camper/camps/{id}/answers: the family's answers and those of the children named, all
 * saved or none. Answers left out (or blank) are removed; family answers cannot change once a
 * session of the family's here has started, nor a child's once theirs has.
 */
export async function saveAnswers(
  db: Database,
  parentId: number,
  campId: number,
  body: SaveAnswersBody,
  now: Date,
): Promise<Answer[]> {
  const camp = await campForParent(db, parentId, campId);
  const kids = await parentChildren(db, parentId);
  if (body.childIds.some((childId) => !kids.some((kid) => kid.id === childId))) {
    throw notFound(messages.childNotFound);
  }
  const { questions } = await campForms(db, campId);
  const problems = await answerProblems(db, parentId, campId, questions, body);
  const fields = Object.keys(problems);
  if (fields.length > 0) {
    const onlyMissing = fields.every((field) => problems[field] === messages.answerRequired);
    throw new AppError(
      400,
      'VALIDATION_ERROR',
      onlyMissing ? messages.answersIncomplete : (problems[fields[0] ?? ''] ?? messages.invalidInput),
      problems,
    );
  }
  const editable = await editability(db, parentId, campId, campDay(now, camp.timeZone));
  if (body.childIds.some((childId) => !editable.child(childId))) {
    throw new AppError(409, 'ANSWERS_LOCKED', messages.answersLocked);
  }
  const questionIds = questions.map((question) => question.id);
  const familyQuestionIds = questions
    .filter((question) => question.per === 'family')
    .map((question) => question.id);
  const stored = await familyAnswers(db, parentId, questionIds);
  const familyChanged = familyQuestionIds.some(
    (questionId) =>
      !sameValue(
        stored.find((answer) => answer.questionId === questionId && answer.childId === null)?.value,
        body.answers.find((answer) => answer.questionId === questionId && answer.childId === null)?.value,
      ),
  );
  if (familyChanged && !editable.family) throw new AppError(409, 'ANSWERS_LOCKED', messages.answersLocked);

  const kinds = new Map(questions.map((question) => [question.id, question.kind]));
  await db.transaction(async (tx) => {
    if (questionIds.length === 0) return;
    const owners = [
      ...(body.childIds.length > 0 ? [inArray(questionAnswers.childId, body.childIds)] : []),
      ...(editable.family ? [isNull(questionAnswers.childId)] : []),
    ];
    if (owners.length === 0) return;
    await tx
      .delete(questionAnswers)
      .where(
        and(
          eq(questionAnswers.parentId, parentId),
          inArray(questionAnswers.questionId, questionIds),
          or(...owners),
        ),
      );
    const rows = body.answers
      .filter((answer) => !isBlankAnswer(answer.value) && (answer.childId !== null || editable.family))
      .map((answer) => ({
        questionId: answer.questionId,
        parentId,
        childId: answer.childId,
        value: typeof answer.value === 'string' ? answer.value.trim() : answer.value,
        fileId:
          kinds.get(answer.questionId) === 'file' && typeof answer.value === 'number' ? answer.value : null,
        updatedAt: now,
      }));
    if (rows.length > 0) await tx.insert(questionAnswers).values(rows);
  });
  return familyAnswers(db, parentId, questionIds);
}
