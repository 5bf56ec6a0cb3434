import {
  answerText,
  type RosterEntryForms,
  type RosterForms,
  waiverStatusLabels,
} from '@campwise/contract/camp-forms';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { waiverSignatures } from '../../db/schema.ts';
import { formsGaps } from './forms-check.ts';
import { campForms } from './host-forms.ts';
import { familiesAnswers } from './parent-forms.ts';

/**
 * What the roster shows of a camp's forms: its questions and waivers as columns, and for each
 * row the child's and the family's answers and the family's signatures. File answers follow the
 * health rule: a row whose place may not show health data (`filesShown` false) has none.
 */
export async function rosterForms(db: Database, campId: number, parentIds: readonly number[]) {
  const forms = await campForms(db, campId);
  const { questions, waivers } = forms;
  const families = [...new Set(parentIds)];
  const answers = await familiesAnswers(
    db,
    families,
    questions.map((question) => question.id),
  );
  const signatures =
    families.length === 0 || waivers.length === 0
      ? []
      : await db
          .select({
            id: waiverSignatures.id,
            parentId: waiverSignatures.parentId,
            waiverId: waiverSignatures.waiverId,
            textHash: waiverSignatures.textHash,
          })
          .from(waiverSignatures)
          .where(and(eq(waiverSignatures.campId, campId), inArray(waiverSignatures.parentId, families)));
  const columns: RosterForms = {
    questions: questions.map(({ id, label, kind }) => ({ id, label, kind })),
    waivers: waivers.map(({ id, title, required }) => ({ id, title, required })),
  };
  const entryForms = (parentId: number, childId: number, filesShown: boolean): RosterEntryForms => {
    const given = answers.get(parentId) ?? [];
    return {
      answers: questions.flatMap((question) => {
        if (question.kind === 'file' && !filesShown) return [];
        const answer = given.find(
          (row) =>
            row.questionId === question.id && row.childId === (question.per === 'family' ? null : childId),
        );
        return answer
          ? [
              {
                questionId: question.id,
                text: answerText(question, answer.value, answer.file?.name),
                fileId: answer.file?.id ?? null,
              },
            ]
          : [];
      }),
      waivers: waivers.map((waiver) => {
        const own = signatures.filter((row) => row.parentId === parentId && row.waiverId === waiver.id);
        const current = own.find((row) => row.textHash === waiver.textHash);
        return {
          waiverId: waiver.id,
          status: current ? 'signed' : own.length > 0 ? 'changed' : 'unsigned',
          signatureId: current?.id ?? null,
        };
      }),
      // By the booking's own rule, so the roster and the booking never disagree on what is owed.
      missing: formsGaps(forms, { answers, signatures }, parentId, [childId]).length,
    };
  };
  return { columns, entryForms };
}

/** The roster CSV's extra columns: one per question, one per waiver. */
export function rosterFormsCsv(columns: RosterForms) {
  return {
    header: [
      ...columns.questions.map((question) => question.label),
      ...columns.waivers.map((waiver) => waiver.title),
    ],
    cells: (forms: RosterEntryForms) => [
      ...columns.questions.map(
        (question) => forms.answers.find((answer) => answer.questionId === question.id)?.text ?? '',
      ),
      ...columns.waivers.map((waiver) => {
        const status = forms.waivers.find((row) => row.waiverId === waiver.id)?.status ?? 'unsigned';
        return waiverStatusLabels[status];
      }),
    ],
  };
}
