import { Alert, Button, Skeleton, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useFamilyCampForms, useSaveAnswers } from '../../api/camp-forms.ts';
import { ApiError } from '../../api/client.ts';
import { SectionCard } from '../section-card.tsx';
import { type AnswerDraft, AnswerFields, answersOf, draftOf } from './answer-fields.tsx';
import { unsignedWaiverProblem, WaiverSigning } from './waiver-signing.tsx';

export interface CampFormsStep {
  /** The step's card in the checkout; null when the camp asks nothing. */
  element: ReactNode;
  /** Saves the answers and checks the waivers before paying; false (problems shown) when not ready. */
  prepare: () => Promise<boolean>;
  saving: boolean;
}

/**
 * The camp's questions and waivers as one step of the checkout (decision 029), for the children
 * chosen. The server checks the same again when the booking is placed.
 */
export function useCampFormsStep(
  campId: number,
  childIds: readonly number[],
  /** The step's title: the family basket names the camp, as it has several. */
  title = 'Questions and waivers',
): CampFormsStep {
  const query = useFamilyCampForms(campId);
  const save = useSaveAnswers(campId);
  const [draft, setDraft] = useState<AnswerDraft | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const forms = query.data;
  const current = draft ?? (forms ? draftOf(forms) : { values: {}, fileNames: {} });

  const prepare = async () => {
    // Without the forms here the server's own check speaks at payment.
    if (!forms) return true;
    if (forms.questions.length > 0) {
      try {
        await save.mutateAsync({ childIds: [...childIds], answers: answersOf(forms, current, childIds) });
        setErrors({});
      } catch (error) {
        setErrors(error instanceof ApiError ? (error.fields ?? {}) : {});
        setProblem(error instanceof Error ? error.message : null);
        return false;
      }
    }
    const unsigned = unsignedWaiverProblem(forms.waivers);
    setProblem(unsigned);
    return unsigned === null;
  };

  let element: ReactNode = null;
  if (query.isPending) {
    element = (
      <Stack gap="sm" aria-busy="true">
        <Skeleton height={22} width="40%" />
        <Skeleton height={64} radius="md" />
      </Stack>
    );
  } else if (query.error) {
    element = (
      <Alert color="red" variant="light" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">We could not load the camp's questions and waivers.</Text>
          <Button variant="light" color="red" size="compact-sm" onClick={() => query.refetch()}>
            Try again
          </Button>
        </Stack>
      </Alert>
    );
  } else if (forms && forms.questions.length + forms.waivers.length > 0) {
    element = (
      <SectionCard
        title={title}
        description="The camp asks these before it confirms a place. You can change answers until the session starts."
      >
        {forms.questions.length > 0 ? (
          <AnswerFields
            forms={forms}
            childIds={childIds}
            draft={current}
            onChange={(next) => {
              setDraft(next);
              setProblem(null);
            }}
            errors={errors}
            foldAnswered
          />
        ) : null}
        {forms.waivers.map((waiver) => (
          <WaiverSigning key={waiver.id} campId={campId} waiver={waiver} />
        ))}
        {problem ? (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        ) : null}
      </SectionCard>
    );
  }
  return { element, prepare, saving: save.isPending };
}
