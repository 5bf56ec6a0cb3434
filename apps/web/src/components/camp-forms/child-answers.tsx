import { answerField, isBlankAnswer, type Question } from '@campwise/contract/camp-forms';
import { Collapse, Group, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import type { AnswerDraft } from './answer-fields.tsx';
import classes from './child-answers.module.css';

interface ChildAnswersProps {
  child: { id: number; name: string };
  questions: Question[];
  draft: AnswerDraft;
  /** Problems by field: a section with one opens, so the problem is never hidden. */
  errors: Record<string, string>;
  /** Starts folded when nothing required is left. */
  folded: boolean;
  children: ReactNode;
}

/**
 * One child's answers as a section that folds, saying whether anything required is left. In the
 * checkout a child already answered for starts folded to that one line, so a family with several
 * children scrolls past what is already done.
 */
export function ChildAnswers({ child, questions, draft, errors, folded, children }: ChildAnswersProps) {
  const fields = questions.map((question) => answerField(question.id, child.id));
  const left = questions.filter(
    (question, index) => question.required && isBlankAnswer(draft.values[fields[index] ?? '']),
  ).length;
  const [open, setOpen] = useState(!folded || left > 0);
  const shown = open || fields.some((field) => errors[field] !== undefined);
  const bodyId = `child-answers-${child.id}`;
  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        <UnstyledButton
          className={classes.toggle}
          aria-expanded={shown}
          aria-controls={bodyId}
          onClick={() => setOpen(!shown)}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <span>For {child.name}</span>
            <Group gap={6} wrap="nowrap">
              {left === 0 ? (
                <>
                  <IconCircleCheck size={18} color="var(--mantine-color-leaf-7)" aria-hidden />
                  <Text span size="sm" fw={600} c="leaf.8">
                    All answered
                  </Text>
                </>
              ) : (
                <Text span size="sm" fw={600} c="sun.9">
                  {left === 1 ? '1 to answer' : `${left} to answer`}
                </Text>
              )}
              <IconChevronDown size={18} aria-hidden className={classes.chevron} data-open={shown} />
            </Group>
          </Group>
        </UnstyledButton>
      </Title>
      <Collapse in={shown} id={bodyId}>
        <Stack gap="sm">{children}</Stack>
      </Collapse>
    </Stack>
  );
}
