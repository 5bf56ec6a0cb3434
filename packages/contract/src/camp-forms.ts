import { z } from 'zod';
import { dateField } from './dates.ts';
import { messages } from './messages.ts';
import { MAX_ID } from './row-ids.ts';

/** A camp's own questions and waivers (docs/decisions/029). */

export const QUESTION_KINDS = [
  'short_text',
  'long_text',
  'one_choice',
  'many_choices',
  'yes_no',
  'date',
  'file',
] as const;
export type QuestionKind = (typeof QUESTION_KINDS)[number];
export const questionKindLabels: Record<QuestionKind, string> = {
  short_text: 'Short text',
  long_text: 'Long text',
  one_choice: 'One choice',
  many_choices: 'Several choices',
  yes_no: 'Yes or no',
  date: 'Date',
  file: 'File (document or image)',
};
const CHOICE_KINDS: readonly QuestionKind[] = ['one_choice', 'many_choices'];
export const isChoiceKind = (kind: QuestionKind) => CHOICE_KINDS.includes(kind);

export const MAX_QUESTIONS = 30;
export const MAX_WAIVERS = 5;
export const SHORT_ANSWER_MAX = 200;
export const LONG_ANSWER_MAX = 4000;
export const WAIVER_TEXT_MAX = 20_000;

const id = z.number().int().positive().max(MAX_ID);

export const questionBody = z
  .object({
    label: z
      .string({ error: messages.questionLabelInvalid })
      .trim()
      .min(1, messages.questionLabelInvalid)
      .max(200, messages.questionLabelInvalid),
    kind: z.enum(QUESTION_KINDS, { error: messages.questionKindInvalid }),
    options: z
      .array(
        z.string().trim().min(1, messages.questionOptionsInvalid).max(100, messages.questionOptionsInvalid),
      )
      .max(20, messages.questionOptionsInvalid)
      .default([]),
    required: z.boolean({ error: messages.invalidInput }),
    per: z.enum(['child', 'family'], { error: messages.questionPerInvalid }),
  })
  .strict()
  .refine(
    (body) =>
      isChoiceKind(body.kind)
        ? body.options.length >= 2 && new Set(body.options).size === body.options.length
        : body.options.length === 0,
    { message: messages.questionOptionsInvalid, path: ['options'] },
  );
export type QuestionBody = z.input<typeof questionBody>;

export const questionSchema = z.object({
  id: z.number().int(),
  campId: z.number().int(),
  label: z.string(),
  kind: z.enum(QUESTION_KINDS),
  options: z.array(z.string()),
  required: z.boolean(),
  per: z.enum(['child', 'family']),
});
export type Question = z.infer<typeof questionSchema>;
export const questionResponse = z.object({ data: questionSchema });

export const waiverBody = z
  .object({
    title: z
      .string({ error: messages.waiverTitleInvalid })
      .trim()
      .min(1, messages.waiverTitleInvalid)
      .max(120, messages.waiverTitleInvalid),
    text: z
      .string({ error: messages.waiverTextInvalid })
      .trim()
      .min(40, messages.waiverTextInvalid)
      .max(WAIVER_TEXT_MAX, messages.waiverTextInvalid),
    required: z.boolean({ error: messages.invalidInput }),
  })
  .strict();
export type WaiverBody = z.input<typeof waiverBody>;

export const waiverSchema = z.object({
  id: z.number().int(),
  campId: z.number().int(),
  title: z.string(),
  text: z.string(),
  required: z.boolean(),
  /** SHA-256 of the title and text: a signature is of exactly this version. */
  textHash: z.string(),
  updatedAt: z.string(),
});
export type Waiver = z.infer<typeof waiverSchema>;
export const waiverResponse = z.object({ data: waiverSchema });

/** GET /host/camp/{id}/forms: the camp's questions (in order) and waivers. */
export const campFormsSchema = z.object({
  questions: z.array(questionSchema),
  waivers: z.array(waiverSchema),
});
export type CampForms = z.infer<typeof campFormsSchema>;
export const campFormsResponse = z.object({ data: campFormsSchema });

/** Starting points a host may pick and edit; the camp's name goes where {camp} is. */
export const WAIVER_TEMPLATES = [
  {
    key: 'activities',
    title: 'Release and assumption of risk',
    text: [
      'I am the parent or legal guardian of the camper(s) I registered for {camp}.',
      'I understand that camp activities, including sports, swimming, crafts with tools and outdoor play, carry a risk of injury. I accept these risks on behalf of my camper(s).',
      'I agree that {camp} and its staff are not responsible for injury or loss that happens during ordinary camp activities, except where caused by their negligence.',
      'I confirm that the information I gave about my camper(s) is true and complete, and I will tell the camp of any change before the session starts.',
    ].join('\n\n'),
  },
  {
    key: 'medical',
    title: 'Medical treatment consent',
    text: [
      'If my camper needs medical care at {camp} and I cannot be reached, I authorise the camp staff to obtain first aid and emergency treatment from a licensed provider.',
      'I agree to pay the costs of such treatment not covered by insurance, and I will keep my contact details up to date so the camp can reach me quickly.',
    ].join('\n\n'),
  },
] as const;

