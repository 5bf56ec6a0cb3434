import { type Answer, answerProblem, missingAnswers } from '@campwise/contract/camp-forms';
import { messages } from '@campwise/contract/messages';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { children, waiverSignatures } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { campForms } from './host-forms.ts';
import { familiesAnswers } from './parent-forms.ts';

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
  const forms = await campForms(db, campId);
  const gap = formsGap(forms, await formsGiven(db, forms, [parentId]), parentId, childIds);
  if (!gap) return;
  if (gap.kind === 'waiver') {
    throw new AppError(409, 'WAIVER_UNSIGNED', messages.waiverUnsigned.replace('{title}', gap.title));
  }
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

export type Forms = Awaited<ReturnType<typeof campForms>>;

/** What families gave of a camp's forms: their answers and their signatures. */
export interface FormsGiven {
  answers: Map<number, Answer[]>;
  signatures: { parentId: number; waiverId: number | null; textHash: string }[];
}

async function formsGiven(db: Database, forms: Forms, parentIds: readonly number[]): Promise<FormsGiven> {
  const answers = forms.questions.some((question) => question.required)
    ? await familiesAnswers(
        db,
        parentIds,
        forms.questions.map((question) => question.id),
      )
    : new Map<number, Answer[]>();
  const required = forms.waivers.filter((waiver) => waiver.required);
  const signatures =
    required.length === 0 || parentIds.length === 0
      ? []
      : await db
          .select({
            parentId: waiverSignatures.parentId,
            waiverId: waiverSignatures.waiverId,
            textHash: waiverSignatures.textHash,
          })
          .from(waiverSignatures)
          .where(
            and(
              inArray(waiverSignatures.parentId, [...new Set(parentIds)]),
              inArray(
                waiverSignatures.waiverId,
                required.map((waiver) => waiver.id),
              ),
            ),
          );
  return { answers, signatures };
}

type FormsGap = { kind: 'question'; childId: number | null } | { kind: 'waiver'; title: string };

/**
 * Everything a family still owes a camp's forms for these children: each required question (for
 * a child, or the family's) left unanswered, then each required waiver not signed in its current
 * version; empty when none.
 */
export function formsGaps(
  { questions, waivers }: Forms,
  given: FormsGiven,
  parentId: number,
  childIds: readonly number[],
): FormsGap[] {
  const gaps: FormsGap[] = [];
  if (questions.some((question) => question.required)) {
    const byId = new Map(questions.map((question) => [question.id, question]));
    // A stored answer the host's later change made unfit (a removed choice) counts as missing.
    const answers = (given.answers.get(parentId) ?? []).filter((answer) => {
      const question = byId.get(answer.questionId);
      return question !== undefined && answerProblem(question, answer.value) === null;
    });
    for (const gap of missingAnswers(questions, answers, childIds)) {
      gaps.push({ kind: 'question', childId: gap.childId });
    }
  }
  for (const waiver of waivers) {
    const signed = given.signatures.some(
      (row) => row.parentId === parentId && row.waiverId === waiver.id && row.textHash === waiver.textHash,
    );
    if (waiver.required && !signed) gaps.push({ kind: 'waiver', title: waiver.title });
  }
  return gaps;
}

/** The first thing a family still owes a camp's forms for these children; null when none. */
const formsGap = (forms: Forms, given: FormsGiven, parentId: number, childIds: readonly number[]) =>
  formsGaps(forms, given, parentId, childIds)[0] ?? null;

/**
 * Of a camp's places, those whose family still owes its forms something for the child (the rule
 * above), as "parentId:childId" keys: the host's home counts them.
 */
export async function placesMissingForms(
  db: Database,
  campId: number,
  places: readonly { parentId: number; childId: number }[],
): Promise<Set<string>> {
  const forms = await campForms(db, campId);
  if (places.length === 0 || forms.questions.length + forms.waivers.length === 0) return new Set();
  const given = await formsGiven(
    db,
    forms,
    places.map((place) => place.parentId),
  );
  return new Set(
    places
      .filter((place) => formsGap(forms, given, place.parentId, [place.childId]) !== null)
      .map((place) => `${place.parentId}:${place.childId}`),
  );
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
