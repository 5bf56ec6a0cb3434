import { answerProblem, missingAnswers } from '@campwise/contract/camp-forms';
import { messages } from '@campwise/contract/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { children, waiverSignatures } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { campForms } from './host-forms.ts';
import { familyAnswers } from './parent-forms.ts';

/**
 * The rule a booking keeps (decision 029): a family gets a place, a waitlist place or pays for
 * an offered one only with every required question of the camp answered, for each child booked
 * and once for the family, and every required waiver signed in its current version. Runs in the
 * booking's transaction, so nothing is taken or charged when something is missing (409).
 */
export async function checkFormsComplete(
  db: Database,
  parentId: number,
  campId: number,
  childIds: readonly number[],
): Promise<void> {
  const { questions, waivers } = await campForms(db, campId);
  if (questions.some((question) => question.required)) {
    const byId = new Map(questions.map((question) => [question.id, question]));
    // A stored answer the host's later change made unfit (a removed choice) counts as missing.
    const answers = (
      await familyAnswers(
        db,
        parentId,
        questions.map((question) => question.id),
      )
    ).filter((answer) => {
      const question = byId.get(answer.questionId);
      return question !== undefined && answerProblem(question, answer.value) === null;
    });
    const [gap] = missingAnswers(questions, answers, childIds);
    if (gap) {
      if (gap.childId === null) throw new AppError(409, 'FORMS_INCOMPLETE', messages.familyFormsIncomplete);
      const [kid] = await db
        .select({ firstName: children.firstName })
        .from(children)
        .where(eq(children.id, gap.childId));
      throw new AppError(
        409,
        'FORMS_INCOMPLETE',
        messages.formsIncomplete.replace('{name}', kid?.firstName ?? 'your camper'),
      );
    }
  }
  const required = waivers.filter((waiver) => waiver.required);
  if (required.length === 0) return;
  const signed = await db
    .select({ waiverId: waiverSignatures.waiverId, textHash: waiverSignatures.textHash })
    .from(waiverSignatures)
    .where(
      and(
        eq(waiverSignatures.parentId, parentId),
        inArray(
          waiverSignatures.waiverId,
          required.map((waiver) => waiver.id),
        ),
      ),
    );
  const unsigned = required.find(
    (waiver) => !signed.some((row) => row.waiverId === waiver.id && row.textHash === waiver.textHash),
  );
  if (unsigned)
    throw new AppError(409, 'WAIVER_UNSIGNED', messages.waiverUnsigned.replace('{title}', unsigned.title));
}

/**
 * For My Registrations: per camp and child with an active place, whether the camp has forms at
 * all, and whether something is left to answer or sign (a changed waiver, say).
 */
export async function formsStatus(
  db: Database,
  parentId: number,
  places: readonly { campId: number; childId: number; active: boolean }[],
): Promise<(campId: number, childId: number) => 'none' | 'done' | 'needed'> {
  const statuses = new Map<string, 'none' | 'done' | 'needed'>();
  const hasForms = new Map<number, boolean>();
  for (const place of places) {
    const key = `${place.campId}:${place.childId}`;
    if (statuses.has(key)) continue;
    if (!hasForms.has(place.campId)) {
      const forms = await campForms(db, place.campId);
      hasForms.set(place.campId, forms.questions.length + forms.waivers.length > 0);
    }
    if (!hasForms.get(place.campId)) {
      statuses.set(key, 'none');
      continue;
    }
    if (!place.active) {
      statuses.set(key, 'done');
      continue;
    }
    const missing = await checkFormsComplete(db, parentId, place.campId, [place.childId]).then(
      () => false,
      (error: unknown) => {
        if (error instanceof AppError) return true;
        throw error;
      },
    );
    statuses.set(key, missing ? 'needed' : 'done');
  }
  return (campId, childId) => statuses.get(`${campId}:${childId}`) ?? 'none';
}