// ---------------------------------------------------------------------------------------------
// A family's answers.

/** An answer as stored and sent: text, a choice, choices, yes/no, a date, or an uploaded file's id. */
export const answerValueSchema = z.union([z.string(), z.array(z.string()), z.boolean(), z.number().int()]);
export type AnswerValue = z.infer<typeof answerValueSchema>;

export const answerInputSchema = z
  .object({ questionId: id, childId: id.nullable(), value: answerValueSchema })
  .strict();
export type AnswerInput = z.infer<typeof answerInputSchema>;

/** PUT /camper/camps/{id}/answers: every answer for the family and these children, all or nothing. */
export const saveAnswersBody = z
  .object({
    childIds: z.array(id).max(20, messages.invalidInput),
    answers: z.array(answerInputSchema).max(MAX_QUESTIONS * 21, messages.invalidInput),
  })
  .strict();
export type SaveAnswersBody = z.infer<typeof saveAnswersBody>;

export const formFileSchema = z.object({ id: z.number().int(), name: z.string(), contentType: z.string() });
export type FormFile = z.infer<typeof formFileSchema>;
export const formFileResponse = z.object({ data: formFileSchema });

export const answerSchema = z.object({
  questionId: z.number().int(),
  childId: z.number().int().nullable(),
  value: answerValueSchema,
  /** The uploaded file an answer to a file question names. */
  file: formFileSchema.nullable(),
});
export type Answer = z.infer<typeof answerSchema>;

/** A waiver as the parent sees it: signed in its current version, or once in an older one. */
export const parentWaiverSchema = waiverSchema.extend({
  signatureId: z.number().int().nullable(),
  signedAt: z.string().nullable(),
  /** Signed before, but the host has changed the text since. */
  changedSinceSigned: z.boolean(),
});
export type ParentWaiver = z.infer<typeof parentWaiverSchema>;

export const parentCampFormsSchema = z.object({
  campId: z.number().int(),
  campName: z.string(),
  questions: z.array(questionSchema),
  waivers: z.array(parentWaiverSchema),
  answers: z.array(answerSchema),
  /** The parent's children, and whether their answers may still change (no session of theirs has started). */
  children: z.array(z.object({ id: z.number().int(), name: z.string(), editable: z.boolean() })),
  /** Family answers may change while no child's session here has started. */
  familyEditable: z.boolean(),
});
export type ParentCampForms = z.infer<typeof parentCampFormsSchema>;
export const parentCampFormsResponse = z.object({ data: parentCampFormsSchema });

export const signWaiverBody = z
  .object({
    fullName: z
      .string({ error: messages.signatureNameInvalid })
      .trim()
      .min(3, messages.signatureNameInvalid)
      .max(120, messages.signatureNameInvalid),
    consent: z.literal(true, { error: messages.signatureConsentMissing }),
    /** The version the parent read; a newer one must be read first. */
    textHash: z.string().regex(/^[0-9a-f]{64}$/, messages.invalidInput),
  })
  .strict();
export type SignWaiverBody = z.infer<typeof signWaiverBody>;

export const signatureSchema = z.object({
  id: z.number().int(),
  waiverId: z.number().int().nullable(),
  title: z.string(),
  signedName: z.string(),
  signedAt: z.string(),
  textHash: z.string(),
});
export type Signature = z.infer<typeof signatureSchema>;
export const signatureResponse = z.object({ data: signatureSchema });

/**
 * A signature as it was made (docs/decisions/045): what its PDF prints, kept with it when it was
 * signed and never read again from the account, the camp or the organisation.
 */
export const signedWaiverSchema = z.object({
  id: z.number().int(),
  /** What the parent and the host quote: `W-000123`. */
  reference: z.string(),
  campName: z.string(),
  orgName: z.string(),
  title: z.string(),
  text: z.string(),
  textHash: z.string(),
  /** Exactly which bytes `textHash` is the SHA-256 of, in words. */
  hashCovers: z.string(),
  signedName: z.string(),
  parentName: z.string(),
  parentEmail: z.string(),
  signedAt: z.string(),
  ipAddress: z.string(),
  userAgent: z.string(),
});
export type SignedWaiver = z.infer<typeof signedWaiverSchema>;
export const signedWaiverResponse = z.object({ data: signedWaiverSchema });

// ---------------------------------------------------------------------------------------------
// Rules both sides apply.

const DATE_TEXT = dateField;

