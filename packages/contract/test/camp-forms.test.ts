import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  answerProblem,
  answersEditable,
  answerText,
  isBlankAnswer,
  missingAnswers,
  questionBody,
} from '../src/camp-forms.ts';
import { messages } from '../src/messages.ts';

describe('answerProblem', () => {
  const choice = { kind: 'one_choice' as const, options: ['Packed', 'Hot'] };
  it('takes answers that fit each kind of question', () => {
    expect(answerProblem({ kind: 'short_text', options: [] }, 'Sunny')).toBeNull();
    expect(answerProblem(choice, 'Hot')).toBeNull();
    expect(answerProblem({ kind: 'many_choices', options: ['a', 'b'] }, ['a', 'b'])).toBeNull();
    expect(answerProblem({ kind: 'yes_no', options: [] }, false)).toBeNull();
    expect(answerProblem({ kind: 'date', options: [] }, '2030-02-28')).toBeNull();
    expect(answerProblem({ kind: 'file', options: [] }, 12)).toBeNull();
  });
  it('says what is wrong with answers that do not fit', () => {
    expect(answerProblem(choice, 'Cold')).toBe(messages.answerChoiceInvalid);
    expect(answerProblem({ kind: 'many_choices', options: ['a'] }, ['a', 'a'])).toBe(
      messages.answerChoiceInvalid,
    );
    expect(answerProblem({ kind: 'date', options: [] }, '2030-02-30')).toBe(messages.answerDateInvalid);
    expect(answerProblem({ kind: 'yes_no', options: [] }, 'yes')).toBe(messages.answerInvalid);
    expect(answerProblem({ kind: 'file', options: [] }, 'x.pdf')).toBe(messages.answerInvalid);
    expect(answerProblem({ kind: 'short_text', options: [] }, 'x'.repeat(201))).toBe(
      messages.answerTooLong.replace('{max}', '200'),
    );
  });
  it('never accepts a choice that is not offered', () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ minLength: 1 }), { minLength: 2, maxLength: 5 }),
        fc.string(),
        (options, pick) => {
          const fits = answerProblem({ kind: 'one_choice', options }, pick) === null;
          expect(fits).toBe(pick === '' || options.includes(pick));
        },
      ),
    );
  });
});

describe('missingAnswers', () => {
  const questions = [
    { id: 1, required: true, per: 'child' as const },
    { id: 2, required: true, per: 'family' as const },
    { id: 3, required: false, per: 'child' as const },
  ];
  it('asks each child the per-child questions and the family its own once', () => {
    expect(missingAnswers(questions, [], [10, 11])).toEqual([
      { questionId: 1, childId: 10 },
      { questionId: 1, childId: 11 },
      { questionId: 2, childId: null },
    ]);
    expect(
      missingAnswers(
        questions,
        [
          { questionId: 1, childId: 10, value: 'a' },
          { questionId: 1, childId: 11, value: '  ' },
          { questionId: 2, childId: null, value: false },
        ],
        [10, 11],
      ),
    ).toEqual([{ questionId: 1, childId: 11 }]);
  });
  it('treats blank text and empty choices as unanswered, and a "no" as an answer', () => {
    expect(isBlankAnswer(' ')).toBe(true);
    expect(isBlankAnswer([])).toBe(true);
    expect(isBlankAnswer(false)).toBe(false);
    expect(isBlankAnswer(undefined)).toBe(true);
  });
});

describe('answersEditable', () => {
  it('allows changes until the first session starts; year-round places never lock', () => {
    expect(answersEditable([], '2030-06-01')).toBe(true);
    expect(answersEditable(['2030-06-02', null], '2030-06-01')).toBe(true);
    expect(answersEditable(['2030-06-01'], '2030-06-01')).toBe(false);
    expect(answersEditable(['2030-07-01', '2030-05-01'], '2030-06-01')).toBe(false);
  });
});

describe('questionBody', () => {
  it('needs two different choices for a choice question and none otherwise', () => {
    const base = { label: 'Lunch', required: true, per: 'child' };
    expect(questionBody.safeParse({ ...base, kind: 'one_choice', options: ['A', 'B'] }).success).toBe(true);
    expect(questionBody.safeParse({ ...base, kind: 'one_choice', options: ['A', 'A'] }).success).toBe(false);
    expect(questionBody.safeParse({ ...base, kind: 'yes_no', options: ['A', 'B'] }).success).toBe(false);
  });
});

describe('answerText', () => {
  it('writes each kind of answer as one line', () => {
    expect(answerText({ kind: 'yes_no' }, true)).toBe('Yes');
    expect(answerText({ kind: 'many_choices' }, ['Art', 'Music'])).toBe('Art; Music');
    expect(answerText({ kind: 'file' }, 4, 'cert.pdf')).toBe('cert.pdf');
    expect(answerText({ kind: 'short_text' }, undefined)).toBe('');
  });
});