/** What is wrong with one answer to a question, or null when it is a fine answer. */
export function answerProblem(
  question: Pick<Question, 'kind' | 'options'>,
  value: AnswerValue,
): string | null {
  switch (question.kind) {
    case 'short_text':
    case 'long_text': {
      const max = question.kind === 'short_text' ? SHORT_ANSWER_MAX : LONG_ANSWER_MAX;
      if (typeof value !== 'string') return messages.answerInvalid;
      return value.trim().length > max ? messages.answerTooLong.replace('{max}', String(max)) : null;
    }
    case 'one_choice':
      return typeof value === 'string' && (value === '' || question.options.includes(value))
        ? null
        : messages.answerChoiceInvalid;
    case 'many_choices':
      return Array.isArray(value) &&
        value.every((choice) => question.options.includes(choice)) &&
        new Set(value).size === value.length
        ? null
        : messages.answerChoiceInvalid;
    case 'yes_no':
      return typeof value === 'boolean' ? null : messages.answerInvalid;
    case 'date':
      return typeof value === 'string' && (value === '' || DATE_TEXT.safeParse(value).success)
        ? null
        : messages.answerDateInvalid;
    case 'file':
      return typeof value === 'number' && Number.isInteger(value) && value > 0
        ? null
        : messages.answerInvalid;
  }
}

/** An answer that says nothing: empty text, no choice, no date. Yes/no and a file always say something. */
export function isBlankAnswer(value: AnswerValue | undefined): boolean {
  if (value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

export interface RequiredGap {
  questionId: number;
  childId: number | null;
}

/**
 * The required questions left unanswered: each per-child question for each of `childIds`, and
 * each per-family question once.
 */
export function missingAnswers(
  questions: readonly Pick<Question, 'id' | 'required' | 'per'>[],
  answers: readonly Pick<AnswerInput, 'questionId' | 'childId' | 'value'>[],
  childIds: readonly number[],
): RequiredGap[] {
  const given = new Map(answers.map((answer) => [`${answer.questionId}:${answer.childId}`, answer.value]));
  const gaps: RequiredGap[] = [];
  for (const question of questions) {
    if (!question.required) continue;
    const owners = question.per === 'family' ? [null] : childIds;
    for (const childId of owners) {
      if (isBlankAnswer(given.get(`${question.id}:${childId}`)))
        gaps.push({ questionId: question.id, childId });
    }
  }
  return gaps;
}

/** The field an answer's problem is reported on: `answers.{questionId}` or `answers.{questionId}.{childId}`. */
export const answerField = (questionId: number, childId: number | null) =>
  childId === null ? `answers.${questionId}` : `answers.${questionId}.${childId}`;

/**
 * Answers may change until the first session the family (or the child) holds a place in has
 * started: from then on the host relies on them. Sessions without a start (year-round) never do.
 */
export function answersEditable(sessionStarts: readonly (string | null)[], today: string): boolean {
  return sessionStarts.every((start) => start === null || start > today);
}

/** An answer as one line of text, for the roster and its CSV. */
export function answerText(
  question: Pick<Question, 'kind'>,
  value: AnswerValue | undefined,
  fileName?: string | null,
): string {
  if (value === undefined) return '';
  if (question.kind === 'yes_no') return value === true ? 'Yes' : 'No';
  if (question.kind === 'file') return fileName ?? '';
  if (Array.isArray(value)) return value.join('; ');
  return String(value).trim();
}

// ---------------------------------------------------------------------------------------------
// On the host's roster.

export const rosterFormsSchema = z.object({
  questions: z.array(z.object({ id: z.number().int(), label: z.string(), kind: z.enum(QUESTION_KINDS) })),
  waivers: z.array(z.object({ id: z.number().int(), title: z.string(), required: z.boolean() })),
});
export type RosterForms = z.infer<typeof rosterFormsSchema>;

/** A roster row's answers (the child's and the family's) and the family's signatures. */
export const rosterEntryFormsSchema = z.object({
  answers: z.array(
    z.object({ questionId: z.number().int(), text: z.string(), fileId: z.number().int().nullable() }),
  ),
  waivers: z.array(
    z.object({
      waiverId: z.number().int(),
      /** signed: the current version; changed: an older one only; unsigned: never. */
      status: z.enum(['signed', 'changed', 'unsigned']),
      signatureId: z.number().int().nullable(),
    }),
  ),
  /** How many required answers and waivers the family still owes for this child. */
  missing: z.number().int(),
});
export type RosterEntryForms = z.infer<typeof rosterEntryFormsSchema>;
export const waiverStatusLabels = {
  signed: 'Signed',
  changed: 'Needs new signature',
  unsigned: 'Not signed',
} as const;

/** In a parent's data export: every answer given and every waiver signed (decision 029). */
export const campFormsExportSchema = z.object({
  answers: z.array(
    z.object({
      campName: z.string(),
      question: z.string(),
      /** The child the answer is about; null for a family answer. */
      childId: z.number().int().nullable(),
      answer: z.string(),
      updatedAt: z.string(),
    }),
  ),
  files: z.array(
    z.object({ campName: z.string(), name: z.string(), contentType: z.string(), uploadedAt: z.string() }),
  ),
  waiverSignatures: z.array(
    z.object({
      campName: z.string(),
      title: z.string(),
      text: z.string(),
      textHash: z.string(),
      signedName: z.string(),
      signedAt: z.string(),
      ipAddress: z.string(),
      userAgent: z.string(),
    }),
  ),
});
export type CampFormsExport = z.infer<typeof campFormsExportSchema>;
